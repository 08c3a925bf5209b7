import type { Page } from "playwright-core";

/** One row of the example platform's "Webhook events received" panel, as a person reads it. */
export interface ReceivedEventRow {
  type: string;
  /** The rest of the line: the object's id and the time. */
  text: string;
}

/** The example platform dashboard's webhook panel (examples/platform/pages.ts). */
export class WebhookEventsModel {
  constructor(readonly page: Page) {}

  get region() {
    return this.page.getByRole("region", { name: "Webhook events received" });
  }

  /** The events listed, newest first (an empty list says "None yet."). */
  async seeEvents(): Promise<ReceivedEventRow[]> {
    const items = this.region.getByRole("listitem");
    const rows: ReceivedEventRow[] = [];
    for (const item of await items.all()) {
      // "None yet." has no type; allTextContents does not wait for one to appear.
      const [type] = await item.locator("strong").allTextContents();
      if (type === undefined) continue;
      rows.push({ type, text: (await item.textContent()) ?? "" });
    }
    return rows;
  }
}
