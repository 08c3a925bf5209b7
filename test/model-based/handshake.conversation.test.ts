import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Actor, createActor, SimulatedClock } from "xstate";
import {
  type HandshakeClientEffect,
  handshakeClientMachine,
} from "../../machines/handshake/client.machine.ts";
import type { HandshakeMessage } from "../../machines/handshake/handshake.types.ts";
import {
  type HandshakeServerEffect,
  handshakeServerMachine,
  SERVER_CLOSE_TIMEOUT_MS,
} from "../../machines/handshake/server.machine.ts";

/**
 * The two machines talking: servers and clients share one namespace on a fake transport that
 * delivers each endpoint's messages in order (as postMessage does between two windows) but
 * interleaves endpoints as fast-check decides. Whatever the interleaving — clients starting
 * late, a server closing and a new one starting, clients leaving — once every message is
 * delivered, every remaining client is connected to the live server over exactly one port.
 */

const NS = "ns-1";

/** The fake port of one ack: the transport only needs to tell ports apart. */
type FakePort = MessagePort & { owner: string };

interface Delivery {
  message: HandshakeMessage;
  port?: FakePort;
}

interface ServerEndpoint {
  kind: "server";
  id: string;
  actor: Actor<typeof handshakeServerMachine>;
  clock: SimulatedClock;
  inbox: Delivery[];
}

interface ClientEndpoint {
  kind: "client";
  id: string;
  actor: Actor<typeof handshakeClientMachine>;
  inbox: Delivery[];
  /** Ports this client holds open, by server id. */
  openPorts: string[];
}

type Endpoint = ServerEndpoint | ClientEndpoint;

const forServer = new Set(["syn", "ack", "fin"]);

class Namespace {
  endpoints: Endpoint[] = [];
  private serial = 0;

  post(from: Endpoint, delivery: Delivery) {
    const toServers = forServer.has(delivery.message.message);
    for (const ep of this.endpoints) {
      if (ep !== from && (ep.kind === "server") === toServers) ep.inbox.push(delivery);
    }
  }

  startServer(): ServerEndpoint {
    const id = `srv-${++this.serial}`;
    const clock = new SimulatedClock();
    const actor = createActor(handshakeServerMachine, {
      input: { namespace: NS, serverId: id },
      clock,
    });
    const server: ServerEndpoint = { kind: "server", id, actor, clock, inbox: [] };
    this.endpoints.push(server);
    actor.on("*", (effect: HandshakeServerEffect) => {
      if (effect.type === "send") this.post(server, { message: effect.message });
    });
    actor.start();
    return server;
  }

  startClient(): ClientEndpoint {
    const id = `cli-${++this.serial}`;
    const actor = createActor(handshakeClientMachine, { input: { namespace: NS, clientId: id } });
    const client: ClientEndpoint = { kind: "client", id, actor, inbox: [], openPorts: [] };
    this.endpoints.push(client);
    actor.on("*", (effect: HandshakeClientEffect) => {
      if (effect.type === "send") this.post(client, { message: effect.message });
      if (effect.type === "port.open") {
        client.openPorts.push(effect.message.data.serverId);
        const port = { owner: id } as FakePort;
        this.post(client, { message: effect.message, port });
      }
      if (effect.type === "port.close") {
        expect(client.openPorts).toContain(effect.serverId);
        client.openPorts = client.openPorts.filter((s) => s !== effect.serverId);
      }
    });
    actor.start();
    return client;
  }

  /** Delivers the oldest message waiting for `ep`, as its transport actor would. */
  deliver(ep: Endpoint) {
    const next = ep.inbox.shift();
    if (!next) return;
    const { message: m, port } = next;
    if (ep.kind === "server") {
      if (m.message === "syn") ep.actor.send({ type: "handshake.syn", clientId: m.data.clientId });
      if (m.message === "fin") ep.actor.send({ type: "handshake.fin", clientId: m.data.clientId });
      if (m.message === "ack" && port) {
        ep.actor.send({ type: "handshake.ack", ...m.data, port });
      }
    } else {
      if (m.message === "server-syn") {
        ep.actor.send({ type: "handshake.server-syn", serverId: m.data.serverId });
      }
      if (m.message === "syn-ack") ep.actor.send({ type: "handshake.syn-ack", ...m.data });
      if (m.message === "fin-server") {
        ep.actor.send({ type: "handshake.fin-server", serverId: m.data.serverId });
      }
    }
  }

