import { beforeAll, describe, expect, it } from "vitest";
import { serverRenders } from "../../examples/react-ssr/render.tsx";
import { endpoints } from "../../protocol/endpoints.ts";
import { tagName } from "../../protocol/provider.ts";
import { FrameworkExampleModel } from "./models/framework-example.model.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { type ExamplePlatformStack, examplePlatformTests } from "./support/example-platform.ts";

// Issue 18, item 4: the components in real Vue 3, Svelte 5 and HTMX apps and a React page
// rendered on the server then hydrated (examples/<name>, served by the example platform under
// its CSP). Any console error or CSP violation, on the page or in a frame, fails a test.

const example = examplePlatformTests();
let env: ExamplePlatformStack;

beforeAll(() => {
  env = example.env;
});

const claims = () => env.requests.filter((r) => r.path === endpoints.claim).length;

/**
 * A new tab signed in as the seeded account, once the dashboard page it lands on (the tools,
 * one frame) has made its one claim (so what the example page does is counted from here alone).
 */
async function signedIn(): Promise<PlatformPage> {
  const before = claims();
  const platform = await example.signedIn(undefined, "tools");
  await expect.poll(claims, { timeout: 20_000 }).toBe(before + 1);
  return platform;
}

const payoutsTag = tagName("payouts-list");

describe.each(["vue", "svelte", "htmx"] as const)("the %s example", (name) => {
  it("creates, removes and re-adds the payouts list ten times: a sized element each time, one claim and one client secret for the page, and no console error", async () => {
    const platform = await signedIn();
    const app = new FrameworkExampleModel(platform);
    const fetchesBefore = platform.secretFetches.length;
    const claimsBefore = claims();
    await app.open(name);
    const first = await app.shownBox();
    expect(first.width).toBeGreaterThan(0);
    expect(first.height).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) {
      await app.hide();
      expect(await app.elementCount()).toBe(0);
      await expect.poll(() => platform.componentFrameCount()).toBe(0);
      await app.show();
      expect(await app.elementCount()).toBe(1);
      const box = await app.shownBox();
      expect(box.width, `cycle ${i + 1}`).toBeGreaterThan(0);
      expect(box.height, `cycle ${i + 1}`).toBeGreaterThan(0);
      expect(await platform.componentFrameCount()).toBe(1);
    }
    // The last one works: it shows the seeded payouts.
    const list = await app.payoutsList();
    expect((await list.seeRows()).length).toBeGreaterThan(0);
    // The element's loaderstart reached the app's handler once per element: the first and ten more.
    await expect
      .poll(async () => (await app.eventLog()).filter((e) => e === `loaderstart ${payoutsTag}`))
      .toHaveLength(11);
    // One client secret and one claim for the page's whole life.
    await platform.page.waitForTimeout(300);
    expect(platform.secretFetches.length - fetchesBefore).toBe(1);
    expect(claims() - claimsBefore).toBe(1);
  });

  it("binds recent-payouts from the app's state: ticking 'Recent payouts only' reaches the frame, on the same element", async () => {
    const platform = await signedIn();
    const app = new FrameworkExampleModel(platform);
    await app.open(name);
    const frame = await platform.frameOf("payouts-list");
    await frame.getByRole("table", { name: "Payouts", exact: true }).waitFor();
    await app.markElement("first");
    await app.setRecentOnly(true);
    await frame.getByRole("table", { name: "Recent payouts", exact: true }).waitFor();
    expect(await app.element().getAttribute("recent-payouts")).toBe("true");
    await app.setRecentOnly(false);
    await frame.getByRole("table", { name: "Payouts", exact: true }).waitFor();
    // The attribute changed on the element the app made; nothing was re-created.
    expect(await app.elementMark()).toBe("first");
    expect(await platform.componentFrameCount()).toBe(1);
  });
});

describe("the server-rendered React example", () => {
  it("renders on the server without fetchClientSecret or a crash, then hydrates and shows the payouts", async () => {
    const platform = await signedIn();
    const app = new FrameworkExampleModel(platform);
    const before = { ...serverRenders };
    // What the server sends: the app's markup, the list's empty container and no element.
    const response = await platform.page.request.get(`${env.platform}/react-ssr`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>Payouts</h1>");
    expect(html).toContain('<div class="payouts"></div>');
    expect(html).not.toContain(`<${payoutsTag}`);
    expect(serverRenders.renders).toBe(before.renders + 1);
    // Opened in the browser, it hydrates: one client secret, asked by the browser only.
    const fetchesBefore = platform.secretFetches.length;
    await app.open("react-ssr");
    expect(serverRenders.renders).toBe(before.renders + 2);
    const list = await app.payoutsList();
    expect((await list.seeRows()).length).toBeGreaterThan(0);
    const box = await app.shownBox();
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
    await expect.poll(() => app.eventLog()).toEqual([`loaderstart ${payoutsTag}`]);
    // The hydrated app is live: its button removes and re-adds the list.
    await app.hide();
    await app.show();
    await app.shownBox();
    expect(platform.secretFetches.length - fetchesBefore).toBe(1);
    expect(serverRenders.fetchClientSecretCalls).toBe(0);
  });
});

describe("every example page", () => {
  it("axe finds nothing serious or critical on the page, and nothing overflows at 360px", async () => {
    const platform = await signedIn();
    const app = new FrameworkExampleModel(platform);
    await platform.page.setViewportSize({ width: 360, height: 900 });
    for (const name of ["vue", "svelte", "htmx", "react-ssr"] as const) {
      await app.open(name);
      await app.shownBox();
      expect(seriousOrCritical(await runAxe(platform.page)), name).toEqual([]);
      expect(await findOverflows(platform.page), name).toEqual([]);
    }
  });
});
