import { afterEach, describe, expect, it, vi } from "vitest";
import { SimulatedClock } from "xstate";
import { SERVER_CLOSE_TIMEOUT_MS } from "../../machines/handshake/server.machine.ts";
import { FakeWindow, type FakeWindowHandle, link } from "./fake-window.ts";
import { startHandshakeClient } from "./handshake-client.actor.ts";
import { startHandshakeServer } from "./handshake-server.actor.ts";
import type { Logger } from "./types.ts";
import { createWindowMessenger, type WindowMessenger } from "./window-messenger.ts";

const PLATFORM = "http://localhost:4000";
const CONNECT = "http://127.0.0.1:4100";
const NS = "instance-7";
const quiet: Logger = { warn: () => {} };

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0).reverse()) fn();
});

/** The platform page with its UI frames, each linked to it as iframe and parent. */
function page(frameIds: string[]) {
  const platform = new FakeWindow(PLATFORM);
  const frames = frameIds.map((id) => {
    const window = new FakeWindow(CONNECT);
    const [frameSeenByPlatform, platformSeenByFrame] = link(platform, window);
    return { id, window, frameSeenByPlatform, platformSeenByFrame };
  });
  return { platform, frames };
}

function serverOn(
  platform: FakeWindow,
  frames: { frameSeenByPlatform: FakeWindowHandle }[],
  serverId: string,
) {
  const messenger = createWindowMessenger({
    namespace: NS,
    self: platform,
    peers: frames.map((f) => ({ window: f.frameSeenByPlatform, origin: CONNECT })),
    log: quiet,
  });
  const server = startHandshakeServer({ messenger, serverId });
  const connected: string[] = [];
  const dropped: string[] = [];
  const serverPorts = new Map<string, MessagePort>();
  server.onConnect((clientId, port) => {
    connected.push(clientId);
    serverPorts.set(clientId, port);
    // An echo service on the dedicated port proves the connection carries messages.
    port.addEventListener("message", (event) => port.postMessage({ echo: event.data }));
    port.start();
  });
  server.onDisconnect((clientId) => dropped.push(clientId));
  cleanup.push(() => messenger.close());
  return { server, messenger, connected, dropped, serverPorts };
}

function clientOn(frame: {
  id: string;
  window: FakeWindow;
  platformSeenByFrame: FakeWindowHandle;
}) {
  const messenger: WindowMessenger = createWindowMessenger({
    namespace: NS,
    self: frame.window,
    peers: [{ window: frame.platformSeenByFrame, origin: PLATFORM }],
    log: quiet,
  });
  const client = startHandshakeClient({ messenger, clientId: frame.id });
  const connections: { serverId: string; port: MessagePort }[] = [];
  const disconnections: string[] = [];
  client.onConnect((serverId, port) => connections.push({ serverId, port }));
  client.onDisconnect((serverId) => disconnections.push(serverId));
  cleanup.push(() => {
    client.close();
    messenger.close();
  });
  return { client, messenger, connections, disconnections };
}

const handshakeNames = (window: FakeWindow) =>
  window.received.map((e) => (e.data as { message: string }).message);

/** Round-trips a message over a client's current port. */
async function echo(port: MessagePort, value: unknown) {
  const reply = new Promise<unknown>((resolve) => {
    port.addEventListener("message", (event) => resolve(event.data), { once: true });
  });
  port.start();
  port.postMessage(value);
  return reply;
}

