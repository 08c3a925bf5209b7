import { afterEach, describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import {
  type HandshakeServerEffect,
  handshakeServerMachine,
  SERVER_CLOSE_TIMEOUT_MS,
} from "./server.machine.ts";

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function port(): MessagePort {
  const channel = new MessageChannel();
  channels.push(channel);
  return channel.port2;
}

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(handshakeServerMachine, {
    input: { namespace: "ns-1", serverId: "srv-1" },
    clock,
  });
  const effects: HandshakeServerEffect[] = [];
  actor.on("*", (effect) => effects.push(effect));
  actor.start();
  const connect = (clientId: string) =>
    actor.send({ type: "handshake.ack", clientId, serverId: "srv-1", port: port() });
  return { actor, effects, clock, connect };
}

const sent = (effects: HandshakeServerEffect[]) =>
  effects.flatMap((e) => (e.type === "send" ? [e.message] : []));

describe("handshake server (SPEC.md §4)", () => {
  it("on start, the server announces itself with server-syn carrying serverId", () => {
    const { effects } = start();
    expect(sent(effects)).toEqual([
      { namespace: "ns-1", message: "server-syn", data: { serverId: "srv-1" } },
    ]);
  });

  it("the server answers syn with syn-ack carrying clientId and serverId", () => {
    const { actor, effects } = start();
    effects.length = 0;
    actor.send({ type: "handshake.syn", clientId: "cli-1" });
    actor.send({ type: "handshake.syn", clientId: "cli-2" });
    expect(sent(effects)).toEqual([
      { namespace: "ns-1", message: "syn-ack", data: { clientId: "cli-1", serverId: "srv-1" } },
      { namespace: "ns-1", message: "syn-ack", data: { clientId: "cli-2", serverId: "srv-1" } },
    ]);
  });

  it("an ack with this server's id connects the client on its dedicated port", () => {
    const { actor, effects } = start();
    const p = port();
    actor.send({ type: "handshake.ack", clientId: "cli-1", serverId: "srv-1", port: p });
    expect(effects).toContainEqual({ type: "client.connected", clientId: "cli-1", port: p });
    expect(actor.getSnapshot().context.clients).toEqual(["cli-1"]);
  });

  it("an ack naming another server is not taken", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.ack", clientId: "cli-1", serverId: "srv-0", port: port() });
    expect(effects.map((e) => e.type)).toEqual(["send"]);
    expect(actor.getSnapshot().context.clients).toEqual([]);
  });

  it("when a client closes, its fin drops that client's connection only", () => {
    const { actor, effects, connect } = start();
    connect("cli-1");
    connect("cli-2");
    effects.length = 0;
    actor.send({ type: "handshake.fin", clientId: "cli-1" });
    expect(effects).toEqual([{ type: "client.dropped", clientId: "cli-1" }]);
    expect(actor.getSnapshot().context.clients).toEqual(["cli-2"]);
  });

  it("a fin from a client the server does not know changes nothing", () => {
    const { actor, effects } = start();
    effects.length = 0;
    actor.send({ type: "handshake.fin", clientId: "cli-9" });
    expect(effects).toEqual([]);
  });

  it("when the server closes, it sends fin-server and finishes once no clients remain", () => {
    const { actor, effects, connect } = start();
    connect("cli-1");
    connect("cli-2");
    effects.length = 0;
    actor.send({ type: "endpoint.close" });
    expect(sent(effects)).toEqual([
      { namespace: "ns-1", message: "fin-server", data: { serverId: "srv-1" } },
    ]);
    expect(actor.getSnapshot().value).toBe("closing");
    actor.send({ type: "handshake.fin", clientId: "cli-1" });
    expect(actor.getSnapshot().value).toBe("closing");
    actor.send({ type: "handshake.fin", clientId: "cli-2" });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("a server closing with no clients finishes at once, after sending fin-server", () => {
    const { actor, effects } = start();
    actor.send({ type: "endpoint.close" });
    expect(sent(effects).map((m) => m.message)).toEqual(["server-syn", "fin-server"]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("a closing server answers no syn and takes no ack", () => {
    const { actor, effects, connect } = start();
    connect("cli-1");
    actor.send({ type: "endpoint.close" });
    effects.length = 0;
    actor.send({ type: "handshake.syn", clientId: "cli-2" });
    connect("cli-2");
    expect(effects).toEqual([]);
    expect(actor.getSnapshot().context.clients).toEqual(["cli-1"]);
  });

  it("a client that never answers fin-server is dropped after the close timeout", () => {
    const { actor, effects, clock, connect } = start();
    connect("cli-1");
    actor.send({ type: "endpoint.close" });
    effects.length = 0;
    clock.increment(SERVER_CLOSE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe("closing");
    clock.increment(1);
    expect(effects).toEqual([{ type: "client.dropped", clientId: "cli-1" }]);
    expect(actor.getSnapshot().status).toBe("done");
  });
});