  drain() {
    for (let round = 0; round < 1000; round++) {
      const busy = this.endpoints.filter((ep) => ep.inbox.length > 0);
      if (busy.length === 0) return;
      for (const ep of busy) this.deliver(ep);
    }
    throw new Error("the namespace never went quiet");
  }
}

type Command =
  | { kind: "deliver"; pick: number }
  | { kind: "client.start" }
  | { kind: "client.close"; pick: number }
  | { kind: "server.replace" }
  | { kind: "time.pass" };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((pick) => ({ kind: "deliver" as const, pick })) },
  { weight: 2, arbitrary: fc.constant({ kind: "client.start" as const }) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: "client.close" as const, pick })) },
  { weight: 1, arbitrary: fc.constant({ kind: "server.replace" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "time.pass" as const }) },
);

function play(commands: Command[], options: { clientsFirst: boolean }) {
  const ns = new Namespace();
  let live: ServerEndpoint | undefined;
  if (options.clientsFirst) ns.startClient();
  live = ns.startServer();
  ns.startClient();
  for (const c of commands) {
    const clients = ns.endpoints.filter(
      (ep): ep is ClientEndpoint =>
        ep.kind === "client" && ep.actor.getSnapshot().status === "active",
    );
    const busy = ns.endpoints.filter((ep) => ep.inbox.length > 0);
    if (c.kind === "deliver" && busy.length > 0) ns.deliver(busy[c.pick % busy.length]!);
    if (c.kind === "client.start" && clients.length < 4) ns.startClient();
    if (c.kind === "client.close" && clients.length > 0) {
      clients[c.pick % clients.length]!.actor.send({ type: "endpoint.close" });
    }
    if (c.kind === "server.replace") {
      live.actor.send({ type: "endpoint.close" });
      live = ns.startServer();
    }
    if (c.kind === "time.pass") {
      for (const ep of ns.endpoints)
        if (ep.kind === "server") ep.clock.increment(SERVER_CLOSE_TIMEOUT_MS);
    }
  }
  ns.drain();
  return { ns, live };
}

describe("handshake conversation between server and clients", () => {
  it("server-syn → syn → syn-ack → ack: a client and a server connect over one port", () => {
    const { ns, live } = play([], { clientsFirst: false });
    const client = ns.endpoints.find((ep): ep is ClientEndpoint => ep.kind === "client")!;
    expect(client.actor.getSnapshot().value).toBe("connected");
    expect(client.openPorts).toEqual([live.id]);
    expect(live.actor.getSnapshot().context.clients).toEqual([client.id]);
  });

  it("after fin-server, each client connects to the server that replaced it", () => {
    const { ns, live } = play([{ kind: "server.replace" }], { clientsFirst: true });
    const clients = ns.endpoints.filter((ep): ep is ClientEndpoint => ep.kind === "client");
    for (const c of clients) expect(c.openPorts).toEqual([live.id]);
    const old = ns.endpoints.find((ep) => ep.kind === "server" && ep !== live)!;
    expect(old.actor.getSnapshot().status).toBe("done");
  });

  it("whatever the interleaving, once quiet every open client is connected to the live server over exactly one port", () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), fc.boolean(), (commands, clientsFirst) => {
        const { ns, live } = play(commands, { clientsFirst });
        const open = ns.endpoints.filter(
          (ep): ep is ClientEndpoint =>
            ep.kind === "client" && ep.actor.getSnapshot().status === "active",
        );
        for (const client of open) {
          expect(client.actor.getSnapshot().value).toBe("connected");
          expect(client.actor.getSnapshot().context.serverId).toBe(live.id);
          expect(client.openPorts).toEqual([live.id]);
        }
        for (const ep of ns.endpoints) {
          if (ep.kind === "client" && ep.actor.getSnapshot().status === "done") {
            expect(ep.openPorts).toEqual([]);
          }
        }
        expect(live.actor.getSnapshot().context.clients).toEqual(open.map((c) => c.id).sort());
        // A replaced server finishes closing once its clients have left, or its timeout passed.
        for (const ep of ns.endpoints) {
          if (ep.kind === "server" && ep !== live) {
            ep.clock.increment(SERVER_CLOSE_TIMEOUT_MS);
            expect(ep.actor.getSnapshot().status).toBe("done");
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