describe("handshake actors over window messages", () => {
  it("a server and two clients connect, each on its own dedicated port", async () => {
    const { platform, frames } = page(["client-a", "client-b"]);
    const s = serverOn(platform, frames, "server-1");
    const a = clientOn(frames[0]!);
    const b = clientOn(frames[1]!);

    await vi.waitFor(() => expect(s.server.clients()).toEqual(["client-a", "client-b"]));
    expect(a.connections.map((c) => c.serverId)).toEqual(["server-1"]);
    expect(b.connections.map((c) => c.serverId)).toEqual(["server-1"]);
    expect(await echo(a.connections[0]!.port, "from a")).toEqual({ echo: "from a" });
    expect(await echo(b.connections[0]!.port, "from b")).toEqual({ echo: "from b" });

    // Each syn-ack went only to the frame whose syn it answered.
    const synAcksTo = (w: FakeWindow) =>
      w.received
        .filter((e) => (e.data as { message: string }).message === "syn-ack")
        .map((e) => (e.data as { data: { clientId: string } }).data.clientId);
    expect(new Set(synAcksTo(frames[0]!.window))).toEqual(new Set(["client-a"]));
    expect(new Set(synAcksTo(frames[1]!.window))).toEqual(new Set(["client-b"]));
  });

  it("a client closing sends fin and the server drops it", async () => {
    const { platform, frames } = page(["client-a", "client-b"]);
    const s = serverOn(platform, frames, "server-1");
    const a = clientOn(frames[0]!);
    clientOn(frames[1]!);
    await vi.waitFor(() => expect(s.server.clients()).toHaveLength(2));

    a.client.close();
    await vi.waitFor(() => expect(s.dropped).toEqual(["client-a"]));
    expect(s.server.clients()).toEqual(["client-b"]);
    expect(handshakeNames(platform)).toContain("fin");
    expect(a.disconnections).toEqual(["server-1"]);
  });

  it("the server closing sends fin-server; clients answer fin and re-handshake with a new server", async () => {
    const { platform, frames } = page(["client-a", "client-b"]);
    const first = serverOn(platform, frames, "server-1");
    const a = clientOn(frames[0]!);
    const b = clientOn(frames[1]!);
    await vi.waitFor(() => expect(first.server.clients()).toHaveLength(2));

    // close() resolves only once every client answered fin-server with fin.
    await first.server.close();
    expect(first.server.clients()).toEqual([]);
    expect(new Set(first.dropped)).toEqual(new Set(["client-a", "client-b"]));
    expect(handshakeNames(frames[0]!.window)).toContain("fin-server");
    expect(a.disconnections).toEqual(["server-1"]);
    expect(a.client.serverId()).toBeNull();
    first.messenger.close();

    const second = serverOn(platform, frames, "server-2");
    await vi.waitFor(() => expect(second.server.clients()).toEqual(["client-a", "client-b"]));
    expect(a.connections.map((c) => c.serverId)).toEqual(["server-1", "server-2"]);
    expect(b.client.serverId()).toBe("server-2");
    expect(await echo(a.connections[1]!.port, "again")).toEqual({ echo: "again" });
  });

  it("a frame on another origin that posts a well-formed syn gets no syn-ack", async () => {
    const { platform, frames } = page(["client-a"]);
    const s = serverOn(platform, frames, "server-1");
    const evil = new FakeWindow("https://evil.example");
    const [platformSeenByEvil, evilSeenByPlatform] = link(evil, platform);
    // Even a registered peer is not answered when it speaks from an unexpected origin.
    s.messenger.addPeer(evilSeenByPlatform, CONNECT);
    platformSeenByEvil.postMessage(
      { namespace: NS, message: "syn", data: { clientId: "intruder" } },
      PLATFORM,
    );
    const a = clientOn(frames[0]!);
    await vi.waitFor(() => expect(a.connections).toHaveLength(1));
    expect(evil.received.map((e) => (e.data as { message: string }).message)).not.toContain(
      "syn-ack",
    );
    expect(s.server.clients()).toEqual(["client-a"]);
  });

  it("a closing server drops a client that never answers fin-server once the close timeout passes", async () => {
    const platform = new FakeWindow(PLATFORM);
    const mute = new FakeWindow(CONNECT);
    const [muteSeenByPlatform, platformSeenByMute] = link(platform, mute);
    const messenger = createWindowMessenger({
      namespace: NS,
      self: platform,
      peers: [{ window: muteSeenByPlatform, origin: CONNECT }],
      log: quiet,
    });
    cleanup.push(() => messenger.close());
    const clock = new SimulatedClock();
    const server = startHandshakeServer({ messenger, serverId: "server-1", clock });
    const dropped: string[] = [];
    server.onDisconnect((id) => dropped.push(id));

    // A hand-driven client: syn, then ack with a port, and silence after that.
    platformSeenByMute.postMessage(
      { namespace: NS, message: "syn", data: { clientId: "mute" } },
      PLATFORM,
    );
    await vi.waitFor(() => expect(handshakeNames(mute)).toContain("syn-ack"));
    const { port1, port2 } = new MessageChannel();
    cleanup.push(() => port1.close());
    platformSeenByMute.postMessage(
      { namespace: NS, message: "ack", data: { clientId: "mute", serverId: "server-1" } },
      PLATFORM,
      [port2],
    );
    await vi.waitFor(() => expect(server.clients()).toEqual(["mute"]));

    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await vi.waitFor(() => expect(handshakeNames(mute)).toContain("fin-server"));
    clock.increment(SERVER_CLOSE_TIMEOUT_MS - 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(false);
    clock.increment(1);
    await closing;
    expect(dropped).toEqual(["mute"]);
  });

  it("an ack from a window other than the one that sent the syn is ignored", async () => {
    const platform = new FakeWindow(PLATFORM);
    const a = new FakeWindow(CONNECT);
    const b = new FakeWindow(CONNECT);
    const [aSeenByPlatform, platformSeenByA] = link(platform, a);
    const [bSeenByPlatform, platformSeenByB] = link(platform, b);
    const messenger = createWindowMessenger({
      namespace: NS,
      self: platform,
      peers: [
        { window: aSeenByPlatform, origin: CONNECT },
        { window: bSeenByPlatform, origin: CONNECT },
      ],
      log: quiet,
    });
    cleanup.push(() => messenger.close());
    const server = startHandshakeServer({ messenger, serverId: "server-1" });
    platformSeenByA.postMessage(
      { namespace: NS, message: "syn", data: { clientId: "a" } },
      PLATFORM,
    );
    await vi.waitFor(() => expect(handshakeNames(a)).toContain("syn-ack"));
    const { port1, port2 } = new MessageChannel();
    cleanup.push(() => port1.close());
    platformSeenByB.postMessage(
      { namespace: NS, message: "ack", data: { clientId: "a", serverId: "server-1" } },
      PLATFORM,
      [port2],
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(server.clients()).toEqual([]);
  });
});
