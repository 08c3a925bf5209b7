import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CallAbortedError,
  CallTimeoutError,
  ConnectionClosedError,
  createCallClient,
  createCallServer,
  RemoteCallError,
} from "./call.ts";
import { ManualTimers } from "./manual-timers.ts";
import type { Logger } from "./types.ts";

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

const recordingLog = () => {
  const lines: { message: string; detail?: Record<string, unknown> }[] = [];
  const log: Logger = { warn: (message, detail) => lines.push({ message, detail }) };
  return { lines, log };
};

function channel() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  return { clientPort: port1, serverPort: port2 };
}

/** Everything the server side of a port receives, raw. */
function recordRaw(port: MessagePort) {
  const seen: unknown[] = [];
  port.addEventListener("message", (event) => seen.push(event.data));
  port.start();
  return seen;
}

class CodedError extends Error {
  code = "account_invalid";
  data = { param: "email" };
  constructor(message: string) {
    super(message);
    this.name = "ValidationError";
  }
}

describe("call protocol", () => {
  it("CALL is answered by CALL_RESPONSE with the method's result", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { methods: { add: (a, b) => (a as number) + (b as number) } });
    const client = createCallClient(clientPort);
    await expect(client.call("add", [2, 3])).resolves.toBe(5);
    await expect(client.call("add", [10, -1])).resolves.toBe(9);
  });

  it("an async method's result is awaited; calls in flight are correlated by id", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, {
      methods: {
        slowEcho: (value, ms) =>
          new Promise((resolve) => setTimeout(() => resolve(value), ms as number)),
      },
    });
    const client = createCallClient(clientPort);
    const results = await Promise.all([
      client.call("slowEcho", ["first", 30]),
      client.call("slowEcho", ["second", 1]),
    ]);
    expect(results).toEqual(["first", "second"]);
  });

  it("a remote throw becomes RemoteCallError with name, message, code and data", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, {
      methods: {
        fail: () => {
          throw new CodedError("email is invalid");
        },
      },
    });
    const client = createCallClient(clientPort);
    const error = await client.call("fail").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteCallError);
    expect(error).toMatchObject({
      message: "email is invalid",
      remoteName: "ValidationError",
      code: "account_invalid",
      data: { param: "email" },
    });
  });

  it("a thrown non-Error is reported with code internal", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, {
      methods: {
        fail: () => {
          throw "boom";
        },
      },
    });
    const error = await createCallClient(clientPort)
      .call("fail")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "internal" });
  });

  it("an unknown method gets CALL_ERROR with code method_not_found", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { methods: { known: () => 1 } });
    const error = await createCallClient(clientPort)
      .call("toString")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteCallError);
    expect(error).toMatchObject({ code: "method_not_found" });
  });

  it("a call not answered within its timeout rejects with CallTimeoutError", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { methods: { never: () => new Promise(() => {}) } });
    const timers = new ManualTimers();
    const client = createCallClient(clientPort, { timers });
    const call = client.call("never", [], { timeoutMs: 500 });
    timers.advance(499);
    const early = await Promise.race([call.then(() => "settled"), Promise.resolve("pending")]);
    expect(early).toBe("pending");
    timers.advance(1);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallTimeoutError);
    expect(error).toMatchObject({ code: "timeout", method: "never", timeoutMs: 500 });
    expect(timers.pending).toBe(0);
  });

  it("an answered call clears its timer", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { methods: { one: () => 1 } });
    const timers = new ManualTimers();
    const client = createCallClient(clientPort, { timers });
    await client.call("one");
    expect(timers.pending).toBe(0);
  });

  it("an aborted call rejects with CallAbortedError", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { methods: { never: () => new Promise(() => {}) } });
    const client = createCallClient(clientPort);
    const controller = new AbortController();
    const call = client.call("never", [], { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(CallAbortedError);
    const already = client.call("never", [], { signal: controller.signal });
    await expect(already).rejects.toBeInstanceOf(CallAbortedError);
  });

  it("closing the client rejects calls in flight, and later calls, with ConnectionClosedError", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { methods: { never: () => new Promise(() => {}) } });
    const client = createCallClient(clientPort);
    const call = client.call("never");
    client.close();
    await expect(call).rejects.toBeInstanceOf(ConnectionClosedError);
    await expect(client.call("never")).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("the server closing its port rejects calls in flight with ConnectionClosedError", async () => {
    const { clientPort, serverPort } = channel();
    const server = createCallServer(serverPort, {
      methods: { never: () => new Promise(() => {}) },
    });
    const client = createCallClient(clientPort);
    const call = client.call("never");
    server.close();
    await expect(call).rejects.toBeInstanceOf(ConnectionClosedError);
    expect(client.closed).toBe(true);
  });

  it("a subscription delivers values until unsubscribed; REMOVE_SUBSCRIPTION stops the source", async () => {
    const { clientPort, serverPort } = channel();
    let push: ((value: unknown) => void) | undefined;
    let stopped = 0;
    const server = createCallServer(serverPort, {
      subscriptions: {
        counter: (p, start) => {
          push = p;
          p(start);
          return () => {
            stopped++;
          };
        },
      },
    });
    const client = createCallClient(clientPort);
    const values: unknown[] = [];
    const unsubscribe = client.subscribe("counter", [1], (v) => values.push(v));
    await vi.waitFor(() => expect(values).toEqual([1]));
    push?.(2);
    await vi.waitFor(() => expect(values).toEqual([1, 2]));
    expect(server.activeSubscriptions()).toBe(1);

    unsubscribe();
    await vi.waitFor(() => expect(stopped).toBe(1));
    expect(server.activeSubscriptions()).toBe(0);
    push?.(3);
    await new Promise((r) => setTimeout(r, 20));
    expect(values).toEqual([1, 2]);
  });

  it("an unknown subscription is refused with method_not_found", async () => {
    const { clientPort, serverPort } = channel();
    createCallServer(serverPort, { subscriptions: {} });
    const client = createCallClient(clientPort);
    const error = await new Promise((resolve) => {
      client.subscribe("nope", [], () => {}, { onError: resolve });
    });
    expect(error).toMatchObject({ code: "method_not_found" });
  });

  it("closing the server stops every subscription source", async () => {
    const { clientPort, serverPort } = channel();
    let stopped = 0;
    const server = createCallServer(serverPort, {
      subscriptions: {
        ticks: (push) => {
          push(0);
          return () => {
            stopped++;
          };
        },
      },
    });
    const client = createCallClient(clientPort);
    const values: unknown[] = [];
    client.subscribe("ticks", [], (v) => values.push(v));
    client.subscribe("ticks", [], (v) => values.push(v));
    await vi.waitFor(() => expect(values).toHaveLength(2));
    server.close();
    expect(stopped).toBe(2);
  });

  it("invalid messages are dropped and logged, never answered", async () => {
    const { clientPort, serverPort } = channel();
    const { lines, log } = recordingLog();
    createCallServer(serverPort, { methods: { one: () => 1 }, log });
    const answers = recordRaw(clientPort);
    clientPort.postMessage({ type: "CALL", id: "x", method: "one" }); // no args
    clientPort.postMessage({ type: "CALL", id: "y", method: "one", args: [], extra: 1 });
    clientPort.postMessage({ type: "CALL_RESPONSE", id: "z", result: 1 }); // wrong direction
    clientPort.postMessage("hello");
    clientPort.postMessage({ type: "CALL", id: "ok", method: "one", args: [] });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({ type: "CALL_RESPONSE", id: "ok", result: 1 });
    expect(lines.map((l) => l.detail?.reason)).toEqual([
      "invalid_payload",
      "invalid_payload",
      "wrong_direction",
      "invalid_payload",
    ]);
  });

  it("a client ignores replies it cannot parse and replies to ids it never used", async () => {
    const { clientPort, serverPort } = channel();
    const { lines, log } = recordingLog();
    const client = createCallClient(clientPort, { log });
    const calls = recordRaw(serverPort);
    const call = client.call("m", ["a"]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const { id } = calls[0] as { id: string };
    serverPort.postMessage({ type: "CALL_RESPONSE", id: "c999", result: "stray" });
    serverPort.postMessage({ type: "CALL_RESPONSE", id, result: "x", extra: true });
    serverPort.postMessage({ type: "CALL_RESPONSE", id, result: "right" });
    await expect(call).resolves.toBe("right");
    expect(lines).toHaveLength(1);
  });
});
