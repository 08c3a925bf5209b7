import { afterAll, describe, expect, it } from "vitest";
import {
  type HandshakeClientEffect,
  type HandshakeClientEvent,
  handshakeClientMachine,
} from "../../machines/handshake/client.machine.ts";
import {
  type HandshakeServerEffect,
  type HandshakeServerEvent,
  handshakeServerMachine,
} from "../../machines/handshake/server.machine.ts";
import {
  coveringPaths,
  type MachineModel,
  type ModelPath,
  replay,
  shortestPaths,
} from "./harness.ts";

/**
 * The handshake machines of SPEC.md §4, walked through their graphs: every transition by a
 * shortest path, and every simple path up to six events. Each path is replayed against the
 * real machine as an actor, and what it emitted is checked against the rules of the spec,
 * step by step — not against the machine's own definition.
 */

const NS = "ns-1";
const SERVER = "srv-1";
const OTHER_SERVER = "srv-2";
const CLIENT = "cli-1";
const OTHER_CLIENT = "cli-2";

const channel = new MessageChannel();
afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

/** Every path once: the transition-covering shortest paths and the bounded simple paths. */
function pathsOf<M extends Parameters<typeof shortestPaths>[0]["machine"]>(
  model: MachineModel<M>,
): ModelPath<M>[] {
  return coveringPaths(model, { maxDepth: 6, dedupe: true });
}

const short = (type: string) => type.replace(/^handshake\./, "").replace(/^endpoint\./, "");

// ---------------------------------------------------------------------------------------
// Server

const serverModel: MachineModel<typeof handshakeServerMachine> = {
  machine: handshakeServerMachine,
  input: { namespace: NS, serverId: SERVER },
  events: {
    "handshake.syn": [{ type: "handshake.syn", clientId: CLIENT }],
    "handshake.ack": [
      { type: "handshake.ack", clientId: CLIENT, serverId: SERVER, port: channel.port2 },
      { type: "handshake.ack", clientId: OTHER_CLIENT, serverId: SERVER, port: channel.port2 },
      { type: "handshake.ack", clientId: CLIENT, serverId: OTHER_SERVER, port: channel.port2 },
    ],
    "handshake.fin": [
      { type: "handshake.fin", clientId: CLIENT },
      { type: "handshake.fin", clientId: OTHER_CLIENT },
    ],
  },
  describeEvent: (e: HandshakeServerEvent) => {
    switch (e.type) {
      case "handshake.syn":
      case "handshake.fin":
        return `${short(e.type)}(${e.clientId})`;
      case "handshake.ack":
        return `ack(${e.clientId} → ${e.serverId})`;
      default:
        return short(e.type);
    }
  },
};

const serverPaths = pathsOf(serverModel);

