import { describe, expect, it } from "vitest";
import { parseUserAgent } from "./user-agent.ts";

/** Debian's Chromium (the browser the acceptance tests drive), as it introduces itself. */
const chromium =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("user agents at the intake", () => {
  it("Chromium's own user agent is a desktop Chrome on Linux, not a bot", () => {
    expect(parseUserAgent(chromium)).toEqual({
      browser: "Chrome 131",
      os: "Linux",
      device_class: "desktop",
      bot: false,
    });
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "curl/8.5.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  ])("flags %s as a bot", (ua) => {
    expect(parseUserAgent(ua).bot).toBe(true);
  });

  it("Debian's Chromium is a person's browser headed and automation headless (docs/architecture.md, Bots)", () => {
    // The user agent of the Chromium the browser tests drive, as it sends it headless, and
    // the same binary's as a person runs it (a window: no "Headless").
    const headless =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36";
    const headed = headless.replace("HeadlessChrome/", "Chrome/");
    expect(parseUserAgent(headed)).toEqual({
      browser: "Chrome 156",
      os: "Linux",
      device_class: "desktop",
      bot: false,
    });
    // Headless is CI, monitors, scrapers: stored, flagged, and left out by bots=exclude.
    expect(parseUserAgent(headless).bot).toBe(true);
  });

  it("an absent user agent is a bot", () => {
    expect(parseUserAgent(undefined)).toMatchObject({ bot: true, browser: null });
  });

  it("tells phones and tablets apart", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const ipad =
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    expect(parseUserAgent(iphone)).toMatchObject({
      device_class: "mobile",
      os: "iOS 17.5",
      bot: false,
    });
    expect(parseUserAgent(ipad).device_class).toBe("tablet");
  });
});
