import { serveConnections } from "../messaging/call.ts";
import type { FakeWindow, FakeWindowHandle } from "../messaging/fake-window.ts";
import { startHandshakeServer } from "../messaging/handshake-server.actor.ts";
import type { Logger } from "../messaging/types.ts";
import { createWindowMessenger } from "../messaging/window-messenger.ts";
import type { HostProps } from "./host-link.ts";

const CONNECT_ORIGIN_OF_FRAMES = "http://127.0.0.1:4100";
const quiet: Logger = { warn: () => {} };

export const baseProps: HostProps = {
  attributes: { "default-filter": "paid" },
  setters: { handledEvents: ["onExit"] },
  appearance: null,
  fonts: null,
  locale: "en-GB",
};

/**
 * Test support: a host element as the platform page runs it: a handshake server for the namespace and a
 * call server per connected frame, with the `props` subscription and the host methods.
 */
export function hostElement(
  namespace: string,
  platform: FakeWindow,
  frameSeenByPlatform: FakeWindowHandle,
  id: string,
  cleanup: (() => void)[],
) {
  const messenger = createWindowMessenger({
    namespace,
    self: platform,
    peers: [{ window: frameSeenByPlatform, origin: CONNECT_ORIGIN_OF_FRAMES }],
    log: quiet,
  });
  const server = startHandshakeServer({ messenger, serverId: id });
  const calls: { method: string; arg: unknown }[] = [];
  let props = baseProps;
  const watchers = new Set<(value: unknown) => void>();
  const method = (name: string) => (arg: unknown) => {
    calls.push({ method: name, arg });
  };
  const stopServing = serveConnections(server, () => ({
    log: quiet,
    methods: {
      emitEvent: method("emitEvent"),
      reportSize: method("reportSize"),
      reportLoadError: method("reportLoadError"),
      reportLoaderStart: method("reportLoaderStart"),
      overlayChanged: method("overlayChanged"),
    },
    subscriptions: {
      props: (push) => {
        push(props);
        watchers.add(push);
        return () => watchers.delete(push);
      },
    },
  }));
  const setProps = (next: HostProps) => {
    props = next;
    for (const push of watchers) push(next);
  };
  const close = async () => {
    await server.close();
    stopServing();
    messenger.close();
  };
  cleanup.push(() => {
    stopServing();
    messenger.close();
  });
  return { server, calls, setProps, watchers, close };
}
