import { afterEach, describe, expect, it, vi } from "vitest";
import { CallTimeoutError } from "../messaging/call.ts";
import { FakeWindow, link } from "../messaging/fake-window.ts";
import { ManualTimers } from "../messaging/manual-timers.ts";
import type { Logger } from "../messaging/types.ts";
import { baseProps, hostElement } from "./host-element.fixture.ts";
import { createHostLink, type HostProps, type Size } from "./host-link.ts";

const PLATFORM = "http://localhost:4000";
const CONNECT = "http://127.0.0.1:4100";
const NS = "instance-3";
const quiet: Logger = { warn: () => {} };

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0).reverse()) fn();
});

function frameAndPage() {
  const platform = new FakeWindow(PLATFORM);
  const frame = new FakeWindow(CONNECT);
  const [platformSeenByFrame, frameSeenByPlatform] = link(frame, platform);
  let emitSize: (size: Size) => void = () => {};
  let observing = false;
  const hostLink = createHostLink({
    namespace: NS,
    self: frame,
    parent: platformSeenByFrame,
    platformOrigin: PLATFORM,
    observeSize: (onSize) => {
      emitSize = onSize;
      observing = true;
      return () => {
        observing = false;
      };
    },
    log: quiet,
  });
  cleanup.push(() => hostLink.close());
  return {
    platform,
    frameSeenByPlatform,
    hostLink,
    resize: (size: Size) => emitSize(size),
    observing: () => observing,
  };
}

describe("host link (UI frame ↔ host element)", () => {
  it("subscribes to the host's props and follows their changes", async () => {
    const { platform, frameSeenByPlatform, hostLink } = frameAndPage();
    const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    const seen: HostProps[] = [];
    hostLink.onProps((p) => seen.push(p));
    await vi.waitFor(() => expect(hostLink.props()).toEqual(baseProps));
    host.setProps({ ...baseProps, locale: "fr-FR" });
    await vi.waitFor(() => expect(hostLink.props()?.locale).toBe("fr-FR"));
    expect(seen.map((p) => p.locale)).toEqual(["en-GB", "fr-FR"]);
  });

  it("props that fail the schema are dropped", async () => {
    const { platform, frameSeenByPlatform, hostLink } = frameAndPage();
    const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    await vi.waitFor(() => expect(hostLink.props()).toEqual(baseProps));
    host.setProps({ ...baseProps, attributes: { x: 1 } } as unknown as HostProps);
    host.setProps({ ...baseProps, locale: "de-DE" });
    await vi.waitFor(() => expect(hostLink.props()?.locale).toBe("de-DE"));
  });

  it("emitEvent, reportLoadError, reportLoaderStart and overlayChanged call the host's methods", async () => {
    const { platform, frameSeenByPlatform, hostLink } = frameAndPage();
    const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    // Called before the handshake completes: they wait for the connection.
    await Promise.all([
      hostLink.reportLoaderStart(),
      hostLink.emitEvent("onExit", { reason: "done" }),
    ]);
    await hostLink.reportLoadError({ name: "ChunkLoadError", message: "Loading chunk 7 failed" });
    await hostLink.overlayChanged(true);
    expect(host.calls).toEqual([
      { method: "reportLoaderStart", arg: {} },
      { method: "emitEvent", arg: { name: "onExit", detail: { reason: "done" } } },
      {
        method: "reportLoadError",
        arg: { error: { name: "ChunkLoadError", message: "Loading chunk 7 failed" } },
      },
      { method: "overlayChanged", arg: { open: true } },
    ]);
  });

  it("reports its size when it changes, once per distinct size", async () => {
    const { platform, frameSeenByPlatform, hostLink, resize } = frameAndPage();
    const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    resize({ width: 400, height: 300 });
    await vi.waitFor(() => expect(hostLink.connected()).toBe(true));
    resize({ width: 400, height: 300 });
    resize({ width: 400, height: 520 });
    const sizes = () => host.calls.filter((c) => c.method === "reportSize").map((c) => c.arg);
    await vi.waitFor(() =>
      expect(sizes()).toEqual([
        { width: 400, height: 300 },
        { width: 400, height: 520 },
      ]),
    );
  });

  it("after fin-server it reconnects to the next host, subscribes again and re-reports its size", async () => {
    const { platform, frameSeenByPlatform, hostLink, resize } = frameAndPage();
    const first = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    resize({ width: 320, height: 200 });
    await vi.waitFor(() => expect(first.calls).toHaveLength(1));
    const changes: boolean[] = [];
    hostLink.onConnectionChange((c) => changes.push(c));

    await first.close();
    expect(hostLink.connected()).toBe(false);

    const second = hostElement(NS, platform, frameSeenByPlatform, "host-2", cleanup);
    second.setProps({ ...baseProps, locale: "ja-JP" });
    await vi.waitFor(() => expect(hostLink.props()?.locale).toBe("ja-JP"));
    await vi.waitFor(() =>
      expect(second.calls).toEqual([{ method: "reportSize", arg: { width: 320, height: 200 } }]),
    );
    await hostLink.emitEvent("onLoad");
    expect(second.calls.at(-1)).toEqual({ method: "emitEvent", arg: { name: "onLoad" } });
    expect(changes).toEqual([false, true]);
  });

  it("a call with no host to answer fails with CallTimeoutError", async () => {
    const platform = new FakeWindow(PLATFORM);
    const frame = new FakeWindow(CONNECT);
    const [platformSeenByFrame] = link(frame, platform);
    const timers = new ManualTimers();
    const hostLink = createHostLink({
      namespace: NS,
      self: frame,
      parent: platformSeenByFrame,
      platformOrigin: PLATFORM,
      observeSize: () => () => {},
      timers,
      callTimeoutMs: 2000,
      log: quiet,
    });
    cleanup.push(() => hostLink.close());
    const call = hostLink.emitEvent("onExit");
    timers.advance(2000);
    await expect(call).rejects.toBeInstanceOf(CallTimeoutError);
  });

  it("close() stops observing the size and disconnects", async () => {
    const { platform, frameSeenByPlatform, hostLink, observing } = frameAndPage();
    const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    await vi.waitFor(() => expect(host.server.clients()).toHaveLength(1));
    hostLink.close();
    expect(observing()).toBe(false);
    await vi.waitFor(() => expect(host.server.clients()).toHaveLength(0));
    await vi.waitFor(() => expect(host.watchers.size).toBe(0));
  });
});
