import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider, tagName } from "../../protocol/provider.ts";
import { PayoutsListModel } from "../../sdk/testing/payouts-list.model.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { encodeBracketed } from "../../server/http/form.ts";
import { startServer } from "../../server/main.ts";
import { createPlatform } from "../../server/platforms/platforms.ts";
import { DebugComponentsListModel } from "./models/debug-components-list.model.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { startTestHosts, testPorts } from "./support/hosts.ts";

// The first two components in real component frames (connect host on 127.0.0.1, under its
// CSP) on a platform page (localhost) that claims a session through the data layer and plays
// the host elements by hand, against the reference provider with a payout history made the
// way time makes it: a charge a day, the sandbox clock moved a day at a time, the daily
// schedule paying out what became available.

const DAY = 86_400;
const DAYS = 25;

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let api: Awaited<ReturnType<typeof startApi>>;
let browser: Browser;

/** The reference provider with one platform and one connected account with payouts. */
async function startApi() {
  const database = await openDatabase({});
  const server = await startServer({ database, ports: testPorts });
  const { secretKey, publishableKey } = await createPlatform(
    database.db,
    { business_name: "Rocket Rides" },
    Math.floor(Date.now() / 1000),
  );
  const call = async (
    method: "GET" | "POST",
    path: string,
    params: Record<string, unknown> = {},
    account?: string,
  ) => {
    const query = method === "GET" ? `?${encodeBracketed(params)}` : "";
    const response = await fetch(`${server.url}${path}${query}`, {
      method,
      headers: {
        Authorization: `Bearer ${secretKey}`,
        ...(account ? { [provider.headers.account]: account } : {}),
        ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(method === "POST" ? { body: encodeBracketed(params).toString() } : {}),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body;
  };
  const account = (await call("POST", "/v1/accounts", { type: "custom", country: "US" }))
    .id as string;
  // Payouts go to the account's default bank account.
  await call("POST", `/v1/accounts/${account}/external_accounts`, {
    external_account: {
      object: "bank_account",
      country: "US",
      currency: "usd",
      routing_number: "110000000",
      account_number: "000123456789",
    },
  });
  for (let day = 0; day < DAYS; day++) {
    await call(
      "POST",
      "/v1/charges",
      { amount: 5_000 + day * 137, currency: "usd", payment_method: "pm_card_visa" },
      account,
    );
    await call("POST", "/v1/test_helpers/clock/advance", { seconds: DAY });
  }
  const payouts = (await call("GET", "/v1/payouts", { limit: 100 }, account)).data as {
    id: string;
    amount: number;
    status: string;
  }[];
  return {
    publishableKey,
    account,
    payouts,
    async clientSecret(components: string[]): Promise<string> {
      const session = await call("POST", "/v1/account_sessions", {
        account,
        components: Object.fromEntries(components.map((c) => [c, { enabled: true }])),
      });
      return session.client_secret;
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  hosts = await startTestHosts();
  api = await startApi();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await hosts?.close();
});

interface FrameSpec {
  id: string;
  component: string;
  attributes?: Record<string, string>;
  width: string;
}

interface HostCall {
  frame: string;
  method: string;
  arg: { open?: boolean; height?: number };
}

/**
 * The platform page: the data layer claims a session with `clientSecret`, then one UI frame
 * per spec is embedded and served as its host element would (handshake server of the
 * namespace; `props` with the spec's attributes; calls recorded, reportSize applied).
 */
async function openComponents(clientSecret: string, specs: FrameSpec[]) {
  const namespace = `ns${Date.now()}`;
  const query = new URLSearchParams({
    namespace,
    connect: hosts.connect,
    stranger: hosts.stranger,
    pk: api.publishableKey,
  });
  const { page, problems } = await openPage(
    browser,
    `${hosts.platform}/data-layer-platform.html?${query}`,
  );
  await page.evaluate(
    () => (window as never as { dataLayer: { ready: Promise<void> } }).dataLayer.ready,
  );
  const claimed = await page.evaluate(
    (secret) =>
      (
        window as never as { dataLayer: { request(m: unknown): Promise<{ ok?: boolean }> } }
      ).dataLayer.request({ requestType: "claimAccountSessionRequest", clientSecret: secret }),
    clientSecret,
  );
  expect(claimed).toMatchObject({ requestType: "response", ok: true });

  await page.evaluate(
    ({ connect, namespace, hashParams, specs }) => {
      const serverId = `host-${Math.random().toString(36).slice(2)}`;
      const calls: { frame: string; method: string; arg: unknown }[] = [];
      const bySource = new Map<
        unknown,
        { spec: (typeof specs)[number]; iframe: HTMLIFrameElement }
      >();
      for (const spec of specs) {
        const iframe = document.createElement("iframe");
        iframe.id = spec.id;
        iframe.title = spec.component;
        iframe.style.cssText = `border:0;display:block;width:${spec.width};height:0;min-height:640px`;
        const hash = new URLSearchParams({
          [hashParams.runningInIframe]: "true",
          [hashParams.platformUrl]: location.href,
          [hashParams.namespace]: namespace,
          [hashParams.component]: spec.component,
        });
        iframe.src = `${connect}/frame.html#${hash}`;
        document.body.append(iframe);
        bySource.set(iframe.contentWindow, { spec, iframe });
        iframe.addEventListener("load", () =>
          iframe.contentWindow?.postMessage(
            { namespace, message: "server-syn", data: { serverId } },
            connect,
          ),
        );
      }
      const serve = (
        port: MessagePort,
        { spec, iframe }: { spec: (typeof specs)[number]; iframe: HTMLIFrameElement },
      ) => {
        const props = {
          attributes: spec.attributes ?? {},
          setters: { handledEvents: [] },
          appearance: null,
          fonts: null,
          locale: "en-US",
        };
        port.onmessage = (event) => {
          const message = event.data;
          if (message.type === "CALL") {
            const arg = message.args[0];
            calls.push({ frame: spec.id, method: message.method, arg });
            if (message.method === "reportSize") iframe.style.height = `${arg.height}px`;
            port.postMessage({ type: "CALL_RESPONSE", id: message.id });
          } else if (message.type === "ADD_SUBSCRIPTION" && message.name === "props") {
            port.postMessage({ type: "SUBSCRIPTION_RESULT", id: message.id, value: props });
          }
        };
        port.start();
      };
      window.addEventListener("message", (event) => {
        const m = event.data;
        if (event.origin !== connect || !m || m.namespace !== namespace) return;
        const entry = bySource.get(event.source);
        if (!entry) return;
        if (m.message === "syn") {
          (event.source as Window).postMessage(
            { namespace, message: "syn-ack", data: { clientId: m.data.clientId, serverId } },
            connect,
          );
        } else if (m.message === "ack" && m.data.serverId === serverId) {
          const port = event.ports[0] ?? m.data.port;
          if (port) serve(port, entry);
        }
      });
      (window as never as { componentHost: unknown }).componentHost = { calls };
    },
    { connect: hosts.connect, namespace, hashParams: provider.hashParams, specs },
  );

  const frameOf = async (id: string): Promise<Frame> => {
    const handle = await page.waitForSelector(`iframe#${id}`);
    const frame = await handle.contentFrame();
    if (!frame) throw new Error(`no frame ${id}`);
    await frame.waitForLoadState();
    return frame;
  };
  const calls = () =>
    page.evaluate(
      () => (window as never as { componentHost: { calls: HostCall[] } }).componentHost.calls,
    );
  return { page, problems, frameOf, calls };
}

const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

describe("payouts-list and debug-components-list in real frames, against the reference provider", () => {
  let page: Page;
  let problems: string[];
  let frameOf: (id: string) => Promise<Frame>;
  let calls: () => Promise<HostCall[]>;

  beforeAll(async () => {
    expect(api.payouts.length).toBeGreaterThan(20);
    const secret = await api.clientSecret(["payouts_list", "payments"]);
    ({ page, problems, frameOf, calls } = await openComponents(secret, [
      { id: "payouts", component: "payouts-list", width: "720px" },
      {
        id: "recent",
        component: "payouts-list",
        attributes: { "recent-payouts": "true" },
        width: "720px",
      },
      { id: "narrow", component: "payouts-list", width: "360px" },
      { id: "debug", component: "debug-components-list", width: "960px" },
    ]));
  });

  afterAll(async () => {
    await page?.close();
  });

  it("payouts-list shows the account's payouts newest first and pages by keyset to the oldest one", async () => {
    const list = new PayoutsListModel(await frameOf("payouts"));
    const first = await list.seeRows();
    expect(first).toHaveLength(10);
    expect(await list.canGoPrevious()).toBe(false);
    const all = await list.pageToOldest();
    // Every payout, once, in the API's order (newest first), down to the oldest.
    expect(all.map((r) => r.amount)).toEqual(api.payouts.map((p) => usd(p.amount)));
    expect(await list.canGoNext()).toBe(false);
    // Back one page: the rows before the last page, again.
    const back = await list.previousPage();
    const lastPageStart = Math.floor((api.payouts.length - 1) / 10) * 10;
    expect(back.map((r) => r.amount)).toEqual(
      api.payouts.slice(lastPageStart - 10, lastPageStart).map((p) => usd(p.amount)),
    );
  });

  it("status badges, arrival dates, speed and destination are shown for each payout", async () => {
    const list = new PayoutsListModel(await frameOf("recent"));
    const rows = await list.seeRows();
    const words: Record<string, string> = {
      pending: "Pending",
      in_transit: "In transit",
      paid: "Paid",
      failed: "Failed",
      canceled: "Canceled",
    };
    expect(rows.map((r) => r.status)).toEqual(api.payouts.slice(0, 5).map((p) => words[p.status]));
    for (const row of rows) {
      expect(row.arrival).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(row.speed).toBe("Standard");
      expect(row.destination).toMatch(/account ending in \d{4}$/);
    }
    // recent-payouts: the five newest, without paging.
    expect(rows).toHaveLength(5);
    expect(await list.hasPaging()).toBe(false);
    expect(
      await list
        .table()
        .getAttribute("aria-label")
        .catch(() => null),
    ).toBeNull();
    expect(await list.root.getByRole("table", { name: "Recent payouts" }).count()).toBe(1);
  });

  it("a row opens the payout's detail: amount, status, fee, balance transaction, dates, timeline; the host hears the overlay", async () => {
    const list = new PayoutsListModel(await frameOf("payouts"));
    await list.seeRows();
    while (await list.canGoPrevious()) await list.previousPage();
    const newest = api.payouts[0]!;
    await list.openPayout(0);
    const detail = await list.seeDetail();
    expect(detail.Amount).toBe(usd(newest.amount));
    expect(detail["Payout reference"]).toBe(newest.id);
    expect(detail["Payout fee"]).toBe("$0.00");
    expect(detail["Balance transaction"]).toMatch(/^txn_/);
    expect(detail["Started by"]).toBe("Payout schedule");
    const timeline = await list.seeTimeline();
    expect(timeline.at(-1)).toBe("Payout created");
    await list.closeDetail();
    await expect
      .poll(async () =>
        (await calls())
          .filter((c) => c.frame === "payouts" && c.method === "overlayChanged")
          .map((c) => c.arg.open),
      )
      .toEqual([true, false]);
  });

  it("below 381px the list lays out narrow", async () => {
    const list = new PayoutsListModel(await frameOf("narrow"));
    expect(await list.seeColumns()).toEqual(["Amount", "Payout status", "Arrival date"]);
  });

  it("debug-components-list shows every catalogue entry with its release state and whether this session enables it", async () => {
    const debug = new DebugComponentsListModel(await frameOf("debug"));
    const all = await debug.seeComponents();
    expect(all.length).toBeGreaterThan(50);
    expect(await debug.seeComponent(tagName("payouts-list"))).toEqual({
      tag: tagName("payouts-list"),
      release: "Generally available",
      session: "Enabled",
      signIn: "No sign-in needed",
      aliases: "",
    });
    expect((await debug.seeComponent(tagName("payments")))?.session).toBe("Enabled");
    expect((await debug.seeComponent(tagName("payouts")))?.session).toBe("Not enabled");
    expect((await debug.seeComponent(tagName("instant-payouts-legacy")))?.aliases).toBe(
      "Alias of instant-payouts",
    );
    const internal = await debug.filterRelease("Internal only");
    expect(internal.every((c) => c.release === "Internal only")).toBe(true);
    await debug.filterRelease("Every release state");
    expect((await debug.search("payouts-list")).map((c) => c.tag)).toEqual([
      tagName("payouts-list"),
    ]);
    await debug.search("");
  });

  it("debug-components-list opens a component in place: a real view, or its typed unavailable text", async () => {
    const debug = new DebugComponentsListModel(await frameOf("debug"));
    const unbuilt = tagName("issuing-card");
    await debug.open(unbuilt);
    expect(await debug.seeUnavailable(unbuilt)).toContain(
      "Your money is secure, but your card information cannot be loaded here.",
    );
    await debug.closeOpened(unbuilt);
    const inline = await debug.openPayoutsList(tagName("payouts-list"));
    const rows = await inline.seeRows();
    expect(rows.map((r) => r.amount)).toEqual(api.payouts.slice(0, 10).map((p) => usd(p.amount)));
  });

  it("nothing was logged as a problem on the page", () => {
    expect(problems).toEqual([]);
  });
});
