import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage } from "./support/browser.ts";
import { startTestHosts } from "./support/hosts.ts";
import { expectNoSecrets } from "./support/secrets.ts";

// The data-layer frame in real Chromium, served by the connect host under its CSP on
// 127.0.0.1, embedded by a platform page on localhost, next to a stranger on 127.0.0.2.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let browser: Browser;

beforeAll(async () => {
  hosts = await startTestHosts();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await hosts?.close();
});

interface DataLayerPage {
  page: Page;
  problems: string[];
}

async function openPlatform(): Promise<DataLayerPage> {
  const query = new URLSearchParams({
    namespace: `ns${Date.now()}`,
    connect: hosts.connect,
    stranger: hosts.stranger,
  });
  return openPage(browser, `${hosts.platform}/data-layer-platform.html?${query}`);
}

const request = (page: Page, message: Record<string, unknown>) =>
  page.evaluate(
    (m) =>
      (
        window as never as { dataLayer: { request(m: unknown): Promise<unknown> } }
      ).dataLayer.request(m),
    message,
  );

describe("the data-layer frame in Chromium", () => {
  it("answers the platform's init on its port, under the strict CSP, with no console error", async () => {
    const { page, problems } = await openPlatform();
    const init = await page.evaluate(
      () => (window as never as { dataLayer: { ready: Promise<unknown> } }).dataLayer.ready,
    );
    expect(init).toMatchObject({ requestType: "initresponse", requestId: "init-1", session: null });
    const state = await request(page, { requestType: "authStateRequest" });
    expect(state).toMatchObject({
      requestType: "authState",
      authState: { status: "unauthenticated", userSessionExpired: false },
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a frame on a third site posting well-formed messages gets nothing back and changes nothing", async () => {
    const { page, problems } = await openPlatform();
    await page.evaluate(
      () => (window as never as { dataLayer: { ready: Promise<unknown> } }).dataLayer.ready,
    );
    const strangerFrame = page.frames().find((f) => f.url().startsWith(hosts.stranger));
    expect(strangerFrame).toBeDefined();
    await strangerFrame!.waitForFunction(() => "stranger" in window);
    await strangerFrame!.evaluate(() =>
      (window as never as { stranger: { attempt(): void } }).stranger.attempt(),
    );
    // The platform's own conversation still answers, after the stranger's messages were handled.
    const state = await request(page, { requestType: "authStateRequest" });
    expect(state).toMatchObject({ authState: { status: "unauthenticated" } });
    await page.waitForTimeout(500);
    const strangerGot = await strangerFrame!.evaluate(
      () => (window as never as { stranger: { received: unknown[] } }).stranger.received,
    );
    expect(strangerGot).toEqual([]);
    expectNoSecrets(strangerGot);
    const platformGot = await page.evaluate(() =>
      (
        window as never as { dataLayer: { received: { requestType: string }[] } }
      ).dataLayer.received.map((m) => m.requestType),
    );
    expect(platformGot).toEqual(["initresponse", "authState"]);
    // Each of the stranger's window messages reached the data layer and was refused.
    const refused = problems.filter((p) =>
      p.includes("data layer: message dropped (origin not allowed)"),
    );
    expect(refused).toHaveLength(5);
    expect(problems.filter((p) => !refused.includes(p))).toEqual([]);
    await page.close();
  });

  it("issue 14 item 11: embedded by a page that is not the platformUrl's origin, the data layer refuses to work: a UI frame's init gets no answer", async () => {
    const open = async (platformUrl: string) => {
      const query = new URLSearchParams({
        namespace: `ns${Date.now()}`,
        connect: hosts.connect,
        platformUrl,
      });
      const opened = await openPage(browser, `${hosts.stranger}/framer.html?${query}`);
      await expect
        .poll(() => opened.page.frames().find((f) => f.url().includes("/__test__/ui-frame")))
        .toBeTruthy();
      const ui = opened.page.frames().find((f) => f.url().includes("/__test__/ui-frame"))!;
      await ui.waitForFunction(() => "uiFrame" in window);
      await opened.page.waitForTimeout(800);
      const got = await ui.evaluate(
        () =>
          (window as never as { uiFrame: { received: { requestType?: string }[] } }).uiFrame
            .received,
      );
      return { ...opened, got };
    };
    // The page names the platform as its platformUrl: refused.
    const refused = await open(`${hosts.platform}/dashboard`);
    expect(refused.got).toEqual([]);
    expect(refused.problems.some((p) => p.includes("refusing to work"))).toBe(true);
    await refused.page.close();
    // The same page naming itself: the data layer works for it (the UI frame is answered).
    const honest = await open(`${hosts.stranger}/framer.html`);
    expect(honest.got.map((m) => m.requestType)).toContain("initresponse");
    expect(honest.problems).toEqual([]);
    await honest.page.close();
  });
});
