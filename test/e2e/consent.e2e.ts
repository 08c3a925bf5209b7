import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { siteStorageCatalogue } from "../../protocol/site/consent.ts";
import { consentCookieName, consentPaths } from "../../protocol/site/constants.ts";
import { launchChromium } from "./support/browser.ts";
import { startProvider, startTestHosts } from "./support/hosts.ts";

// The provider's consent manager in Chromium (issue 16), on the provider's own pages as
// built: the marketing host's policy page and the connect host's sign-in popup, each running
// the shared site script (consent manager, analytics logger, error reporter). The marketing
// host answers the consent calls; the API host takes the analytics. `<html data-consent>`
// shows the functional category's state and `data-consent-mode` the mode in force.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let browser: Browser;
let context: BrowserContext;
/** Every request the context's pages sent to the analytics intake. */
let analytics: Request[];

const functionalCookie = siteStorageCatalogue.functional.cookies[0];
const functionalStorage = siteStorageCatalogue.functional.localStorage[0];

beforeAll(async () => {
  hosts = await startTestHosts();
  provider = await startProvider();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await hosts?.close();
});

async function freshContext() {
  context = await browser.newContext();
  analytics = [];
  context.on("request", (request) => {
    if (isAnalytics(request)) analytics.push(request);
  });
}

afterEach(async () => {
  await context?.close();
});

/** The provider pages of these tests: one on the marketing host, the sign-in popup. */
const providerPages = () => [
  `${hosts.marketing}${consentPaths.policy}`,
  `${hosts.connect}/popup.html`,
];

async function open(url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** Waits until the page's consent manager has settled its mode (answered or fallen back). */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const mode = document.documentElement.dataset.consentMode;
    return mode !== undefined && mode !== "resolving";
  });

const consentOf = (page: Page) =>
  page.evaluate(() => ({
    consent: document.documentElement.dataset.consent,
    mode: document.documentElement.dataset.consentMode,
  }));

const storedEntry = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), functionalStorage);

const cookieNames = async () => (await context.cookies()).map((c) => c.name);

const isAnalytics = (request: Request) =>
  request.url().startsWith(`${hosts.api}${endpoints.analyticsIntake}`);

/** Waits for the page's next analytics batch (its 3 s flush, or 5 events). */
const analyticsSent = (page: Page) => page.waitForRequest(isAnalytics, { timeout: 15_000 });

/** Leaves the page (pagehide: what its logger queued goes on a keep-alive request). */
async function leave(page: Page) {
  await page.goto("about:blank");
}

/** Saves the functional choice on /cookie-settings, from the keyboard, as a person would. */
async function chooseFunctional(page: Page, allow: boolean) {
  await page.goto(`${hosts.marketing}${consentPaths.settings}`);
  const box = page.locator("#consent-functional");
  await box.focus();
  if ((await box.isChecked()) !== allow) await page.keyboard.press("Space");
  expect(await box.isChecked()).toBe(allow);
  await page.getByRole("button").focus();
  await Promise.all([page.waitForURL(/saved=1/), page.keyboard.press("Enter")]);
  await page.getByRole("status").waitFor();
}

describe("consent on the provider's pages (issue 16)", () => {
  it("with the enforcement endpoint answering after 2 s the page behaves as restricted", async () => {
    await freshContext();
    // The mode call answers "open" (everything allowed), but 2 s late: the page has fallen
    // back to restricted after 1 s and stays there.
    let answered = 0;
    await context.route(`${hosts.marketing}${consentPaths.enforcementMode}`, async (route) => {
      await new Promise((done) => setTimeout(done, 2000));
      answered++;
      await route.fulfill({
        json: { mode: "open" },
        headers: { "Access-Control-Allow-Origin": "*" },
      });
    });
    for (const url of providerPages()) {
      const page = await open(url);
      const response = page.waitForResponse((r) => r.url().endsWith(consentPaths.enforcementMode));
      await settled(page);
      expect(await consentOf(page)).toEqual({ consent: "refused", mode: "restricted-fallback" });
      await response; // the late answer arrived, and changed nothing
      expect(await consentOf(page)).toEqual({ consent: "refused", mode: "restricted-fallback" });
      expect(await storedEntry(page)).toBeNull();
      await leave(page);
    }
    expect(answered).toBe(2);
    expect(await cookieNames()).not.toContain(functionalCookie);
    expect(analytics).toEqual([]);
  });

  it("the same answer in time is obeyed (the check above can fail)", async () => {
    await freshContext();
    await context.route(`${hosts.marketing}${consentPaths.enforcementMode}`, (route) =>
      route.fulfill({ json: { mode: "open" }, headers: { "Access-Control-Allow-Origin": "*" } }),
    );
    const page = await open(providerPages()[0]!);
    const sent = analyticsSent(page);
    await settled(page);
    expect(await consentOf(page)).toEqual({ consent: "allowed", mode: "open" });
    expect(await storedEntry(page)).toMatch(/^[0-9a-f]{32}$/);
    await sent;
    expect(analytics.length).toBeGreaterThan(0);
  });

  it("in restricted mode with functional consent denied nothing functional is written and no analytics request leaves the page", async () => {
    await freshContext();
    const settings = await open(`${hosts.marketing}${consentPaths.settings}`);
    await chooseFunctional(settings, false);
    await settings.close();
    for (const url of providerPages()) {
      const page = await open(url);
      await settled(page);
      expect(await consentOf(page)).toEqual({ consent: "refused", mode: "restricted" });
      expect(await storedEntry(page)).toBeNull();
      await leave(page);
    }
    expect(await cookieNames()).toContain(consentCookieName);
    expect(await cookieNames()).not.toContain(functionalCookie);
    expect(analytics).toEqual([]);

    // The same pages with the consent given: a page view leaves each.
    const again = await open(`${hosts.marketing}${consentPaths.settings}`);
    await chooseFunctional(again, true);
    await again.close();
    const sentBefore = analytics.length;
    for (const url of providerPages()) {
      const page = await open(url);
      const sent = analyticsSent(page);
      await settled(page);
      expect(await consentOf(page)).toEqual({ consent: "allowed", mode: "restricted" });
      await sent;
      await leave(page);
    }
    expect(analytics.length).toBeGreaterThan(sentBefore);
    const body = new URLSearchParams(analytics.at(-1)!.postData() ?? "");
    expect(JSON.parse(body.get("events") ?? "[]")[0]).toMatchObject({
      event_name: "site_page_viewed",
    });
  });

  it("consent granted on /cookie-settings in one tab reaches a provider page open in another; withdrawing it removes what was written", async () => {
    await freshContext();
    const pages = await Promise.all(providerPages().map((url) => open(url)));
    for (const page of pages) {
      await settled(page);
      expect(await consentOf(page)).toEqual({ consent: "refused", mode: "restricted" });
      expect(await storedEntry(page)).toBeNull();
    }
    expect(await cookieNames()).not.toContain(functionalCookie);

    const settings = await open(`${hosts.marketing}${consentPaths.settings}`);
    await chooseFunctional(settings, true);
    // Each page already open picks the choice up from the cookie (waited for, not timed),
    // then writes its anonymous analytics id in both places the category lists.
    for (const page of pages) {
      await page.waitForFunction(() => document.documentElement.dataset.consent === "allowed");
      expect(await storedEntry(page)).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(await cookieNames()).toContain(functionalCookie);

    await chooseFunctional(settings, false);
    for (const page of pages) {
      await page.waitForFunction(() => document.documentElement.dataset.consent === "refused");
      expect(await storedEntry(page)).toBeNull();
    }
    expect(await cookieNames()).not.toContain(functionalCookie);
  });
});
