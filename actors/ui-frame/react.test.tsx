// @vitest-environment happy-dom

import { MessagePort as NodeMessagePort } from "node:worker_threads";
import { act, render, screen, cleanup as unmountAll, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useApi, useAuthState, useHostProps } from "../../ui/frame/frame-context.tsx";
import { FakeWindow, link } from "../messaging/fake-window.ts";
import type { Logger } from "../messaging/types.ts";
import { createDataLayerClient, DataLayerReplyError } from "./data-layer-client.ts";
import { FakeDataLayer } from "./fake-data-layer.ts";
import { baseProps, hostElement } from "./host-element.fixture.ts";
import { createHostLink } from "./host-link.ts";
import { DataLayerProvider } from "./react.tsx";

const PLATFORM = "http://localhost:4000";
const CONNECT = "http://127.0.0.1:4100";
const API = "http://127.0.0.1:4200";
const NS = "instance-r";
const quiet: Logger = { warn: () => {} };

// happy-dom defines its own MessagePort class, while MessageChannel stays Node's: the port
// checks of the protocol schemas need the class the ports really are.
const happyDomMessagePort = globalThis.MessagePort;
beforeAll(() => {
  globalThis.MessagePort = NodeMessagePort as unknown as typeof MessagePort;
});
afterAll(() => {
  globalThis.MessagePort = happyDomMessagePort;
});

const cleanup: (() => void)[] = [];
afterEach(() => {
  unmountAll();
  for (const fn of cleanup.splice(0).reverse()) fn();
});

/** A UI frame with a real data-layer client (to a fake data layer) and a real host link. */
function frame() {
  const self = new FakeWindow(CONNECT);
  const dataLayerWindow = new FakeWindow(CONNECT);
  const platform = new FakeWindow(PLATFORM);
  const [dataLayerSeenByFrame] = link(self, dataLayerWindow);
  const [platformSeenByFrame, frameSeenByPlatform] = link(self, platform);
  const dataLayer = new FakeDataLayer(dataLayerWindow, CONNECT);
  const client = createDataLayerClient({
    dataLayer: dataLayerSeenByFrame,
    connectOrigin: CONNECT,
    componentName: "payouts",
    log: quiet,
  });
  const hostLink = createHostLink({
    namespace: NS,
    self,
    parent: platformSeenByFrame,
    platformOrigin: PLATFORM,
    observeSize: () => () => {},
    log: quiet,
  });
  const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
  cleanup.push(() => {
    hostLink.close();
    client.close();
    dataLayer.close();
  });
  const wrap = (children: React.ReactNode) => (
    <DataLayerProvider
      dataLayer={client}
      hostLink={hostLink}
      componentName="payouts"
      apiOrigin={API}
    >
      {children}
    </DataLayerProvider>
  );
  return { dataLayer, host, wrap };
}

function PayoutsProbe({ path }: { path: string }) {
  const api = useApi();
  const [text, setText] = useState("loading");
  useEffect(() => {
    api.get(path).then(
      (reply) => setText(`${reply.status} ${(reply.body as { url: string }).url}`),
      (error: unknown) =>
        setText(error instanceof DataLayerReplyError ? `refused ${error.status}` : "failed"),
    );
  }, [api, path]);
  return <p>{text}</p>;
}

function AuthProbe() {
  const state = useAuthState();
  return <p>auth: {state ? state.status : "unknown"}</p>;
}

function PropsProbe() {
  const props = useHostProps();
  return <p>locale: {props?.locale ?? "none"}</p>;
}

describe("React hooks of a UI frame", () => {
  it("useApi makes an authedProxy call in the component's name, resolving /v1 paths on the API host", async () => {
    const { dataLayer, wrap } = frame();
    render(wrap(<PayoutsProbe path="/v1/payouts" />));
    await screen.findByText(`200 ${API}/v1/payouts`);
    expect(dataLayer.requests[0]).toMatchObject({
      requestType: "authedProxy",
      componentName: "payouts",
      method: "GET",
      url: `${API}/v1/payouts`,
    });
  });

  it("useApi rejects with DataLayerReplyError when the data layer answers fetchErrorResponse", async () => {
    const { wrap } = frame();
    render(wrap(<PayoutsProbe path="/v1/forbidden" />));
    await screen.findByText("refused 403");
  });

  it("useAuthState shows the data layer's auth state and follows authStateChanged", async () => {
    const { dataLayer, wrap } = frame();
    render(wrap(<AuthProbe />));
    await screen.findByText("auth: account_session_authenticated");
    act(() => {
      dataLayer.broadcast({
        requestType: "authStateChanged",
        authState: {
          status: "unauthenticated",
          expires: null,
          user: null,
          userSessionExpired: true,
        },
      });
    });
    await screen.findByText("auth: unauthenticated");
    const asked = dataLayer.requests.filter((r) => r.requestType === "authStateRequest");
    expect(asked).toHaveLength(1);
  });

  it("useHostProps shows the host element's props and re-renders on change", async () => {
    const { host, wrap } = frame();
    render(wrap(<PropsProbe />));
    await screen.findByText("locale: en-GB");
    act(() => host.setProps({ ...baseProps, locale: "nl-NL" }));
    await waitFor(() => expect(screen.getByText("locale: nl-NL")).toBeTruthy());
  });

  it("a hook used outside the frame provider says so", () => {
    const errors = console.error;
    console.error = () => {};
    try {
      expect(() => render(<AuthProbe />)).toThrow(/outside <FrameProvider>/);
    } finally {
      console.error = errors;
    }
  });
});
