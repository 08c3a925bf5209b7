import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage } from "./support/browser.ts";
import { startProvider, startTestHosts } from "./support/hosts.ts";
import { expectNoSecrets } from "./support/secrets.ts";

// Issue 4's browser test: the platform page (localhost) and the frames (127.0.0.1) on two
// sites, the reference provider on the API origin. Two UI frames connect to the data layer
// and proxy calls; every message that reaches the platform page or a UI frame is recorded,
// and none carries a key, a refresh token or the client secret.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let browser: Browser;

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

type Reply = { requestType: string; requestId?: string; [field: string]: unknown };
interface Conversation {
  ready: Promise<Reply>;
  received: Reply[];
  request(message: Record<string, unknown>): Promise<Reply>;
}
const platformSide = (page: Page) => ({
  request: (message: Record<string, unknown>) =>
    page.evaluate(
      (m) => (window as unknown as { dataLayer: Conversation }).dataLayer.request(m),
      message,
    ),
  received: () =>
    page.evaluate(() => (window as unknown as { dataLayer: Conversation }).dataLayer.received),
});
const frameSide = (frame: Frame) => ({
  ready: () => frame.evaluate(() => (window as unknown as { uiFrame: Conversation }).uiFrame.ready),
  request: (message: Record<string, unknown>) =>
    frame.evaluate(
      (m) => (window as unknown as { uiFrame: Conversation }).uiFrame.request(m),
      message,
    ),
  received: () =>
    frame.evaluate(() => (window as unknown as { uiFrame: Conversation }).uiFrame.received),
});

describe("UI frames proxying through the data layer, in Chromium, against the reference provider", () => {
  it("two UI frames connect and proxy calls; no message reaching the page or a frame carries a key", async () => {
    const clientSecret = await provider.clientSecret(["account_onboarding", "account_management"]);
    const query = new URLSearchParams({
      namespace: `ns${Date.now()}`,
      connect: hosts.connect,
      stranger: hosts.stranger,
      pk: provider.publishableKey,
      frames: "account-onboarding,account-management",
    });
    const { page, problems } = await openPage(
      browser,
      `${hosts.platform}/data-layer-platform.html?${query}`,
    );
    const platform = platformSide(page);
    await page.evaluate(() => (window as unknown as { dataLayer: Conversation }).dataLayer.ready);

    const claimed = await platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret,
    });
    expect(claimed).toMatchObject({
      requestType: "response",
      ok: true,
      body: { account_id: provider.accountId },
    });

    await expect
      .poll(() => page.frames().filter((f) => f.url().includes("/__test__/")).length)
      .toBe(2);
    const frames = page
      .frames()
      .filter((f) => f.url().includes("/__test__/"))
      .map(frameSide);
    const url = `${provider.url}/v1/connect/auth/requires_external_account_verification`;
    for (const [i, frame] of frames.entries()) {
      await frame.ready();
      const componentName = i === 0 ? "account-onboarding" : "account-management";
      const answer = await frame.request({
        requestType: "authedProxy",
        componentName,
        url,
        method: "POST",
      });
      // It starts the sandbox challenge (issue 14 item 3): no key in the answer.
      expect(answer).toMatchObject({
        requestType: "response",
        ok: true,
        status: 200,
        body: { object: "external_account_verification", requires_verification: true },
      });
      expect(answer.body).not.toHaveProperty("key", expect.stringMatching(/./));
      const state = await frame.request({ requestType: "authStateRequest" });
      expect(state).toMatchObject({ authState: { status: "account_session_authenticated" } });
    }

    // Every frame knows the session it works in, without its keys.
    for (const frame of frames) {
      const got = await frame.received();
      const session =
        got.find((m) => m.requestType === "sessionChanged")?.session ??
        got.find((m) => m.requestType === "initresponse")?.session;
      expect(session).toMatchObject({ account_id: provider.accountId });
    }

    const everything = JSON.stringify([
      await platform.received(),
      ...(await Promise.all(frames.map((f) => f.received()))),
    ]);
    for (const secret of ["ek_test_", "uk_test_", "urt_", "eak_test_", clientSecret, '"api_key"'])
      expect(everything).not.toContain(secret);
    expectNoSecrets(JSON.parse(everything), [clientSecret]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("issue 14 item 2: encoded spellings of the key-minting and intercepted routes never return a key", async () => {
    const clientSecret = await provider.clientSecret(["account_onboarding"]);
    const query = new URLSearchParams({
      namespace: `ns${Date.now()}`,
      connect: hosts.connect,
      stranger: hosts.stranger,
      pk: provider.publishableKey,
      frames: "account-onboarding",
    });
    const { page, problems } = await openPage(
      browser,
      `${hosts.platform}/data-layer-platform.html?${query}`,
    );
    const platform = platformSide(page);
    await page.evaluate(() => (window as unknown as { dataLayer: Conversation }).dataLayer.ready);
    await platform.request({ requestType: "claimAccountSessionRequest", clientSecret });
    await expect
      .poll(() => page.frames().filter((f) => f.url().includes("/__test__/")).length)
      .toBe(1);
    const frame = frameSide(page.frames().find((f) => f.url().includes("/__test__/"))!);
    await frame.ready();
    const minting = [
      ["POST", "/v1/account_sessions%2Fclaim"],
      ["POST", "/v1/account%5Fsessions/claim"],
      ["POST", "/v1/account_sessions"],
      ["POST", "/v1/embedded/user%5Fauthed%5Fkey"],
      ["GET", "/v1/retrieve%5Fembedded%5Fflags"],
    ];
    for (const [method, path] of minting) {
      const answer = await frame.request({
        requestType: "authedProxy",
        componentName: "account-onboarding",
        url: `${provider.url}${path}`,
        method,
        ...(method === "POST" ? { body: { client_secret: clientSecret } } : {}),
      });
      expect(answer).toMatchObject({ requestType: "errorResponse" });
    }
    for (const [method, path] of [
      ["GET", "/v1/connect/identity%5Fchallenge"],
      ["POST", "/v1/connect/auth/requires%5Fexternal%5Faccount%5Fverification"],
    ]) {
      const answer = await frame.request({
        requestType: "authedProxy",
        componentName: "account-onboarding",
        url: `${provider.url}${path}`,
        method,
      });
      expect(answer).toMatchObject({ requestType: "response", ok: true });
      expectNoSecrets(answer);
    }
    expectNoSecrets([await platform.received(), await frame.received()], [clientSecret]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
