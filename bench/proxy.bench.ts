import { z } from "zod";
import { createDataLayer } from "../actors/data-layer/data-layer.ts";
import { claimAnswer, env, FakeWindow, hosts, marker } from "../actors/data-layer/fakes.ts";
import type { FetchLike } from "../actors/data-layer/types.ts";
import { endpoints } from "../protocol/endpoints.ts";
import { provider } from "../protocol/provider.ts";
import { createApp } from "../server/app.ts";
import { openDatabase } from "../server/db/connect.ts";
import { createPlatform } from "../server/platforms/platforms.ts";
import type { BenchRow } from "./bench.ts";

/**
 * The proxy's cost (ARCHITECTURE.md: overhead ≤ 1 ms median): the same fetch function called
 * directly (fetch, read, parse JSON — what a frame would do without the data layer) and
 * through the real data layer (platform port → intake → proxy → fetch → reply on the port),
 * interleaved call by call so drift hits both alike. Measured over a fetch that answers at
 * once (the overhead alone) and over the real app on in-memory PGlite. Then 1,000 proxied
 * calls at once: every one must be answered.
 */

const SEQUENTIAL = 2000;
const CONCURRENT = 1000;

type Reply = { requestType: string; requestId?: string; ok?: boolean };

/** A platform or frame speaking to the data layer over a real MessageChannel, no polling. */
function connect(window: FakeWindow, origin: string, init: Record<string, unknown>) {
  const channel = new MessageChannel();
  const waiting = new Map<string, (reply: Reply) => void>();
  let ready: (() => void) | undefined;
  const initialised = new Promise<void>((resolve) => {
    ready = resolve;
  });
  channel.port1.onmessage = (event: MessageEvent) => {
    const reply = event.data as Reply;
    if (reply.requestType === "initresponse") ready?.();
    const resolve = reply.requestId === undefined ? undefined : waiting.get(reply.requestId);
    if (!resolve) return;
    waiting.delete(reply.requestId!);
    resolve(reply);
  };
  window.post(origin, { type: marker, requestType: "init", requestId: "init", ...init }, [
    channel.port2,
  ]);
  let next = 0;
  return {
    initialised,
    request(message: Record<string, unknown>): Promise<Reply> {
      const requestId = `b${next++}`;
      return new Promise((resolve) => {
        waiting.set(requestId, resolve);
        channel.port1.postMessage({ type: marker, requestId, ...message });
      });
    },
    close: () => channel.port1.close(),
  };
}

/** A data layer over `fetch`, claimed with `clientSecret`, and a payouts frame connected. */
async function claimedLayer(fetch: FetchLike, publishableKey: string, clientSecret: string) {
  const window = new FakeWindow();
  const quiet = { info() {}, warn() {}, error() {} };
  const layer = createDataLayer({
    window,
    fetch,
    hosts,
    environment: "local",
    selfOrigin: env.connect,
    platformOrigin: env.platform,
    log: quiet,
    consent: { allows: () => true },
  });
  const platform = connect(window, env.platform, { sender: "platform", publishableKey });
  const frame = connect(window, env.connect, { sender: "ui_frame", componentName: "payouts" });
  await Promise.all([platform.initialised, frame.initialised]);
  const claimed = await platform.request({
    requestType: "claimAccountSessionRequest",
    clientSecret,
  });
  if (!claimed.ok) throw new Error(`the claim failed: ${JSON.stringify(claimed)}`);
  const key = layer.keys.read("account_session");
  if (!key) throw new Error("no account-session key after the claim");
  return {
    frame,
    /** The headers the proxy sends, for the direct call of the same endpoint. */
    headers: {
      Authorization: `Bearer ${key.apiKey}`,
      [provider.headers.version]: provider.apiVersion,
    },
    dispose() {
      platform.close();
      frame.close();
      layer.dispose();
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(
  fetch: FetchLike,
  layer: Awaited<ReturnType<typeof claimedLayer>>,
  path: string,
  method: "GET" | "POST",
) {
  const url = `${hosts.api}${path}`;
  const direct = async () => {
    const response = await fetch(url, { method, headers: layer.headers });
    return JSON.parse(await response.text()) as unknown;
  };
  const proxied = async () => {
    const reply = await layer.frame.request({
      requestType: "authedProxy",
      componentName: "payouts",
      url,
      method,
      headers: {},
    });
    if (reply.requestType !== "response") throw new Error(`not answered: ${JSON.stringify(reply)}`);
  };
  for (let i = 0; i < 200; i++) {
    await direct();
    await proxied();
  }
  const directTimes: number[] = [];
  const proxiedTimes: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    let start = performance.now();
    await direct();
    directTimes.push(performance.now() - start);
    start = performance.now();
    await proxied();
    proxiedTimes.push(performance.now() - start);
  }

  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: CONCURRENT }, () =>
      layer.frame.request({
        requestType: "authedProxy",
        componentName: "payouts",
        url,
        method,
        headers: {},
      }),
    ),
  );
  const wall = performance.now() - started;
  const answered = replies.filter((r) => r.requestType === "response" && r.ok).length;
  // Each proxied call against the direct call just before it: drift and load cancel out.
  const overhead = median(proxiedTimes.map((t, i) => t - directTimes[i]!));
  return {
    direct: median(directTimes),
    proxied: median(proxiedTimes),
    overhead,
    answered,
    wall,
  };
}

