import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeWindow, link } from "./fake-window.ts";
import type { Logger } from "./types.ts";
import { createWindowMessenger, type ReceivedHandshake } from "./window-messenger.ts";

const PLATFORM = "http://localhost:4000";
const CONNECT = "http://127.0.0.1:4100";
const EVIL = "https://evil.example";
const NS = "ns-1";

const recordingLog = () => {
  const lines: { message: string; detail?: Record<string, unknown> }[] = [];
  const log: Logger = { warn: (message, detail) => lines.push({ message, detail }) };
  return { lines, log };
};

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** A UI frame (connect origin) whose messenger's one peer is its parent (the platform). */
function setup(expectedParentOrigin = PLATFORM) {
  const frame = new FakeWindow(CONNECT);
  const platform = new FakeWindow(PLATFORM);
  const [parentSeenByFrame] = link(frame, platform);
  const { lines, log } = recordingLog();
  const messenger = createWindowMessenger({
    namespace: NS,
    self: frame,
    peers: [{ window: parentSeenByFrame, origin: expectedParentOrigin }],
    log,
  });
  const received: ReceivedHandshake[] = [];
  messenger.onMessage((r) => received.push(r));
  return { frame, platform, parentSeenByFrame, messenger, received, lines };
}

const serverSyn = (serverId = "srv-1", namespace = NS) => ({
  namespace,
  message: "server-syn",
  data: { serverId },
});

describe("window messenger", () => {
  it("delivers a valid handshake message of its namespace from its peer", () => {
    const { frame, parentSeenByFrame, received, messenger } = setup();
    frame.deliver({ data: serverSyn(), origin: PLATFORM, source: parentSeenByFrame });
    expect(received).toHaveLength(1);
    expect(received[0]?.message).toEqual(serverSyn());
    expect(messenger.peers()[0]?.pinned).toBe(true);
  });

  it("ignores messages of other namespaces without logging them", () => {
    const { frame, parentSeenByFrame, received, lines } = setup();
    frame.deliver({
      data: serverSyn("srv-1", "other"),
      origin: PLATFORM,
      source: parentSeenByFrame,
    });
    frame.deliver({ data: { hello: 1 }, origin: PLATFORM, source: parentSeenByFrame });
    expect(received).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("drops and logs an invalid handshake message of its namespace, never answering it", () => {
    const { frame, parentSeenByFrame, received, lines } = setup();
    frame.deliver({
      data: { namespace: NS, message: "syn-ack", data: { clientId: "" } },
      origin: PLATFORM,
      source: parentSeenByFrame,
    });
    frame.deliver({
      data: { namespace: NS, message: "ack", data: { clientId: "c", serverId: "s" } },
      origin: PLATFORM,
      source: parentSeenByFrame,
    });
    expect(received).toEqual([]);
    expect(lines.map((l) => l.detail?.reason)).toEqual(["invalid_payload", "ack_without_port"]);
    expect(parentSeenByFrame.posted).toEqual([]);
  });

  it("ignores windows that are not peers", () => {
    const { frame, received } = setup();
    const stranger = new FakeWindow(PLATFORM);
    const [, strangerSeenByFrame] = link(stranger, frame);
    frame.deliver({ data: serverSyn(), origin: PLATFORM, source: strangerSeenByFrame });
    expect(received).toEqual([]);
  });

  it("ignores a peer heard at an origin other than the expected one", () => {
    const { frame, parentSeenByFrame, received } = setup();
    frame.deliver({ data: serverSyn(), origin: EVIL, source: parentSeenByFrame });
    expect(received).toEqual([]);
  });

  it("pins the peer's origin on first contact and ignores any other origin afterwards", () => {
    const { frame, parentSeenByFrame, received, messenger } = setup("*");
    frame.deliver({ data: serverSyn("a"), origin: PLATFORM, source: parentSeenByFrame });
    frame.deliver({ data: serverSyn("b"), origin: EVIL, source: parentSeenByFrame });
    frame.deliver({ data: serverSyn("c"), origin: PLATFORM, source: parentSeenByFrame });
    expect(received.map((r) => r.message.data)).toEqual([{ serverId: "a" }, { serverId: "c" }]);
    expect(messenger.peers()[0]?.origin).toBe(PLATFORM);
  });

  it("does not pin on an invalid message", () => {
    const { frame, parentSeenByFrame, received } = setup("*");
    frame.deliver({
      data: { namespace: NS, message: "syn", data: {} },
      origin: EVIL,
      source: parentSeenByFrame,
    });
    frame.deliver({ data: serverSyn("a"), origin: PLATFORM, source: parentSeenByFrame });
    expect(received.map((r) => r.from.origin)).toEqual([PLATFORM]);
  });

  it("posts to the pinned origin and hands a received ack's port to the listener", async () => {
    const { frame, parentSeenByFrame, messenger, received } = setup("*");
    frame.deliver({ data: serverSyn(), origin: PLATFORM, source: parentSeenByFrame });
    messenger.post({ namespace: NS, message: "syn", data: { clientId: "c1" } });
    expect(parentSeenByFrame.posted.at(-1)?.targetOrigin).toBe(PLATFORM);

    const channel = new MessageChannel();
    ports.push(channel.port1, channel.port2);
    frame.deliver({
      data: { namespace: NS, message: "ack", data: { clientId: "c1", serverId: "srv-1" } },
      origin: PLATFORM,
      source: parentSeenByFrame,
      ports: [channel.port2],
    });
    expect(received.at(-1)?.port).toBe(channel.port2);
  });

  it("never hands a port to a peer whose origin is not pinned yet", () => {
    const { parentSeenByFrame, messenger, lines } = setup("*");
    const channel = new MessageChannel();
    ports.push(channel.port1, channel.port2);
    messenger.post(
      { namespace: NS, message: "ack", data: { clientId: "c1", serverId: "s" } },
      { transfer: [channel.port2] },
    );
    expect(parentSeenByFrame.posted).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it("posts to every peer, or to one peer, and stops listening once closed", async () => {
    const platform = new FakeWindow(PLATFORM);
    const a = new FakeWindow(CONNECT);
    const b = new FakeWindow(CONNECT);
    const [aSeenByPlatform] = link(platform, a);
    const [bSeenByPlatform] = link(platform, b);
    const messenger = createWindowMessenger({ namespace: NS, self: platform });
    messenger.addPeer(aSeenByPlatform, CONNECT);
    const peerB = messenger.addPeer(bSeenByPlatform, CONNECT);
    messenger.post({ namespace: NS, message: "server-syn", data: { serverId: "s" } });
    messenger.post(
      { namespace: NS, message: "syn-ack", data: { clientId: "b", serverId: "s" } },
      { to: peerB },
    );
    await vi.waitFor(() => expect(b.received).toHaveLength(2));
    expect(a.received.map((e) => (e.data as { message: string }).message)).toEqual(["server-syn"]);

    const received: ReceivedHandshake[] = [];
    messenger.onMessage((r) => received.push(r));
    messenger.close();
    platform.deliver({
      data: { namespace: NS, message: "syn", data: { clientId: "b" } },
      origin: CONNECT,
      source: bSeenByPlatform,
    });
    expect(received).toEqual([]);
  });
});
