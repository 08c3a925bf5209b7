import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeViolation, UiLibraryPage } from "./models/ui-library.model.ts";
import { launchChromium } from "./support/browser.ts";
import { startTestHosts } from "./support/hosts.ts";

// The UI library page (issue 5, item 6) in Debian's Chromium, served by the connect host
// from the build under the frame CSP: axe in both themes, the pseudo-locale at 360px,
// keyboard focus, and a clean console throughout.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let browser: Browser;
const resultsDir = new URL("../../test-results/", import.meta.url).pathname;

beforeAll(async () => {
  hosts = await startTestHosts();
  browser = await launchChromium();
  mkdirSync(resultsDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await hosts?.close();
});

const seriousOrCritical = (violations: AxeViolation[]) =>
  violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target).join(", ")}`);

describe("the UI library page in Chromium", () => {
  it("renders every primitive under the frame CSP, switches locale by the hash, with no console error and no CSP violation", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-US",
      theme: "light",
    });
    const facts = await library.documentFacts();
    expect(facts).toMatchObject({ lang: "en-US", dir: "ltr", heading: "Typography" });
    const sections = await library.page.getByRole("region").count();
    expect(sections).toBeGreaterThanOrEqual(10);
    expect(await library.page.getByRole("table").count()).toBe(3);
    expect(await library.page.locator("main").innerText()).toContain("Something went wrong");

    // The hash switches the locale in place: no reload, <html lang> follows.
    await library.page.evaluate(() => {
      (window as never as { beforeSwitch: boolean }).beforeSwitch = true;
    });
    await library.switchTo({ locale: "en-XA", theme: "light" });
    expect(await library.documentFacts()).toMatchObject({ lang: "en-XA", dir: "ltr" });
    expect(await library.page.locator("main").innerText()).not.toContain("Something went wrong");
    expect(await library.page.evaluate(() => "beforeSwitch" in window)).toBe(true);
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("axe-core finds zero serious or critical violations in the light theme and in the dark theme", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-US",
      theme: "light",
    });
    const light = await library.documentFacts();
    expect(seriousOrCritical(await library.runAxe())).toEqual([]);

    await library.switchTo({ locale: "en-US", theme: "dark" });
    const dark = await library.documentFacts();
    // The switch really changed the colours axe measured.
    expect(dark.background).not.toBe(light.background);
    expect(dark.color).not.toBe(light.color);
    expect(seriousOrCritical(await library.runAxe())).toEqual([]);
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("axe-core finds zero serious or critical violations in the pseudo-locale", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-XA",
      theme: "dark",
    });
    expect(seriousOrCritical(await library.runAxe())).toEqual([]);
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("in the pseudo-locale at 360px wide no text overflows its container (screenshot in test-results/)", async () => {
    const library = await UiLibraryPage.open(
      browser,
      hosts.connect,
      { locale: "en-XA", theme: "light" },
      { width: 360 },
    );
    const facts = await library.documentFacts();
    expect(facts.lang).toBe("en-XA");
    // The pseudo-locale is really on screen: accented, lengthened text, not English.
    expect(await library.page.locator("main").innerText()).not.toContain("Something went wrong");
    expect(await library.page.locator("main").innerText()).toMatch(/[^\u0020-\u007e\s]/);
    const bytes = await library.screenshot(`${resultsDir}ui-library-en-XA-360.png`);
    expect(bytes).toBeGreaterThan(10_000);
    expect(await library.findOverflows()).toEqual([]);
    // Narrow tables scroll: their scrollers must still be keyboard-reachable and named.
    expect(seriousOrCritical(await library.runAxe())).toEqual([]);

    await library.switchTo({ locale: "en-XA", theme: "dark" });
    await library.screenshot(`${resultsDir}ui-library-en-XA-360-dark.png`);
    expect(await library.findOverflows()).toEqual([]);
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("the checks can fail: axe sees an unnamed low-contrast button, the page sees a CSP violation", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-US",
      theme: "light",
    });
    await library.page.evaluate(() => {
      const main = document.querySelector("main");
      const button = document.createElement("button");
      button.style.color = "#ddd";
      button.style.backgroundColor = "#fff";
      button.append(document.createElement("span"));
      const faint = document.createElement("p");
      faint.textContent = "faint text";
      faint.style.color = "#eee";
      main?.append(button, faint);
      // Inline script: the frame CSP refuses it.
      const script = document.createElement("script");
      script.textContent = "window.ran = true";
      document.head.append(script);
    });
    const ids = (await library.runAxe()).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(["button-name", "color-contrast"]));
    await expect
      .poll(() => library.problems.some((p) => p.startsWith("csp: script-src")))
      .toBe(true);
    expect(await library.page.evaluate(() => "ran" in window)).toBe(false);
    await library.close();
  });

  it("the overflow check catches text that is clipped or escapes the viewport", async () => {
    // The check itself must be able to fail: break the layout on purpose and look.
    const library = await UiLibraryPage.open(
      browser,
      hosts.connect,
      { locale: "en-XA", theme: "light" },
      { width: 360 },
    );
    await library.page.evaluate(() => {
      const badge = document.querySelector<HTMLElement>(".kit-badge");
      if (badge) badge.textContent = "W".repeat(80);
      const title = document.querySelector<HTMLElement>(".kit-banner__title");
      if (title) {
        title.style.whiteSpace = "nowrap";
        title.style.overflow = "hidden";
        title.textContent = "W".repeat(80);
      }
    });
    const kinds = new Set((await library.findOverflows()).map((o) => o.kind));
    expect(kinds).toEqual(
      new Set(["text overflows its box", "extends past the viewport", "page scrolls sideways"]),
    );
    await library.close();
  });

  it("the long list keeps only the rows in view in the DOM, moves by keyboard and loads more at its end; the charts draw within their containers", async () => {
    const library = await UiLibraryPage.open(
      browser,
      hosts.connect,
      { locale: "en-US", theme: "light" },
      { width: 360 },
    );
    const grid = library.page.getByRole("grid", { name: "Long list" });
    expect(await grid.getAttribute("aria-rowcount")).toBe("10001");
    expect(await grid.getByRole("row").count()).toBeLessThan(60);
    const activeIndex = () =>
      grid.evaluate((el) =>
        document
          .getElementById(el.getAttribute("aria-activedescendant") ?? "")
          ?.getAttribute("aria-rowindex"),
      );
    await grid.focus();
    await library.page.keyboard.press("ArrowDown");
    expect(await activeIndex()).toBe("3");
    await library.page.keyboard.press("End");
    await expect.poll(activeIndex).toBe("2001");
    // The end came into view: the next 2,000 rows load, and End reaches them.
    await expect
      .poll(async () => {
        await library.page.keyboard.press("End");
        return activeIndex();
      })
      .toBe("4001");
    expect(await grid.getByRole("row").count()).toBeLessThan(60);

    const charts = await library.page.locator(".kit-chart").evaluateAll((figures) =>
      figures.map((figure) => {
        const canvas = figure.querySelector("canvas");
        return {
          canvas: canvas ? canvas.getBoundingClientRect().width : 0,
          figure: figure.getBoundingClientRect().width,
        };
      }),
    );
    expect(charts).toHaveLength(2);
    for (const { canvas, figure } of charts) {
      expect(canvas).toBeGreaterThan(100);
      expect(canvas).toBeLessThanOrEqual(figure + 1);
    }
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("the combobox filters as one types, moves with the arrows and chooses with Enter", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-US",
      theme: "light",
    });
    const box = library.page
      .getByRole("region", { name: "Comboboxes" })
      .getByRole("combobox", { name: "Close" });
    await box.fill("sa");
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(
      await library.page
        .getByRole("listbox", { name: "Close" })
        .getByRole("option")
        .allTextContents(),
    ).toEqual(["São Paulo"]);
    await library.page.keyboard.press("ArrowDown");
    await library.page.keyboard.press("Enter");
    expect(await box.inputValue()).toBe("São Paulo");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("at 360px a filter's editor opens inside the viewport, takes focus, and Escape returns it to the chip", async () => {
    const library = await UiLibraryPage.open(
      browser,
      hosts.connect,
      { locale: "en-XA", theme: "light" },
      { width: 360 },
    );
    const bar = library.page.getByRole("toolbar");
    const chips = bar.locator("[aria-haspopup=dialog]");
    const last = chips.last();
    await last.click();
    const editor = library.page.getByRole("dialog");
    const box = await editor.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await library.page.keyboard.press("Escape");
    expect(await editor.count()).toBe(0);
    expect(await last.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("the money confirmation opens on Cancel with the amount in the locale, stays open while busy, shows its error, and axe finds nothing serious in it (light, dark, pseudo-locale at 360px)", async () => {
    for (const [options, viewport] of [
      [{ locale: "fr-FR", theme: "light" }, undefined],
      [{ locale: "en-US", theme: "dark" }, undefined],
      [{ locale: "en-XA", theme: "light" }, { width: 360 }],
    ] as const) {
      const library = await UiLibraryPage.open(browser, hosts.connect, options, viewport ?? {});
      const section = library.page.getByRole("region", { name: "Confirmation dialog" });
      const opener = section.getByRole("button").first();
      await opener.click();
      const dialog = library.page.getByRole("dialog");
      expect(await dialog.count()).toBe(1);
      const buttons = dialog.locator(".kit-overlay__actions button");
      const cancel = buttons.first();
      expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
      if (options.locale === "fr-FR")
        expect((await dialog.innerText()).replace(/\s/g, " ")).toContain("1 234,56 €");
      expect(seriousOrCritical(await library.runAxe())).toEqual([]);
      expect(await library.findOverflows()).toEqual([]);
      await buttons.last().click();
      // Busy: Escape does not close it; then the (simulated) failure shows as an alert.
      await library.page.keyboard.press("Escape");
      expect(await dialog.count()).toBe(1);
      await dialog.getByRole("alert").waitFor();
      expect(seriousOrCritical(await library.runAxe())).toEqual([]);
      await library.page.keyboard.press("Escape");
      expect(await dialog.count()).toBe(0);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(library.problems).toEqual([]);
      await library.close();
    }
  });

  it("Tab reaches every interactive primitive, each with a visible focus indicator", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-US",
      theme: "light",
    });
    const { interactive, stops } = await library.tabThroughEverything();
    // Buttons, links, text fields, table rows and pagination at least.
    expect(interactive.length).toBeGreaterThan(15);
    const reached = new Set(stops.map((s) => s.index));
    const missed = interactive.filter((_, i) => !reached.has(i));
    expect(missed).toEqual([]);
    const invisible = stops
      .filter((s) => !s.visibleIndicator)
      .map((s) => `${s.element}: ${s.indicator}`);
    expect(invisible).toEqual([]);
    expect(library.problems).toEqual([]);
    await library.close();
  });

  it("a visible focus indicator in the dark theme too", async () => {
    const library = await UiLibraryPage.open(browser, hosts.connect, {
      locale: "en-US",
      theme: "dark",
    });
    const { interactive, stops } = await library.tabThroughEverything();
    expect(stops.length).toBeGreaterThanOrEqual(interactive.length);
    expect(stops.filter((s) => !s.visibleIndicator).map((s) => s.element)).toEqual([]);
    await library.close();
  });
});
