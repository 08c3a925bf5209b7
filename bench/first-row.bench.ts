import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { build } from "esbuild";
import { Hono } from "hono";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { configMetaName } from "../examples/platform/pages.ts";
import type { SandboxInfo } from "../examples/platform/sandbox.ts";
import {
  builtComponents,
  createPlatformApp,
  sessionComponentParams,
} from "../examples/platform/server.ts";
import { endpoints } from "../protocol/endpoints.ts";
import { localEnvironment, provider, tagName } from "../protocol/provider.ts";
import { sdkPath } from "../protocol/version.ts";
import { createApp } from "../server/app.ts";
import { openDatabase } from "../server/db/connect.ts";
import { createConnectHostApp } from "../server/hosts/connect.ts";
import { createFilesHostApp } from "../server/hosts/files.ts";
import { createMarketingHostApp } from "../server/hosts/marketing.ts";
import { seedSandbox } from "../server/sandbox/seed.ts";
import { launchChromium } from "../test/e2e/support/browser.ts";
import type { BenchRow } from "./bench.ts";

/**
 * `create()` → first payouts row painted, cold, in headless Chromium (ARCHITECTURE.md,
 * "Performance": ≤ 1.5× the same view rendered straight into the page against the same API).
 * Needs the build (`npm run build`): the example platform, the connect host and the API
 * host run on their real ports (loopback), as `npm start` and the browser tests run them.
 *
 * - embedded: the example platform's dashboard showing only `payouts-list` (its code calls
 *   `loadConnectAndInitialize` then `instance.create`). The start mark is taken inside
 *   `create()` (an init script notes when the element is created); the end is the first
 *   `tbody tr` in the UI frame painted (a MutationObserver, then the next animation frame
 *   and a task), or the iframe getting a height on the page, whichever is later.
 * - direct: bench/first-row.page.ts on the connect origin (the API allows only that origin
 *   cross-origin), bundled here with esbuild into a temp dir: from its start mark, a client
 *   secret from a backend route, the claim, and the view's code loaded lazily, then the same
 *   view and machine fetching the API directly. Same end mark.
 * Both marks are `performance.timeOrigin + performance.now()`, so page and frame (another
 * process) share one epoch. Each run is a fresh browser context (cold cache); the two are
 * interleaved, after one discarded pair that warms the servers.
 *
 * Then what a page of many components costs beside a page of one (issue 13, items 2 and 4):
 * the example platform's dashboard embedding `payouts-list` alone, and embedding every built
 * component (its page config rewritten on the way to the browser, so the platform's own
 * script creates them all and its backend enables them all in one session). For each, cold:
 * the bytes the browser received (bodies as sent, compressed, and headers; from the platform,
 * the connect host and the API), the time from the page's navigation until every UI frame's
 * shell is ready (its view rendered with its data), the claims it made, and the JS heap of the connect host's
 * frames (they share one renderer process: the browser's own metrics, after a collection),
 * beside the heap of the direct page after its first row.
 */
const RUNS = 7;
const STEP_TIMEOUT_MS = 15_000;
const root = new URL("..", import.meta.url).pathname;
const hosts = localEnvironment();

type Server = ReturnType<typeof serve>;

function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  origin: string,
) {
  const url = new URL(origin);
  return new Promise<Server>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: url.hostname, port: Number(url.port) }, () =>
      resolve(server),
    );
    server.once("error", reject);
  });
}

