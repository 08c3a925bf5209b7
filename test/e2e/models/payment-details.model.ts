import { readFileSync } from "node:fs";
import type { Frame, Locator } from "playwright-core";
import { ResourceListModel } from "../../../sdk/testing/resource-list.model.ts";

/**
 * payment-details as a person uses it, in any locale: the words come from the locale's
 * message catalogue (what the person reads), so a test in de-DE finds the German buttons.
 * The detail's overlay and dialogs are the kit's (the generic list model's `detail` and
 * `answerDialog`).
 */
export interface PaymentDetailsWords {
  title: string;
  capture: string;
  captureConfirm: string;
  cancel: string;
  refundPayment: string;
  refundRegion: string;
  refundAmount: string;
  refundSubmit: string;
  refundConfirm: string;
  close: string;
  timeline: string;
}

const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../ui/i18n/messages/${locale}.json`, import.meta.url), "utf8"),
  );

/** The words of payment-details in `locale`, from its catalogue. */
export function paymentDetailsWords(locale = "en-US"): PaymentDetailsWords {
  const m = catalogue(locale);
  const w = (id: string) => {
    const text = m[id];
    if (text === undefined) throw new Error(`${locale} has no ${id}`);
    return text;
  };
  return {
    title: w("paymentDetails.title"),
    capture: w("paymentDetails.capturePayment"),
    captureConfirm: w("paymentDetails.captureConfirmTitle"),
    cancel: w("paymentDetails.cancelPayment"),
    refundPayment: w("payments.refundPayment"),
    refundRegion: w("payments.refundTitle"),
    refundAmount: w("payments.refundAmount"),
    refundSubmit: w("payments.refundSubmit"),
    refundConfirm: w("payments.refundConfirmTitle"),
    close: w("kit.close"),
    timeline: w("paymentDetails.timeline"),
  };
}

/** A message of `locale`'s catalogue, as the person reads it (no placeholders). */
export const messageIn = (locale: string, id: string): string => {
  const text = catalogue(locale)[id];
  if (text === undefined) throw new Error(`${locale} has no ${id}`);
  return text;
};

export class PaymentDetailsModel {
  readonly kit: ResourceListModel;

  constructor(
    readonly frame: Frame,
    readonly words: PaymentDetailsWords = paymentDetailsWords(),
  ) {
    this.kit = new ResourceListModel(frame, { table: /.^/, detail: words.title });
  }

  /** The drawer (or dialog) showing the payment. */
  overlay(): Locator {
    return this.kit.detail();
  }

  /** The details shown in the page (`inline`). */
  inline(): Locator {
    return this.frame.getByRole("region", { name: this.words.title, exact: true });
  }

  /** Where the details are shown now: the overlay, or the page's section. */
  shown(inline = false): Locator {
    return inline ? this.inline() : this.overlay();
  }

  /** The payment's facts (its first description list: amount, fee, net, status, …). */
  async seeFacts(inline = false): Promise<Record<string, string>> {
    const list = this.shown(inline).locator(".kit-dl").first();
    await list.waitFor();
    const pairs = await list
      .locator(":scope > .kit-dl__item")
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

  /** Every section heading shown (Timeline, Refunds, Disputes, Metadata). */
  async seeSections(inline = false): Promise<string[]> {
    return this.shown(inline).locator(".kit-detail-section > h3").allInnerTexts();
  }

  /** The errors the details show (banners and field errors). */
  async seeErrors(inline = false): Promise<string[]> {
    return this.kit.seeFormErrors(this.shown(inline));
  }

  /** Presses Capture payment and confirms the money dialog. */
  async capture(inline = false): Promise<void> {
    await this.shown(inline).getByRole("button", { name: this.words.capture }).click();
    await this.kit.answerDialog(this.words.captureConfirm, this.words.capture);
  }

  /** Opens the refund form, gives the amount (or keeps what remains), reviews it. */
  async reviewRefund(amount?: string, inline = false): Promise<void> {
    const shown = this.shown(inline);
    await shown.getByRole("button", { name: this.words.refundPayment }).click();
    const form = shown.getByRole("region", { name: this.words.refundRegion });
    if (amount !== undefined)
      await form.getByRole("textbox", { name: this.words.refundAmount }).fill(amount);
    await form.getByRole("button", { name: this.words.refundSubmit, exact: true }).click();
    await this.kit.dialog(this.words.refundConfirm).waitFor();
  }

  /** Confirms the refund under review. */
  confirmRefund = () =>
    this.kit.answerDialog(this.words.refundConfirm, new RegExp(`^${this.words.refundSubmit}$`));

  /** Refunds: reviews and confirms. */
  async refund(amount?: string, inline = false): Promise<void> {
    await this.reviewRefund(amount, inline);
    await this.confirmRefund();
  }

  /** After a failed attempt: the same refund reviewed and confirmed again. */
  async retryRefund(inline = false): Promise<void> {
    const form = this.shown(inline).getByRole("region", { name: this.words.refundRegion });
    await form.getByRole("button", { name: this.words.refundSubmit, exact: true }).click();
    await this.confirmRefund();
  }

  /** Closes the drawer as a person does (its Close button). */
  async close(): Promise<void> {
    await this.overlay().getByRole("button", { name: this.words.close }).click();
    await this.overlay().waitFor({ state: "detached" });
  }
}
