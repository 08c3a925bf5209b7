import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SandboxInfo } from "../../examples/platform/sandbox.ts";
import { provider, tagName } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { componentFrame, PayoutsListModel } from "../../sdk/testing/index.ts";
import type { DatabaseHandle } from "../../server/db/connect.ts";
import { seedSandbox } from "../../server/sandbox/seed.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import { PlatformPage } from "./models/platform.model.ts";
import { launchChromium } from "./support/browser.ts";
import { startExamplePlatform } from "./support/hosts.ts";

// Issue 18, item 3: the example platform's markup-only page — the classic script's tag and
// a configuration element, no script of its own — shows working components under the
// platform CSP, and follows its appearance and locale attributes live.

const makeSandbox = (db: DatabaseHandle["db"]) =>
  seedSandbox(db, { days: 30, payments: 120 }) as Promise<SandboxInfo>;

let env: Awaited<ReturnType<typeof startExamplePlatform>>;
let browser: Browser;
let open: PlatformPage[] = [];

beforeAll(async () => {
  env = await startExamplePlatform(makeSandbox);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

afterEach(async () => {
  const problems = open.flatMap((p) => p.problems);
  await Promise.all(open.map((p) => p.close()));
  open = [];
  expect(problems).toEqual([]);
});

/** A signed-in tab on the markup-only page; `secretFetches` counts only this page's. */
async function markupPage(): Promise<PlatformPage> {
  const platform = await PlatformPage.open(browser, env.platform, env.connect);
  open.push(platform);
  await platform.signIn(env.sandbox.accounts[0]!.label);
  await platform.page.goto("about:blank");
  platform.secretFetches.splice(0);
  await platform.goto("markup");
  return platform;
}

const newestPayout = () =>
  env.db
    .selectFrom("payouts")
    .select(["amount", "currency"])
    .where("account_id", "=", env.sandbox.mainAccountId)
    .orderBy("created", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

describe("the markup-only page", () => {
  it("has no script but the classic script's tag, and shows the payouts list configured by <connect> element", async () => {
    const platform = await markupPage();
    const scripts = await platform.page.$$eval("script", (all) =>
      all.map((s) => ({ src: s.getAttribute("src"), type: s.type, inline: s.text.trim() })),
    );
    expect(scripts).toEqual([
      { src: `${env.connect}${sdkPath}${provider.id}.js`, type: "", inline: "" },
    ]);
    const list = new PayoutsListModel(await componentFrame(platform.page, tagName("payouts-list")));
    const newest = await newestPayout();
    expect((await list.seeRows())[0]?.amount).toBe(
      formatMoney(newest.amount, newest.currency, "en-US"),
    );
    // The client secret came from the configured endpoint, once, with the page's cookie.
    expect(platform.secretFetches).toHaveLength(1);
    expect(await platform.secretFetches[0]!.headerValue("cookie")).toBeTruthy();
    // The appearance attribute reached the frame.
    const [state] = await platform.everyComponentReady();
    expect(state?.colorPrimary.toLowerCase()).toBe("#0b7a5a");
  });

  it("follows the configuration element's appearance and locale attributes when they change", async () => {
    const platform = await markupPage();
    await platform.everyComponentReady();
    const config = platform.page.locator(tagName("connect"));
    await config.evaluate((el) => {
      el.setAttribute("appearance", JSON.stringify({ variables: { colorPrimary: "#aa2200" } }));
      el.setAttribute("locale", "en-XA");
    });
    await platform.waitForEveryComponent(
      (c) => c.status === "ready" && c.colorPrimary.toLowerCase() === "#aa2200" && c.pseudo,
    );
    // No second claim: the same session, updated.
    expect(platform.secretFetches).toHaveLength(1);
  });
});