/** The direct page, bundled as a platform would ship it (minified, production React). */
async function bundleDirectPage(dir: string, config: { api: string; publishableKey: string }) {
  await build({
    entryPoints: [join(root, "bench/first-row.page.ts")],
    outdir: dir,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    entryNames: "[name]",
    chunkNames: "chunk-[hash]",
    logLevel: "error",
  });
  const meta = JSON.stringify(config).replaceAll('"', "&quot;");
  writeFileSync(
    join(dir, "direct.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payouts</title>
<meta name="bench-config" content="${meta}">
<script type="module" src="first-row.page.js"></script></head>
<body><main id="root"></main></body></html>`,
  );
}

/** The API, the connect host (plus /__bench__/), the example platform; claims counted. */
async function startHosts(directDir: string) {
  const { platform, ...providerHosts } = hosts;
  // PGlite in its worker thread, as `npm start` runs it: in process, its statements would
  // hold up the one event loop that also serves the frames' files.
  const database = await openDatabase({ thread: true });
  const app = createApp({
    db: database.db,
    config: { hosts: providerHosts, corsOrigins: [providerHosts.connect] },
  });
  const counter = { claims: 0 };
  // What the platform embeds and enables in its sessions: payouts-list, or every built one.
  const shown = { components: ["payouts-list"] };
  const sandbox = (await seedSandbox(database.db, { days: 60, payments: 400 })) as SandboxInfo;
  const account = sandbox.accounts[0]!;

  const connect = new Hono();
  // Bench-only: the direct page's files, and the client secret its "backend" gives it (what
  // the example platform's POST /api/account_session does, for the same account).
  connect.post("/__bench__/account_session", async (c) => {
    const body = sessionComponentParams(["payouts-list"]);
    body.set("account", account.id);
    const response = await fetch(`${providerHosts.api}${endpoints.accountSessions}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${sandbox.secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
    });
    const session = (await response.json()) as { client_secret: string };
    return c.json({ client_secret: session.client_secret });
  });
  connect.get("/__bench__/:file{[A-Za-z0-9_.-]+\\.(html|js)}", (c) => {
    const file = join(directDir, c.req.param("file"));
    if (!existsSync(file)) return c.notFound();
    const type = file.endsWith(".html") ? "text/html; charset=utf-8" : "text/javascript";
    return c.body(readFileSync(file, "utf8"), 200, { "Content-Type": type });
  });
  connect.route(
    "/",
    createConnectHostApp({ hosts: providerHosts, distDir: `${root}dist/connect` }),
  );

  const apiApp = {
    fetch(request: Request) {
      const { pathname } = new URL(request.url);
      if (request.method === "POST" && pathname === endpoints.claim) counter.claims++;
      return app.fetch(request);
    },
  };
  const platformApp = createPlatformApp({
    origin: platform,
    hosts: providerHosts,
    sandbox,
    distDir: `${root}dist/platform`,
    classicScriptUrl: `${providerHosts.connect}${sdkPath}${provider.id}.js`,
    components: () => shown.components,
  });
  const servers: Server[] = [];
  const closeAll = async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined)))));
    await database.close();
  };
  try {
    servers.push(await listen(apiApp, providerHosts.api));
    servers.push(await listen(connect, providerHosts.connect));
    servers.push(await listen(platformApp, platform));
    // The marketing host (the frames read the consent mode from it) and the files host (a
    // view's uploads and downloads), as `npm start` runs them.
    servers.push(
      await listen(
        createMarketingHostApp({
          hosts: providerHosts,
          siteScriptFile: `${root}dist/site/site.js`,
        }),
        providerHosts.marketing,
      ),
    );
    servers.push(
      await listen(
        createFilesHostApp({
          db: database.db,
          config: { hosts: providerHosts, corsOrigins: [providerHosts.connect] },
        }),
        providerHosts.files,
      ),
    );
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    sandbox,
    account,
    counter,
    shown,
    close: closeAll,
  };
}

/**
 * Runs in every document of a context, before its own scripts. The top page notes when the
 * payouts element is created (inside `create()`) and when its iframe first has a height;
 * every document notes when a payouts row is first in its DOM, and painted. Plain JavaScript
 * in a string: the browser runs it as written (no compiler helpers).
 */
