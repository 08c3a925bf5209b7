import type { Frame } from "playwright-core";
import { PNG } from "./account-onboarding.model.ts";

/** One entry of the notification banner as a person sees it. */
export interface BannerEntry {
  id: string;
  status: string;
  text: string;
}

/**
 * The notification banner as a person uses it (en-US): its entries with their status, an
 * entry's Resolve button, the multi-page risk form and an identity challenge's document
 * form — acted on from the keyboard (the banner sits among frames that grow while the
 * dashboard loads).
 */
export class NotificationBannerModel {
  constructor(readonly frame: Frame) {}

  /** The entries shown now (none when the banner is blank). */
  async seeEntries(): Promise<BannerEntry[]> {
    return this.frame.locator("li[data-notification]").evaluateAll((items) =>
      items.map((li) => ({
        id: (li as HTMLElement).dataset.notification ?? "",
        status: (li as HTMLElement).dataset.status ?? "",
        text: li.textContent ?? "",
      })),
    );
  }

  /** Waits until the banner shows exactly these entry statuses, by id. */
  async waitForEntries(expected: Record<string, string>, timeout = 15_000) {
    const deadline = Date.now() + timeout;
    let seen: BannerEntry[] = [];
    while (Date.now() < deadline) {
      seen = await this.seeEntries();
      const now = Object.fromEntries(seen.map((e) => [e.id, e.status]));
      if (JSON.stringify(now) === JSON.stringify(expected)) return seen;
      await this.frame.waitForTimeout(200);
    }
    throw new Error(`banner entries ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
  }

  /** Opens an entry's form with its Resolve button. */
  async resolve(id: string) {
    const button = this.frame
      .locator(`li[data-notification="${id}"]`)
      .getByRole("button", { name: "Resolve" });
    await button.focus();
    await button.press("Enter");
  }

  /** The risk form's progress text ("Step 1 of 2"). */
  async riskPage(): Promise<string> {
    const text = this.frame.getByText(/^Step \d+ of \d+$/);
    await text.waitFor();
    return (await text.textContent()) ?? "";
  }

  async fill(label: string, value: string) {
    await this.frame.getByLabel(label).fill(value);
  }

  /** Presses one of the form's buttons from the keyboard. */
  async press(name: "Next" | "Back" | "Submit" | "Cancel") {
    const button = this.frame.getByRole("button", { name, exact: true });
    await button.focus();
    await button.press("Enter");
  }

  /** The form's field errors shown now. */
  async fieldErrors(): Promise<number> {
    return this.frame.locator('[aria-invalid="true"]').count();
  }

  /** The open form's heading ("Verify Jenny Rosen's identity"). */
  async formTitle(): Promise<string> {
    const heading = this.frame.getByRole("heading", { level: 3 });
    await heading.waitFor();
    return (await heading.textContent()) ?? "";
  }

  /** Picks a photo as the identity document's front; waits until it is uploaded. */
  async uploadFront(name: string): Promise<void> {
    await this.frame
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name, mimeType: "image/png", buffer: PNG });
    await this.frame.getByText(`${name} uploaded`).first().waitFor();
  }

  /** The error text each field shows now. */
  async fieldErrorTexts(): Promise<string[]> {
    return this.frame.locator(".kit-field__error").allTextContents();
  }
}
