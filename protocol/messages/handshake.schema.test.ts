import { afterEach, describe, expect, it } from "vitest";
import {
  classifyHandshakeMessage,
  type HandshakeClassification,
  handshakeMessage,
  handshakeMessageTypes,
} from "./handshake.schema.ts";

const ns = "ns_4f9a";
const channels: MessageChannel[] = [];
const newPort = () => {
  const channel = new MessageChannel();
  channels.push(channel);
  return channel.port1;
};
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

const reasonOf = (c: HandshakeClassification) => (c.ok ? undefined : c.rejection.reason);
const messageOf = (c: HandshakeClassification) => (c.ok ? undefined : c.rejection.message);

/** Each step with exactly the ids it needs (SPEC.md §4). */
const valid = {
  "server-syn": { serverId: "s1" },
  syn: { clientId: "c1" },
  "syn-ack": { clientId: "c1", serverId: "s1" },
  ack: { clientId: "c1", serverId: "s1" },
  fin: { clientId: "c1" },
  "fin-server": { serverId: "s1" },
} as const;

describe("handshake messages (SPEC.md §3, §4)", () => {
  it("has the six steps of the full lifecycle", () => {
    expect([...handshakeMessageTypes].sort()).toEqual(Object.keys(valid).sort());
  });

  for (const [step, data] of Object.entries(valid)) {
    it(`accepts ${step} with its ids`, () => {
      const ports = step === "ack" ? [newPort()] : [];
      const result = classifyHandshakeMessage(
        { data: { namespace: ns, message: step, data }, ports },
        { namespace: ns },
      );
      expect(result.ok, messageOf(result)).toBe(true);
      if (result.ok) expect(result.message).toEqual({ namespace: ns, message: step, data });
    });

    for (const id of Object.keys(data)) {
      it(`rejects ${step} missing its ${id}`, () => {
        const { [id as keyof typeof data]: _dropped, ...rest } = data;
        const ports = step === "ack" ? [newPort()] : [];
        const result = classifyHandshakeMessage({
          data: { namespace: ns, message: step, data: rest },
          ports,
        });
        expect(reasonOf(result)).toBe("invalid_payload");
        expect(messageOf(result)).toBe(`data.${id}: missing, expected string`);
      });
    }
  }

  it("rejects an id a step does not carry (exactly the fields each message needs)", () => {
    const result = classifyHandshakeMessage({
      data: { namespace: ns, message: "syn", data: { clientId: "c1", serverId: "s1" } },
    });
    expect(messageOf(result)).toBe('data: unexpected key "serverId"');
  });

  it("bounds ids and the namespace", () => {
    const longId = classifyHandshakeMessage({
      data: { namespace: ns, message: "syn", data: { clientId: "c".repeat(101) } },
    });
    expect(messageOf(longId)).toBe("data.clientId: must have at most 100 characters");
    const emptyId = classifyHandshakeMessage({
      data: { namespace: ns, message: "syn", data: { clientId: "" } },
    });
    expect(reasonOf(emptyId)).toBe("invalid_payload");
    const emptyNs = classifyHandshakeMessage({
      data: { namespace: "", message: "syn", data: { clientId: "c1" } },
    });
    expect(messageOf(emptyNs)).toBe("namespace: must have at least 1 character");
  });

  it("an ack carries a dedicated MessagePort, in the transfer list or at data.port", () => {
    const data = { namespace: ns, message: "ack", data: valid.ack };
    expect(reasonOf(classifyHandshakeMessage({ data }))).toBe("ack_without_port");
    expect(reasonOf(classifyHandshakeMessage({ data, ports: [{}] }))).toBe("ack_without_port");
    const transferred = newPort();
    const a = classifyHandshakeMessage({ data, ports: [transferred] });
    expect(a.ok && "port" in a && a.port).toBe(transferred);
    const inData = newPort();
    const b = classifyHandshakeMessage({
      data: { ...data, data: { ...valid.ack, port: inData } },
      ports: [inData],
    });
    expect(b.ok && "port" in b && b.port).toBe(inData);
    const notAPort = classifyHandshakeMessage({
      data: { ...data, data: { ...valid.ack, port: "port" } },
      ports: [newPort()],
    });
    expect(messageOf(notAPort)).toBe("data.port: expected a MessagePort");
  });

  it("ignores messages of another namespace and messages that are not handshake-shaped", () => {
    const other = { namespace: "other", message: "syn", data: { clientId: "c1" } };
    expect(reasonOf(classifyHandshakeMessage({ data: other }, { namespace: ns }))).toBe("not_ours");
    for (const data of [null, "syn", [], { message: "syn" }, { type: "oriel-connect" }]) {
      expect(reasonOf(classifyHandshakeMessage({ data }))).toBe("not_ours");
    }
  });

  it("rejects an unknown step", () => {
    for (const message of ["synack", "hello", 3, "__proto__"]) {
      const data = { namespace: ns, message, data: {} };
      expect(reasonOf(classifyHandshakeMessage({ data }))).toBe("unknown_message");
    }
  });

  it("builds a message that classifies back to itself", () => {
    const built = handshakeMessage(ns, "syn-ack", { clientId: "c1", serverId: "s1" });
    const result = classifyHandshakeMessage({ data: built }, { namespace: ns });
    expect(result.ok && result.message).toEqual(built);
  });
});