const marks = (tag: string) => `(() => {
  const tag = ${JSON.stringify(tag)};
  const stamp = () => performance.timeOrigin + performance.now();
  if (window.top === window) {
    const create = Document.prototype.createElement;
    Document.prototype.createElement = function (name, options) {
      if (name === tag && window.__benchCreate === undefined) {
        window.__benchCreate = stamp();
        const look = () => {
          const frame = document.querySelector(tag)?.shadowRoot?.querySelector("iframe");
          if (frame && frame.getBoundingClientRect().height > 0) window.__benchFrameShown = stamp();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }
      return create.call(this, name, options);
    };
  }
  const observer = new MutationObserver(() => {
    if (!document.querySelector("table tbody tr")) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__benchFirstRow = stamp(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const readMark = (page: Page | ReturnType<Page["frames"]>[number], name: string) =>
  page
    .waitForFunction((n) => (window as unknown as Record<string, number>)[n], name, {
      timeout: STEP_TIMEOUT_MS,
    })
    .then((handle) => handle.jsonValue() as Promise<number>);

/** The painted row is a payout of the list (not an empty or error state). */
async function expectRows(where: Page | ReturnType<Page["frames"]>[number], which: string) {
  const rows = await where.locator("table tbody tr").count();
  if (rows === 0) throw new Error(`${which}: the list shows no payouts row`);
}

async function embedded(browser: Browser, platform: string, accountId: string) {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: marks(tagName("payouts-list")) });
    const signIn = await context.request.post(`${platform}/sign-in`, {
      form: { account: accountId },
      maxRedirects: 0,
    });
    if (signIn.status() !== 303) throw new Error(`sign-in: HTTP ${signIn.status()}`);
    const page = await context.newPage();
    await page.goto(`${platform}/dashboard`, { timeout: STEP_TIMEOUT_MS });
    const created = await readMark(page, "__benchCreate");
    const shown = await readMark(page, "__benchFrameShown");
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    let frame = page.frames().find((f) => f.url().startsWith(`${hosts.connect}/frame.html`));
    while (!frame && Date.now() < deadline) {
      await page.waitForTimeout(20);
      frame = page.frames().find((f) => f.url().startsWith(`${hosts.connect}/frame.html`));
    }
    if (!frame) throw new Error("no payouts UI frame on the dashboard");
    const row = await readMark(frame, "__benchFirstRow");
    await expectRows(frame, "embedded");
    return { ms: Math.max(row, shown) - created, rowMs: row - created, shownMs: shown - created };
  } finally {
    await context.close();
  }
}

/**
 * In every document: when its shell is first ready (`data-status`). Not "painted": a frame
 * below the fold is not painted (nor given animation frames) until scrolled to.
 */
const readyMark = `(() => {
  const stamp = () => performance.timeOrigin + performance.now();
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-status="ready"]')) return;
    observer.disconnect();
    window.__benchReady = stamp();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const connectFrames = (page: Page) =>
  page.frames().filter((f) => f.url().startsWith(`${hosts.connect}/frame.html`));

/** The JS heap in use of the renderer process running `frame`, after a collection (bytes). */
async function heapOf(context: BrowserContext, target: Page | Frame): Promise<number> {
  const cdp = await context.newCDPSession(target);
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("Performance.enable");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const used = metrics.find((m) => m.name === "JSHeapUsedSize")?.value;
    if (used === undefined) throw new Error("no JSHeapUsedSize in the browser's metrics");
    return used;
  } finally {
    await cdp.detach();
  }
}

interface PageCost {
  /** Bytes received, by origin (bodies as sent and headers). */
  bytes: { platform: number; connect: number; api: number };
  /** Navigation start → every UI frame's shell ready. */
  ms: number;
  frames: number;
  claims: number;
  /** JS heap of the connect host's renderer process. */
  heap: number;
}

