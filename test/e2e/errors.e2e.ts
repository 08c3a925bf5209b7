import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getDefinition } from "../../protocol/catalogue/index.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import { chunkLoadFailedMessage } from "../../protocol/site/errors.ts";
import { componentFrame } from "../../sdk/testing/frames.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// Error reporting in Chromium (issue 16 item 4), on the example platform's React page: its
// payouts list's view chunk is made to fail (the browser's request for it is aborted).

const t = examplePlatformTests();

/** The report's body as the intake reads it: JSON, or a form with a `report` field. */
function reportOf(request: Request): Record<string, unknown> {
  const body = request.postData() ?? "";
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return JSON.parse(new URLSearchParams(body).get("report") ?? "{}") as Record<string, unknown>;
  }
}

describe("a view chunk that fails to load (issue 16)", () => {
  it('is reported as "Loading chunk {id} failed", shows the load-failure text, and the platform\'s onLoadError hears it', async () => {
    const platform = await t.signedIn(undefined, "payouts");
    const { page } = platform;
    // The view chunk of payouts-list, as built (assets/payouts-list.component-<hash>.js).
    let aborted = 0;
    await page.route(`${t.env.connect}/assets/payouts-list.component-*.js`, (route) => {
      aborted++;
      return route.abort("failed");
    });
    const reports: Request[] = [];
    page.on("request", (request) => {
      if (request.url() === `${t.env.api}${endpoints.errorIntake}`) reports.push(request);
    });
    const reported = page.waitForRequest(
      (r) =>
        r.url() === `${t.env.api}${endpoints.errorIntake}` &&
        (r.postData() ?? "").includes(chunkLoadFailedMessage("payouts-list")),
    );

    await platform.goto("react");
    const text = getDefinition("payouts-list").errorText;
    // The component's load-failure text, in its frame.
    const frame = await componentFrame(page, "payouts-list");
    await frame.getByText(text).waitFor({ state: "visible" });
    // The platform's onLoadError (a React prop: setOnLoadError) heard a typed error.
    await page.locator("#events li", { hasText: "loaderror" }).first().waitFor();
    expect(await platform.eventLog()).toContain("loaderror view_load_failed");
    expect(aborted).toBeGreaterThan(0);

    // The provider's error intake got "Loading chunk payouts-list failed", with the chunk
    // and the reason, the default owner, and no key.
    const report = reportOf(await reported);
    expect(report).toMatchObject({
      error: { name: "ChunkLoadError", message: chunkLoadFailedMessage("payouts-list") },
      owner: "accounts_ui",
      tags: { chunk: "payouts-list" },
    });
    expect(JSON.stringify(report)).not.toMatch(/ek_|sk_|pk_(test|live)_/);
    // Only the chunk's failure was reported (StrictMode's first, discarded mount may report
    // it too), nothing else.
    expect(reports.length).toBeGreaterThan(0);
    for (const request of reports)
      expect(request.postData() ?? "").toContain(chunkLoadFailedMessage("payouts-list"));
    // The frame's own warning about the failure is expected here.
    platform.takeProblems(/view_load_failed|Loading chunk|ERR_FAILED|Failed to fetch/);
  });
});
