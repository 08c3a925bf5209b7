import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { type HandshakeClientEffect, handshakeClientMachine } from "./client.machine.ts";

function start() {
  const actor = createActor(handshakeClientMachine, {
    input: { namespace: "ns-1", clientId: "cli-1" },
  });
  const effects: HandshakeClientEffect[] = [];
  actor.on("*", (effect) => effects.push(effect));
  actor.start();
  return { actor, effects };
}

/** The handshake messages the client would post, in order (an ack is posted with its port). */
const posted = (effects: HandshakeClientEffect[]) =>
  effects.flatMap((e) => (e.type === "send" || e.type === "port.open" ? [e.message] : []));

const syn = { namespace: "ns-1", message: "syn", data: { clientId: "cli-1" } };
const fin = { namespace: "ns-1", message: "fin", data: { clientId: "cli-1" } };
const ack = (serverId: string) => ({
  namespace: "ns-1",
  message: "ack",
  data: { clientId: "cli-1", serverId },
});

describe("handshake client (SPEC.md §4)", () => {
  it("a client sends syn with its clientId", () => {
    expect(posted(start().effects)).toEqual([syn]);
  });

  it("a client re-sends syn whenever it sees a server-syn, connected or not", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.server-syn", serverId: "srv-1" });
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    effects.length = 0;
    actor.send({ type: "handshake.server-syn", serverId: "srv-2" });
    expect(posted(effects)).toEqual([syn]);
  });

  it("the client accepts a syn-ack only if the clientId matches its own", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-2", serverId: "srv-1" });
    expect(actor.getSnapshot().value).toBe("connecting");
    expect(posted(effects)).toEqual([syn]);
  });

  it("on its syn-ack the client sends ack with clientId, serverId and a dedicated port", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    expect(effects.at(-1)).toEqual({ type: "port.open", message: ack("srv-1") });
    expect(actor.getSnapshot().value).toBe("connected");
    expect(actor.getSnapshot().context.serverId).toBe("srv-1");
  });

  it("a second syn-ack from the same server sends no second ack", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    expect(effects.filter((e) => e.type === "port.open")).toHaveLength(1);
  });

  it("on fin-server from its current server, a client sends fin, resets and restarts with a new syn", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    effects.length = 0;
    actor.send({ type: "handshake.fin-server", serverId: "srv-1" });
    expect(posted(effects)).toEqual([fin, syn]);
    expect(effects).toContainEqual({ type: "port.close", serverId: "srv-1" });
    expect(actor.getSnapshot().value).toBe("connecting");
    expect(actor.getSnapshot().context.serverId).toBeNull();
  });

  it("fin-server from a server that is not its current one is ignored", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    effects.length = 0;
    actor.send({ type: "handshake.fin-server", serverId: "srv-2" });
    expect(effects).toEqual([]);
    expect(actor.getSnapshot().value).toBe("connected");
  });

  it("after a reset, a late syn-ack from the closed server is ignored and a new server's is taken", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    actor.send({ type: "handshake.fin-server", serverId: "srv-1" });
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    expect(actor.getSnapshot().value).toBe("connecting");
    actor.send({ type: "handshake.server-syn", serverId: "srv-2" });
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-2" });
    expect(actor.getSnapshot().value).toBe("connected");
    expect(effects.at(-1)).toEqual({ type: "port.open", message: ack("srv-2") });
  });

  it("a syn-ack from a new server while connected moves the connection to it", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    effects.length = 0;
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-2" });
    expect(effects).toEqual([
      { type: "port.close", serverId: "srv-1" },
      { type: "port.open", message: ack("srv-2") },
    ]);
    expect(actor.getSnapshot().context.serverId).toBe("srv-2");
  });

  it("when a client closes, it sends fin with its clientId and closes its port", () => {
    const { actor, effects } = start();
    actor.send({ type: "handshake.syn-ack", clientId: "cli-1", serverId: "srv-1" });
    effects.length = 0;
    actor.send({ type: "endpoint.close" });
    expect(posted(effects)).toEqual([fin]);
    expect(effects).toContainEqual({ type: "port.close", serverId: "srv-1" });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("a client closing before it connected still sends fin", () => {
    const { actor, effects } = start();
    actor.send({ type: "endpoint.close" });
    expect(posted(effects)).toEqual([syn, fin]);
    expect(effects.some((e) => e.type === "port.close")).toBe(false);
  });
});
