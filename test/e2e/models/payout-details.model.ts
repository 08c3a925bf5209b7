import { readFileSync } from "node:fs";
import type { Frame, Locator } from "playwright-core";
import { ResourceListModel } from "../../../sdk/testing/resource-list.model.ts";

/**
 * payout-details as a person uses it, in any locale: the words come from the locale's
 * message catalogue (what the person reads). The drawer is the kit's (the list model's
 * `detail`).
 */
export interface PayoutDetailsWords {
  title: string;
  close: string;
  timeline: string;
  settled: string;
  /** The term of the payout's id among its facts. */
  payoutId: string;
}

const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../ui/i18n/messages/${locale}.json`, import.meta.url), "utf8"),
  );

export function payoutDetailsWords(locale = "en-US"): PayoutDetailsWords {
  const m = catalogue(locale);
  const w = (id: string) => {
    const text = m[id];
    if (text === undefined) throw new Error(`${locale} has no ${id}`);
    return text;
  };
  return {
    title: w("payoutsList.detailTitle"),
    close: w("kit.close"),
    timeline: w("payoutsList.timelineLabel"),
    settled: w("payoutDetails.settled"),
    payoutId: w("payoutsList.payoutId"),
  };
}

/** One settled balance transaction as the details show it. */
export interface SettledRow {
  type: string;
  net: string;
  available: string;
  source: string;
}

export class PayoutDetailsModel {
  readonly kit: ResourceListModel;

  constructor(
    readonly frame: Frame,
    readonly words: PayoutDetailsWords = payoutDetailsWords(),
  ) {
    this.kit = new ResourceListModel(frame, { table: /.^/, detail: words.title });
  }

  overlay(): Locator {
    return this.kit.detail();
  }

  inline(): Locator {
    return this.frame.getByRole("region", { name: this.words.title, exact: true });
  }

  shown(inline = false): Locator {
    return inline ? this.inline() : this.overlay();
  }

  /** The payout's facts (its description lists: amount, status, fee, …, why it failed). */
  async seeFacts(inline = false): Promise<Record<string, string>> {
    const shown = this.shown(inline);
    await shown.locator(".kit-dl").first().waitFor();
    const pairs = await shown
      .locator(".kit-dl > .kit-dl__item")
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector("dt")?.textContent ?? "",
          item.querySelector("dd")?.textContent ?? "",
        ]),
      );
    return Object.fromEntries(pairs);
  }

  /** The timeline's events, newest first, as their titles. */
  async seeTimeline(inline = false): Promise<string[]> {
    const list = this.shown(inline).getByRole("list", { name: this.words.timeline });
    await list.waitFor();
    return list.locator(".kit-timeline__title").allInnerTexts();
  }

  /** The transactions the payout settled, as the table shows them (empty: none). */
  async seeSettled(inline = false): Promise<SettledRow[]> {
    const table = this.shown(inline).getByRole("table", { name: this.words.settled });
    await table.waitFor();
    const rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
      );
    return rows
      .filter((cells) => cells.length === 4)
      .map(([type = "", net = "", available = "", source = ""]) => ({
        type,
        net,
        available,
        source,
      }));
  }

  /** Closes the drawer as a person does (its Close button, from the keyboard). */
  async close(): Promise<void> {
    await this.overlay().getByRole("button", { name: this.words.close }).press("Enter");
    await this.overlay().waitFor({ state: "detached" });
  }
}
