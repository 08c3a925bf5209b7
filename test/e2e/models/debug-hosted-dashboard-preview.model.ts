import type { Frame } from "playwright-core";

/**
 * debug-hosted-dashboard-preview as an engineer looks at it: the dashboard's pages as tabs,
 * and the page shown — the provider's own HTML in a sandboxed frame — read as a connected
 * account would see it: its heading, its brand, its fields, its account rows.
 */
export class DebugHostedDashboardPreviewModel {
  constructor(readonly frame: Frame) {}

  /** Waits until the pages have loaded (the tabs are there). */
  async waitShown(): Promise<void> {
    await this.frame.getByRole("tablist").waitFor({ timeout: 20_000 });
  }

  /** The pages offered, by their tab names. */
  async pages(): Promise<string[]> {
    return this.frame.getByRole("tab").allInnerTexts();
  }

  /** Shows a page, as a person picks its tab. */
  async choose(page: string): Promise<void> {
    await this.frame.getByRole("tab", { name: page }).click();
  }

  /** The frame of the page whose tab is selected. */
  async shownPage(): Promise<Frame> {
    const handle = await this.frame
      .locator('[role="tabpanel"]:not([hidden]) iframe')
      .elementHandle();
    const page = await handle?.contentFrame();
    if (!page) throw new Error("no page shown");
    return page;
  }

  /** The attributes of the shown page's frame (its sandbox, its accessible name). */
  async shownFrameAttributes(): Promise<{ sandbox: string | null; title: string | null }> {
    const frame = this.frame.locator('[role="tabpanel"]:not([hidden]) iframe');
    return {
      sandbox: await frame.getAttribute("sandbox"),
      title: await frame.getAttribute("title"),
    };
  }

  /** What the shown page says: its heading, its brand name and icon, its table's rows. */
  async read(): Promise<{
    heading: string;
    brand: string;
    icon: { src: string; loaded: boolean } | null;
    rows: string[][];
    disabledControls: number;
    enabledControls: number;
    background: string;
  }> {
    const page = await this.shownPage();
    const heading = await page.locator("h1").innerText();
    const brand = await page.locator(".brand > span:last-child").innerText();
    const img = page.locator("img.brand-icon");
    const icon =
      (await img.count()) === 0
        ? null
        : await img.evaluate((el) => ({
            src: (el as HTMLImageElement).src,
            loaded: (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
          }));
    const rows = await page
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerText.trim())),
      );
    const disabledControls = await page.locator("input:disabled, button:disabled").count();
    const enabledControls = await page.locator("input:enabled, button:enabled").count();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    return { heading, brand, icon, rows, disabledControls, enabledControls, background };
  }
}
