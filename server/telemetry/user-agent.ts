/**
 * User agents at the telemetry intake (issue 16 item 3): parsed by the provider, so no frame
 * carries a parser. ua-parser-js 1.x (MIT; 2.x is AGPL-3.0) gives the browser, OS and device
 * type; isbot (its maintained pattern list) says whether the sender is a crawler, a monitor
 * or a headless browser.
 */
import { isbot } from "isbot";
import UAParser from "ua-parser-js";

export type DeviceClass = "desktop" | "mobile" | "tablet" | "tv" | "console" | "wearable" | "other";

export interface ParsedUserAgent {
  /** "Chrome 131", or null when unknown. */
  browser: string | null;
  /** "Android 14", "Linux", or null. */
  os: string | null;
  device_class: DeviceClass;
  bot: boolean;
}

const deviceClasses: Record<string, DeviceClass> = {
  mobile: "mobile",
  tablet: "tablet",
  smarttv: "tv",
  console: "console",
  wearable: "wearable",
  embedded: "other",
};

const named = (name: string | undefined, version: string | undefined) =>
  name ? (version ? `${name} ${version}` : name) : null;

/** The parsed user agent; an absent or empty header is a bot (browsers always send one). */
export function parseUserAgent(header: string | null | undefined): ParsedUserAgent {
  const ua = (header ?? "").slice(0, 1024);
  if (ua.trim() === "") return { browser: null, os: null, device_class: "other", bot: true };
  const result = new UAParser(ua).getResult();
  const type = result.device.type;
  return {
    browser: named(result.browser.name, result.browser.major),
    os: named(result.os.name, result.os.version),
    // ua-parser-js leaves the type unset for desktops.
    device_class: type === undefined ? "desktop" : (deviceClasses[type] ?? "other"),
    bot: isbot(ua),
  };
}
