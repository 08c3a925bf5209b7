import type { Frame } from "playwright-core";
import { DetailsModel, messageIn } from "./details.model.ts";

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

export function payoutDetailsWords(locale = "en-US"): PayoutDetailsWords {
  const w = (id: string) => messageIn(locale, id);
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

export class PayoutDetailsModel extends DetailsModel {
  constructor(
    frame: Frame,
    readonly words: PayoutDetailsWords = payoutDetailsWords(),
  ) {
    super(frame, words.title, words.timeline);
  }

  /** The payout's facts (its description lists: amount, status, fee, …, why it failed). */
  async seeFacts(inline = false): Promise<Record<string, string>> {
    const shown = this.shown(inline);
    await shown.locator(".kit-dl").first().waitFor();
    return this.factsOf(shown.locator(".kit-dl > .kit-dl__item"));
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