/** The dashboard embedding `components`, cold: what it received, when all were ready. */
async function wholePage(
  browser: Browser,
  env: Awaited<ReturnType<typeof startHosts>>,
  components: string[],
): Promise<PageCost> {
  env.shown.components = components;
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: readyMark });
    // The overview leaves some sections out: the page's config is made to name exactly
    // `components` as the parser adds it, before the platform's (deferred) script reads it.
    await context.addInitScript({
      content: `(() => {
  if (window.top !== window) return;
  const components = ${JSON.stringify(components)};
  const observer = new MutationObserver(() => {
    const meta = document.querySelector('meta[name="${configMetaName}"]');
    if (!meta) return;
    observer.disconnect();
    const config = JSON.parse(meta.content);
    config.components = components;
    meta.content = JSON.stringify(config);
  });
  observer.observe(document, { childList: true, subtree: true });
})();`,
    });
    const signIn = await context.request.post(`${hosts.platform}/sign-in`, {
      form: { account: env.account.id },
      maxRedirects: 0,
    });
    if (signIn.status() !== 303) throw new Error(`sign-in: HTTP ${signIn.status()}`);
    const page = await context.newPage();
    const bytes = { platform: 0, connect: 0, api: 0 };
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (request) => {
      pending.push(
        request.sizes().then((size) => {
          const origin = new URL(request.url()).origin;
          const which =
            origin === hosts.connect ? "connect" : origin === hosts.api ? "api" : "platform";
          bytes[which] += size.responseBodySize + size.responseHeadersSize;
        }),
      );
    });
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const before = env.counter.claims;
    await page.goto(`${hosts.platform}/dashboard`, { timeout: STEP_TIMEOUT_MS });
    const start = await page.evaluate(() => performance.timeOrigin);
    const deadline = Date.now() + 4 * STEP_TIMEOUT_MS;
    let ready: number[] = [];
    while (Date.now() < deadline) {
      const frames = connectFrames(page);
      ready = await Promise.all(
        frames.map((f) =>
          f.evaluate(() => (window as { __benchReady?: number }).__benchReady ?? 0).catch(() => 0),
        ),
      );
      if (frames.length >= components.length && ready.every((t) => t > 0)) break;
      await page.waitForTimeout(50);
    }
    const frames = connectFrames(page);
    if (frames.length < components.length || !ready.every((t) => t > 0))
      throw new Error(
        `${ready.filter((t) => t > 0).length} of ${components.length} frames ready (${problems.join("; ")})`,
      );
    await page.waitForLoadState("networkidle", { timeout: STEP_TIMEOUT_MS }).catch(() => {});
    await Promise.all(pending);
    const heap = await heapOf(context, frames[0]!);
    return {
      bytes,
      ms: Math.max(...ready) - start,
      frames: frames.length,
      claims: env.counter.claims - before,
      heap,
    };
  } finally {
    await context.close();
  }
}

