import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataLayerFrameName } from "../../actors/messaging/names.ts";
import { provider as providerConfig } from "../../protocol/provider.ts";
import { createUser } from "../../server/users/users.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { startProvider, startTestHosts } from "./support/hosts.ts";
import { expectNoSecrets } from "./support/secrets.ts";

// The sign-in popup end to end, in Chromium: the platform page (localhost) embeds the
// data layer and a UI frame (127.0.0.1) built from actors/ui-frame; a click in the UI frame
// opens connect/popup.html (as built, under its CSP); the provider user signs in against
// the reference provider; the data layer exchanges the popup's key and becomes
// user_authenticated. Every message that reaches the platform page or the UI frame is kept,
// and none carries a key.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let browser: Browser;
let built: string;

const pagesSrc = new URL("./pages/built/", import.meta.url).pathname;

beforeAll(async () => {
  built = mkdtempSync(join(tmpdir(), "e2e-built-"));
  await build({
    configFile: false,
    logLevel: "silent",
    build: {
      outDir: built,
      emptyOutDir: false,
      minify: false,
      target: "es2022",
      lib: {
        entry: join(pagesSrc, "sign-in-frame.ts"),
        formats: ["es"],
        fileName: () => "sign-in-frame.js",
      },
    },
  });
  copyFileSync(join(pagesSrc, "sign-in-frame.html"), join(built, "sign-in-frame.html"));
  hosts = await startTestHosts({ builtTestPagesDir: built });
  provider = await startProvider();
  await createUser(
    provider.database.db,
    {
      email: "anna@example.com",
      password: "correct horse",
      accountId: provider.accountId,
      isPrimary: true,
    },
    Math.floor(Date.now() / 1000),
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await hosts?.close();
  if (built) rmSync(built, { recursive: true, force: true });
});

type Message = { requestType?: string; [field: string]: unknown };
interface PlatformSide {
  ready: Promise<Message>;
  received: Message[];
  request(message: Record<string, unknown>): Promise<Message>;
  addUiFrame(): void;
}
interface UiFrameSide {
  ready: Promise<void>;
  received: Message[];
  results: { status?: string; error?: string }[];
}

async function embed(): Promise<{ page: Page; frame: Frame; problems: string[] }> {
  const namespace = `ns${Date.now()}`;
  const query = new URLSearchParams({
    namespace,
    connect: hosts.connect,
    marker: providerConfig.messageMarker,
    dataLayerName: dataLayerFrameName(namespace),
    pk: provider.publishableKey,
  });
  const { page, problems } = await openPage(
    browser,
    `${hosts.platform}/sign-in-platform.html?${query}`,
  );
  await page.evaluate(() => (window as unknown as { platform: PlatformSide }).platform.ready);
  const claimed = await page.evaluate(
    (clientSecret) =>
      (window as unknown as { platform: PlatformSide }).platform.request({
        requestType: "claimAccountSessionRequest",
        clientSecret,
      }),
    await provider.clientSecret(["payouts"]),
  );
  expect(claimed).toMatchObject({ requestType: "response", ok: true });
  await page.evaluate(() =>
    (window as unknown as { platform: PlatformSide }).platform.addUiFrame(),
  );
  await expect
    .poll(() => page.frames().find((f) => f.url().includes("/sign-in-frame")))
    .toBeTruthy();
  const frame = page.frames().find((f) => f.url().includes("/sign-in-frame")) as Frame;
  await frame.waitForSelector("#result:text('ready')");
  await frame.evaluate(() => (window as unknown as { uiFrame: UiFrameSide }).uiFrame.ready);
  // The frame knows the claimed session (without keys) before it offers to sign in.
  await expect
    .poll(() =>
      frame.evaluate(() =>
        (window as unknown as { uiFrame: UiFrameSide }).uiFrame.received.some(
          (m) =>
            m.requestType === "sessionChanged" || (m.requestType === "initresponse" && m.session),
        ),
      ),
    )
    .toBe(true);
  return { page, frame, problems };
}

const results = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { uiFrame: UiFrameSide }).uiFrame.results);
const authState = async (page: Page) =>
  (
    (await page.evaluate(() =>
      (window as unknown as { platform: PlatformSide }).platform.request({
        requestType: "authStateRequest",
      }),
    )) as { authState: { status: string } }
  ).authState.status;

async function everythingReceived(page: Page, frame: Frame): Promise<string> {
  return JSON.stringify([
    await page.evaluate(() => (window as unknown as { platform: PlatformSide }).platform.received),
    await frame.evaluate(() => (window as unknown as { uiFrame: UiFrameSide }).uiFrame.received),
  ]);
}

async function openPopup(page: Page, frame: Frame): Promise<Page> {
  const popupOpened = page.context().waitForEvent("page");
  await frame.click("#sign-in");
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.getByLabel("Password").waitFor();
  return popup;
}

/**
 * A script at the platform's origin (an injected third-party script, an XSS) opens its own
 * port to the data layer, once as `platform` and once as `ui_frame`, and asks it to proxy
 * GET /v1/balance, /v1/payouts and /v1/connect/user. Answers every message it got back.
 */
