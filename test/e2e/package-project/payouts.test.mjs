// The platform's browser test, written with the package's testing helpers: it pages the
// payouts list and opens a payout. Run with `node --test` against a running sandbox whose
// environment lines (`oriel-sandbox --env`) are in the environment.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { componentFrame, PayoutsListModel } from "oriel/testing";
import { chromium } from "playwright-core";
import { startPlatform } from "./platform.mjs";

let browser;
let platform;

before(async () => {
  platform = await startPlatform({ port: Number(process.env.PLATFORM_PORT) });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
});

after(async () => {
  await browser?.close();
  platform?.close();
});

test("pages the payouts list and opens a payout", async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto(platform.url);

  const payouts = new PayoutsListModel(await componentFrame(page, "oriel-payouts-list"));
  const first = await payouts.seeRows();
  assert.ok(first.length > 0, "the first page shows payouts");
  assert.ok(await payouts.canGoNext(), "there is an older page");
  const second = await payouts.nextPage();
  assert.ok(second.length > 0, "the second page shows payouts");
  assert.ok(await payouts.canGoPrevious());
  assert.deepEqual(await payouts.previousPage(), first);

  await payouts.openPayout(0);
  const detail = await payouts.seeDetail();
  assert.ok(Object.keys(detail).length > 0, "the payout's details are shown");
  assert.ok(
    Object.values(detail).some((value) => value === first[0].amount),
    `the detail shows the row's amount ${first[0].amount}: ${JSON.stringify(detail)}`,
  );
  await payouts.closeDetail();
  assert.deepEqual(problems, []);
});