/** A fetch that answers at once: what remains is the data layer's own cost. */
async function immediate() {
  const list = JSON.stringify({ object: "list", url: "/v1/payouts", has_more: false, data: [] });
  const claim = JSON.stringify(claimAnswer());
  const fetch: FetchLike = async (url) =>
    new Response(url.endsWith(endpoints.claim) ? claim : list, {
      status: 200,
      headers: { "content-type": "application/json", [provider.headers.requestId]: "req_1" },
    });
  const layer = await claimedLayer(fetch, "pk_test_123", "acs_secret_bench");
  try {
    return await measure(fetch, layer, "/v1/payouts", "GET");
  } finally {
    layer.dispose();
  }
}

/**
 * The real app over in-memory PGlite, proxying POST /v1/risk_signals: an account-session call
 * the proxy does not intercept (one row written per call).
 */
async function realApp() {
  const handle = await openDatabase({});
  try {
    const app = createApp({ db: handle.db });
    const fetch: FetchLike = (url, init) => {
      const target = new URL(url);
      return Promise.resolve(app.request(`${target.pathname}${target.search}`, init));
    };
    const platform = await createPlatform(handle.db, {}, Math.floor(Date.now() / 1000));
    const form = async (path: string, body: Record<string, string>) => {
      const response = await app.request(path, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${platform.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(body).toString(),
      });
      return (await response.json()) as Record<string, string>;
    };
    const account = await form("/v1/accounts", { type: "express", country: "FR" });
    const session = await form(endpoints.accountSessions, {
      account: account.id!,
      "components[payouts][enabled]": "true",
    });
    const layer = await claimedLayer(fetch, platform.publishableKey, session.client_secret!);
    try {
      return await measure(fetch, layer, endpoints.riskSignals, "POST");
    } finally {
      layer.dispose();
    }
  } finally {
    await handle.close();
  }
}

export default async function (): Promise<BenchRow[]> {
  z.config({ jitless: true }); // as in the frames (no eval under CSP)
  const fast = await immediate();
  const rows: BenchRow[] = [
    {
      name: "proxied call overhead, median of pairs (fetch at once)",
      value: fast.overhead * 1000,
      unit: "µs",
      target: 1000,
      note: `direct ${(fast.direct * 1000).toFixed(0)} µs, proxied ${(fast.proxied * 1000).toFixed(0)} µs`,
    },
    {
      name: `${CONCURRENT} concurrent proxied calls answered (fetch at once)`,
      value: fast.answered,
      unit: "calls",
      note: `${fast.wall.toFixed(0)} ms wall, ${CONCURRENT - fast.answered} lost`,
    },
  ];
  const real = await realApp();
  rows.push(
    {
      name: "proxied call overhead, median of pairs (real app, PGlite)",
      value: real.overhead * 1000,
      unit: "µs",
      target: 1000,
      note: `direct ${(real.direct * 1000).toFixed(0)} µs, proxied ${(real.proxied * 1000).toFixed(0)} µs`,
    },
    {
      name: `${CONCURRENT} concurrent proxied calls answered (real app)`,
      value: real.answered,
      unit: "calls",
      note: `${real.wall.toFixed(0)} ms wall, ${CONCURRENT - real.answered} lost`,
    },
  );
  return rows;
}
