import { describe, expect, it } from "vitest";
import { provider, tagName } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { componentFrame, PayoutsListModel } from "../../sdk/testing/index.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// Issue 18, item 3: the example platform's markup-only page — the classic script's tag and
// a configuration element, no script of its own — shows working components under the
// platform CSP, and follows its appearance and locale attributes live.

const example = examplePlatformTests();

/** A signed-in tab on the markup-only page; `secretFetches` counts only this page's. */
async function markupPage(): Promise<PlatformPage> {
  const platform = await example.signedIn(undefined, "tools");
  await platform.page.goto("about:blank");
  platform.secretFetches.splice(0);
  await platform.goto("markup");
  return platform;
}

describe("the markup-only page", () => {
  it("has no script but the classic script's tag, and shows the payouts list configured by the configuration element", async () => {
    const platform = await markupPage();
    const scripts = await platform.page.$$eval("script", (all) =>
      all.map((s) => ({ src: s.getAttribute("src"), type: s.type, inline: s.text.trim() })),
    );
    expect(scripts).toEqual([
      { src: `${example.env.connect}${sdkPath}${provider.id}.js`, type: "", inline: "" },
    ]);
    const list = new PayoutsListModel(await componentFrame(platform.page, tagName("payouts-list")));
    const [newest] = (
      await example.apiGet<{ data: { amount: number; currency: string }[] }>("/v1/payouts?limit=1")
    ).data;
    expect((await list.seeRows())[0]?.amount).toBe(
      formatMoney(newest!.amount, newest!.currency, "en-US"),
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
    await platform.page.locator(tagName("connect")).evaluate((el) => {
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
