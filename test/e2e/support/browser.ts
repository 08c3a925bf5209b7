import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Page,
} from "playwright-core";

/**
 * Debian's Chromium, headless. The flags keep it from reaching the network on its own
 * (this machine has none) and let it run as root in CI.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
    ],
  });
}

/**
 * A console error or warning as a problem line: its type and text, and for a resource that
 * failed to load (whose text names only the status) the resource's address.
 */
export function consoleProblem(message: ConsoleMessage): string | null {
  if (message.type() !== "error" && message.type() !== "warning") return null;
  const text = `${message.type()}: ${message.text()}`;
  const url = message.location().url;
  return text.includes("Failed to load resource") && url ? `${text} (${url})` : text;
}

/** A page with every console error or warning and uncaught error collected in `problems`. */
export async function openPage(
  browser: Browser | BrowserContext,
  url: string,
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const problem = consoleProblem(message);
    if (problem) problems.push(problem);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  return { page, problems };
}
