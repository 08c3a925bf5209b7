import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium, headless. The flags keep it from reaching the network on its own
 * (this machine has none) and let it run as root in CI.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