async function direct(browser: Browser, measureHeap = false) {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: marks(tagName("payouts-list")) });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${hosts.connect}/__bench__/direct.html`, { timeout: STEP_TIMEOUT_MS });
    const both = Promise.all([readMark(page, "__benchCreate"), readMark(page, "__benchFirstRow")]);
    const [created, row] = await both.catch(async () => {
      const failed = await page.evaluate(() => (window as { __benchError?: string }).__benchError);
      throw new Error(
        `direct page: no payouts row (${[failed, ...problems].filter(Boolean).join("; ")})`,
      );
    });
    await expectRows(page, "direct");
    return { ms: row - created, heap: measureHeap ? await heapOf(context, page) : undefined };
  } finally {
    await context.close();
  }
}

const PAGE_RUNS = 3;

/** The rows of one page's costs (medians of its runs). */
function pageRows(label: string, runs: PageCost[]): BenchRow[] {
  const kb = (pick: (c: PageCost) => number) => median(runs.map(pick)) / 1024;
  const total = kb((c) => c.bytes.platform + c.bytes.connect + c.bytes.api);
  return [
    {
      name: `page with ${label}: bytes received (cold, median)`,
      value: total,
      unit: "KB",
      note: `connect host ${kb((c) => c.bytes.connect).toFixed(0)} KB, API ${kb((c) => c.bytes.api).toFixed(0)} KB, platform ${kb((c) => c.bytes.platform).toFixed(0)} KB; ${runs.length} runs`,
    },
    {
      name: `page with ${label}: navigation → every frame's view ready (cold, median)`,
      value: median(runs.map((c) => c.ms)),
      unit: "ms",
      note: `${runs[0]?.frames ?? 0} UI frames; ${Math.min(...runs.map((c) => c.ms)).toFixed(0)}–${Math.max(...runs.map((c) => c.ms)).toFixed(0)} ms`,
    },
    {
      name: `page with ${label}: account-session claims`,
      value: Math.max(...runs.map((c) => c.claims)),
      unit: "claims",
      target: 1,
    },
    {
      name: `page with ${label}: JS heap of the connect host's frames`,
      value: median(runs.map((c) => c.heap)) / 1024 / 1024,
      unit: "MB",
    },
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export default async function (): Promise<BenchRow[]> {
  const built =
    existsSync(`${root}dist/connect/.vite/manifest.json`) &&
    existsSync(`${root}dist/platform/assets/dashboard.js`);
  if (!built) {
    console.log("  (no build: run `npm run build` first)");
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), `${provider.id}-first-row-`));
  let env: Awaited<ReturnType<typeof startHosts>> | undefined;
  let browser: Browser | undefined;
  try {
    try {
      env = await startHosts(dir);
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
      console.log("  (ports 4000/4100/4200 in use: stop `npm start` or the browser tests first)");
      return [];
    }
    await bundleDirectPage(dir, { api: hosts.api, publishableKey: env.sandbox.publishableKey });
    browser = await launchChromium();
    const embeddedTimes: number[] = [];
    const directTimes: number[] = [];
    const claimsPerLoad: number[] = [];
    const rowTimes: number[] = [];
    const shownTimes: number[] = [];
    let directHeap = 0;
    for (let run = -1; run < RUNS; run++) {
      // Alternate which goes first, so drift and load fall on both alike.
      const order = run % 2 === 0 ? ["embedded", "direct"] : ["direct", "embedded"];
      for (const which of order) {
        if (which === "embedded") {
          const before = env.counter.claims;
          const times = await embedded(browser, hosts.platform, env.account.id);
          if (run >= 0) {
            embeddedTimes.push(times.ms);
            rowTimes.push(times.rowMs);
            shownTimes.push(times.shownMs);
            claimsPerLoad.push(env.counter.claims - before);
          }
        } else {
          const { ms, heap } = await direct(browser, run === RUNS - 1);
          if (run >= 0) directTimes.push(ms);
          if (heap !== undefined) directHeap = heap;
        }
      }
    }
    // One component, then every built one, alternated; the medians of the runs.
    const every = builtComponents();
    const one: PageCost[] = [];
    const all: PageCost[] = [];
    for (let run = -1; run < PAGE_RUNS; run++) {
      const a = await wholePage(browser, env, ["payouts-list"]);
      const b = await wholePage(browser, env, every);
      if (run >= 0) {
        one.push(a);
        all.push(b);
      }
    }
    const e = median(embeddedTimes);
    const d = median(directTimes);
    const range = (values: number[]) =>
      `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;
    return [
      {
        name: "create() → first payouts row painted, embedded (cold, median)",
        value: e,
        unit: "ms",
        note: `${RUNS} runs, ${range(embeddedTimes)}; row painted in the frame ${median(rowTimes).toFixed(0)} ms, iframe given a height ${median(shownTimes).toFixed(0)} ms`,
      },
      {
        name: "same view rendered straight into a page, direct fetch (cold, median)",
        value: d,
        unit: "ms",
        note: `${RUNS} runs, ${range(directTimes)}`,
      },
      {
        name: "embedded / direct, first payouts row",
        value: e / d,
        unit: "×",
        target: 1.5,
      },
      ...pageRows("one component (payouts-list)", one),
      ...pageRows(`every built component (${every.length})`, all),
      {
        name: "JS heap of the connect host's frames, every built component / one",
        value: median(all.map((c) => c.heap)) / median(one.map((c) => c.heap)),
        unit: "×",
      },
      {
        name: "JS heap of the direct page after its first payouts row",
        value: directHeap / 1024 / 1024,
        unit: "MB",
        note: "the same view rendered straight into the page (no SDK, no frames)",
      },
      {
        name: "account-session claims per embedded page load",
        value: Math.max(...claimsPerLoad),
        unit: "claims",
        target: 1,
        note: `per load: ${claimsPerLoad.join(", ")}`,
      },
    ];
  } finally {
    await browser?.close();
    await env?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