describe("handshake server, model-based", () => {
  it("walks enough of the graph to mean something", () => {
    expect(serverPaths.length).toBeGreaterThanOrEqual(20);
  });

  it.each(serverPaths.map((p) => [p.name, p] as const))("%s", (_name, path) => {
    const run = replay(serverModel, path);
    const sends = (effects: HandshakeServerEffect[]) =>
      effects.flatMap((e) => (e.type === "send" ? [e.message] : []));

    // §4.1: on start, the server announces itself with server-syn carrying its serverId.
    expect(run.initialEffects).toEqual([
      {
        type: "send",
        message: { namespace: NS, message: "server-syn", data: { serverId: SERVER } },
      },
    ]);

    const connected = new Set<string>();
    let closing = false;
    for (const step of run.steps) {
      const event = step.event;
      const messages = sends(step.effects);
      for (const effect of step.effects) {
        if (effect.type === "client.connected") connected.add(effect.clientId);
        if (effect.type === "client.dropped") {
          // A client is only dropped if it was connected.
          expect(connected.has(effect.clientId)).toBe(true);
          connected.delete(effect.clientId);
        }
      }
      if (event.type === "handshake.syn") {
        // §4.3: syn is answered with syn-ack carrying clientId and serverId; not while closing.
        expect(messages).toEqual(
          closing
            ? []
            : [
                {
                  namespace: NS,
                  message: "syn-ack",
                  data: { clientId: event.clientId, serverId: SERVER },
                },
              ],
        );
      } else {
        expect(messages.filter((m) => m.message === "syn-ack")).toEqual([]);
      }
      if (event.type === "handshake.ack") {
        const taken = !closing && event.serverId === SERVER;
        expect(step.effects).toEqual(
          taken ? [{ type: "client.connected", clientId: event.clientId, port: event.port }] : [],
        );
      }
      if (event.type === "handshake.fin") {
        // §4.5: fin drops that client's connection, and only that one.
        expect(step.effects.filter((e) => e.type !== "send")).toEqual(
          step.effects.length > 0 ? [{ type: "client.dropped", clientId: event.clientId }] : [],
        );
        expect(connected.has(event.clientId)).toBe(false);
      }
      if (event.type === "endpoint.close") {
        // §4.6: a closing server sends fin-server.
        expect(messages).toEqual([
          { namespace: NS, message: "fin-server", data: { serverId: SERVER } },
        ]);
        closing = true;
      } else {
        expect(messages.filter((m) => m.message === "fin-server")).toEqual([]);
      }
      // The machine's record of clients is exactly what it told the actor to serve.
      expect(step.snapshot.context.clients).toEqual([...connected].sort());
      // §4.6: it finishes closing once no clients remain, and not before.
      expect(step.snapshot.status === "done").toBe(closing && connected.size === 0);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Client

const clientModel: MachineModel<typeof handshakeClientMachine> = {
  machine: handshakeClientMachine,
  input: { namespace: NS, clientId: CLIENT },
  events: {
    "handshake.server-syn": [
      { type: "handshake.server-syn", serverId: SERVER },
      { type: "handshake.server-syn", serverId: OTHER_SERVER },
    ],
    "handshake.syn-ack": [
      { type: "handshake.syn-ack", clientId: CLIENT, serverId: SERVER },
      { type: "handshake.syn-ack", clientId: CLIENT, serverId: OTHER_SERVER },
      { type: "handshake.syn-ack", clientId: OTHER_CLIENT, serverId: SERVER },
    ],
    "handshake.fin-server": [
      { type: "handshake.fin-server", serverId: SERVER },
      { type: "handshake.fin-server", serverId: OTHER_SERVER },
    ],
  },
  describeEvent: (e: HandshakeClientEvent) => {
    switch (e.type) {
      case "handshake.server-syn":
      case "handshake.fin-server":
        return `${short(e.type)}(${e.serverId})`;
      case "handshake.syn-ack":
        return `syn-ack(${e.clientId} ← ${e.serverId})`;
      default:
        return short(e.type);
    }
  },
};

const clientPaths = pathsOf(clientModel);

const posted = (effects: HandshakeClientEffect[]) =>
  effects.flatMap((e) => (e.type === "send" || e.type === "port.open" ? [e.message] : []));

describe("handshake client, model-based", () => {
  it("walks enough of the graph to mean something", () => {
    expect(clientPaths.length).toBeGreaterThanOrEqual(20);
    expect(clientPaths.some((p) => p.target.value === "connected")).toBe(true);
  });

  it.each(clientPaths.map((p) => [p.name, p] as const))("%s", (_name, path) => {
    const run = replay(clientModel, path);
    const syn = { namespace: NS, message: "syn", data: { clientId: CLIENT } };
    const fin = { namespace: NS, message: "fin", data: { clientId: CLIENT } };

    // §4.2: a client sends syn with its clientId.
    expect(posted(run.initialEffects)).toEqual([syn]);

    let current: string | null = null;
    let closed = false;
    let acksThisConnection = 0;
    for (const step of run.steps) {
      const event = step.event;
      const messages = posted(step.effects);
      for (const effect of step.effects) {
        if (effect.type === "port.close") {
          expect(effect.serverId).toBe(current);
          current = null;
          acksThisConnection = 0;
        }
        if (effect.type === "port.open") {
          // §4.4: the ack carries clientId and serverId, and goes with a dedicated port.
          expect(effect.message).toEqual({
            namespace: NS,
            message: "ack",
            data: { clientId: CLIENT, serverId: effect.message.data.serverId },
          });
          // One connection at a time: an open port is closed before another opens.
          expect(current).toBeNull();
          current = effect.message.data.serverId;
          acksThisConnection++;
        }
      }
      if (event.type === "handshake.server-syn") {
        // §4.2: it re-sends syn whenever it sees a server-syn.
        expect(messages).toEqual(closed ? [] : [syn]);
      }
      if (event.type === "handshake.syn-ack") {
        // §4.4: a syn-ack for another client is never answered.
        if (event.clientId !== CLIENT) expect(step.effects).toEqual([]);
        for (const m of messages) expect(m.message).toBe("ack");
      }
      if (event.type === "handshake.fin-server") {
        if (step.effects.length > 0) {
          // §4.7: on fin-server from its current server: fin, reset, a new syn.
          expect(messages).toEqual([fin, syn]);
          expect(current).toBeNull();
        }
      }
      if (event.type === "endpoint.close" && !closed) {
        // §4.5: a closing client sends fin with its clientId.
        expect(messages).toEqual([fin]);
        expect(current).toBeNull();
        closed = true;
      }
      const snapshot = step.snapshot;
      // Connected exactly when a port is open, to the server the machine names.
      expect(snapshot.value === "connected").toBe(current !== null);
      expect(snapshot.context.serverId).toBe(current);
      if (snapshot.value === "connected") expect(acksThisConnection).toBe(1);
    }
  });

  it("every path that reaches connected emitted exactly one ack with the client's id", () => {
    const toConnected = shortestPaths(clientModel, {
      toState: (s) => s.value === "connected",
    });
    expect(toConnected.length).toBeGreaterThan(0);
    for (const path of toConnected) {
      const acks = replay(clientModel, path).effects.filter((e) => e.type === "port.open");
      expect(acks).toHaveLength(1);
      expect(acks[0]).toMatchObject({ message: { message: "ack", data: { clientId: CLIENT } } });
    }
  });
});
