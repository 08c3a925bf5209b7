import type { Frame } from "playwright-core";
import { DetailsModel, messageIn } from "./details.model.ts";

export { messageIn };

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

/** The words of payment-details in `locale`, from its catalogue. */
export function paymentDetailsWords(locale = "en-US"): PaymentDetailsWords {
  const w = (id: string) => messageIn(locale, id);
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

export class PaymentDetailsModel extends DetailsModel {
  constructor(
    frame: Frame,
    readonly words: PaymentDetailsWords = paymentDetailsWords(),
  ) {
    super(frame, words.title, words.timeline);
  }

  /** The payment's facts (its first description list: amount, fee, net, status, …). */
  async seeFacts(inline = false): Promise<Record<string, string>> {
    const list = this.shown(inline).locator(".kit-dl").first();
    await list.waitFor();
    return this.factsOf(list.locator(":scope > .kit-dl__item"));
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