async function intrude(page: Page): Promise<unknown[]> {
  return page.evaluate(
    async ({ marker, api, name }) => {
      const dataLayer = (window.frames as unknown as Record<string, Window>)[name]!;
      const got: unknown[] = [];
      for (const init of [
        { sender: "platform", publishableKey: "pk_test_intruder" },
        { sender: "ui_frame", componentName: "payouts" },
      ]) {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => got.push(event.data);
        dataLayer.postMessage(
          { type: marker, requestType: "init", requestId: "intruder", ...init },
          "*",
          [channel.port2],
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        for (const path of ["/v1/balance", "/v1/payouts", "/v1/connect/user"])
          for (const requestType of ["authedProxy", "proxy"])
            channel.port1.postMessage({
              type: marker,
              requestType,
              requestId: `${requestType}${path}`,
              url: `${api}${path}`,
              method: "GET",
              componentName: "payouts",
            });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return got;
    },
    { marker: providerConfig.messageMarker, api: provider.url, name: dataLayerNameOf(page) },
  );
}

const dataLayerNameOf = (page: Page) =>
  new URL(page.url()).searchParams.get("dataLayerName") as string;

/** The API calls the browser makes while `during` runs (telemetry aside). */
async function apiCallsDuring(page: Page, during: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.origin === new URL(provider.url).origin && !url.pathname.startsWith("/v1/telemetry/"))
      calls.push(url.pathname);
  };
  page.context().on("request", record);
  try {
    await during();
  } finally {
    page.context().off("request", record);
  }
  return calls;
}

describe("issue 14 item 1: a script at the platform's origin cannot use the session's keys", () => {
  it("its own port to the data layer proxies nothing, before and after the provider user signs in: no API call, no answer", async () => {
    const { page, frame, problems } = await embed();
    /** The intruder's attempt: no API call, and only its platform init answered. */
    const intrudeAndCheck = async () => {
      let answers: unknown[] = [];
      expect(
        await apiCallsDuring(page, async () => {
          answers = await intrude(page);
        }),
      ).toEqual([]);
      // The platform init answers (initresponse, with the sanitized session); nothing else.
      expect(answers.map((m) => (m as { requestType: string }).requestType)).toEqual([
        "initresponse",
      ]);
      expectNoSecrets(answers);
    };
    await intrudeAndCheck();

    const signingIn = await apiCallsDuring(page, async () => {
      const popup = await openPopup(page, frame);
      const closed = popup.waitForEvent("close");
      await popup.getByLabel("Email").fill("anna@example.com");
      await popup.getByLabel("Password").fill("correct horse");
      await popup.getByRole("button", { name: "Sign in" }).click();
      await closed;
      await expect.poll(() => authState(page)).toBe("user_authenticated");
    });
    // The recorder sees the data layer's own calls (the key exchange), so an empty record
    // below means the data layer called nothing.
    expect(signingIn).toContain("/v1/embedded/user_authed_key");

    await intrudeAndCheck();
    expectNoSecrets(JSON.parse(await everythingReceived(page, frame)));
    // Each refused request is logged by the data layer as a warning, nothing else went wrong.
    expect(problems.filter((p) => !p.includes("data layer: message dropped"))).toEqual([]);
    await page.close();
  });
});

describe("the sign-in popup, in Chromium, against the reference provider", () => {
  it("a click in the UI frame opens the popup; the user signs in; the data layer becomes user_authenticated; no key reaches the page or the frame", async () => {
    const { page, frame, problems } = await embed();
    const popup = await openPopup(page, frame);
    const popupProblems: string[] = [];
    popup.on("console", (m) => {
      if (m.type() === "error") popupProblems.push(m.text());
    });
    expect(await popup.title()).toBe(`Sign in to ${providerConfig.name}`);
    const closed = popup.waitForEvent("close");
    await popup.getByLabel("Email").fill("anna@example.com");
    await popup.getByLabel("Password").fill("correct horse");
    await popup.getByRole("button", { name: "Sign in" }).click();
    await closed; // the popup closes itself once the data layer has the key

    await expect.poll(() => results(frame)).toEqual([{ status: "user_authenticated" }]);
    expect(await authState(page)).toBe("user_authenticated");
    const seen = await everythingReceived(page, frame);
    for (const event of ["popupReady", "popupLoaded", "popupComplete"])
      expect(seen).toContain(event);
    expect(seen).not.toContain("popupAuthenticationComplete");
    for (const secret of ["uk_test_", "ek_test_", "urt_", '"apiKey"', '"api_key"'])
      expect(seen).not.toContain(secret);
    expectNoSecrets(JSON.parse(seen));
    expect(problems).toEqual([]);
    expect(popupProblems).toEqual([]);
    await page.close();
  });

  it("a wrong password shows the error and changes nothing; closing the popup resolves the wait", async () => {
    const { page, frame, problems } = await embed();
    const popup = await openPopup(page, frame);
    await popup.getByLabel("Email").fill("anna@example.com");
    await popup.getByLabel("Password").fill("not the password");
    await popup.getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(() => popup.getByRole("alert").textContent())
      .toBe("The email or password is incorrect.");
    expect(await authState(page)).toBe("account_session_authenticated");
    expect(await results(frame)).toEqual([]);

    await popup.close();
    await expect.poll(() => results(frame)).toEqual([{ status: "account_session_authenticated" }]);
    expect(await authState(page)).toBe("account_session_authenticated");
    const seen = await everythingReceived(page, frame);
    expect(seen).toContain("popupComplete");
    for (const secret of ["uk_test_", "ek_test_", "urt_"]) expect(seen).not.toContain(secret);
    expect(problems).toEqual([]);
    await page.close();
  });
});
