import type { Locator } from "playwright-core";
import { tagName } from "../../../protocol/provider.ts";
import type { PayoutsListModel } from "../../../sdk/testing/payouts-list.model.ts";
import type { PlatformPage } from "./platform.model.ts";

/**
 * A framework example of the example platform (`/vue`, `/svelte`, `/htmx`, `/react-ssr`;
 * examples/<name>) as a person uses it: open it from the platform's navigation, hide and show
 * the payouts list with its button, tick "Recent payouts only", read the event log the app
 * writes from the elements' DOM events. It reads what a test judges: the element's box, the
 * number of component frames, the list inside the frame.
 */

export type FrameworkExampleName = "vue" | "svelte" | "htmx" | "react-ssr";

const linkNames: Record<FrameworkExampleName, string> = {
  vue: "Vue",
  svelte: "Svelte",
  htmx: "HTMX",
  "react-ssr": "React SSR",
};

export class FrameworkExampleModel {
  constructor(readonly platform: PlatformPage) {}

  get page() {
    return this.platform.page;
  }

  /** Opens the example from the platform's navigation. */
  async open(name: FrameworkExampleName) {
    await this.page.getByRole("navigation").getByRole("link", { name: linkNames[name] }).click();
    await this.page.waitForURL(`${this.platform.origin}/${name}`);
    await this.page.getByRole("heading", { name: "Payouts", level: 1 }).waitFor();
  }

  private toggle(name: "Hide payouts" | "Show payouts"): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  /** Hides the list (its button) and waits until its element is gone. */
  async hide() {
    await this.toggle("Hide payouts").click();
    await this.toggle("Show payouts").waitFor();
    await this.element().waitFor({ state: "detached" });
  }

  /** Shows the list (its button) and waits until its element is on the page. */
  async show() {
    await this.toggle("Show payouts").click();
    await this.toggle("Hide payouts").waitFor();
    await this.element().waitFor({ state: "attached" });
  }

  /** Ticks or clears "Recent payouts only". */
  async setRecentOnly(on: boolean) {
    await this.page.getByLabel("Recent payouts only", { exact: true }).setChecked(on);
  }

  /** The payouts list's element (the custom element itself). */
  element(): Locator {
    return this.page.locator(tagName("payouts-list"));
  }

  /** How many payouts-list elements the page holds. */
  elementCount(): Promise<number> {
    return this.element().count();
  }

  /**
   * The element's box once it is shown: after its frame has loaded and reported its height
   * (the platform model's `frameOf` waits for that).
   */
  async shownBox(): Promise<{ width: number; height: number }> {
    await this.platform.frameOf("payouts-list");
    return this.element().evaluate((el) => {
      const { width, height } = el.getBoundingClientRect();
      return { width, height };
    });
  }

  /** The list inside the element's frame. */
  payoutsList(): Promise<PayoutsListModel> {
    return this.platform.payoutsList();
  }

  /** The app's event log, one line per DOM event its handler heard. */
  eventLog(): Promise<string[]> {
    return this.page.locator("#events li").allTextContents();
  }

  /** Marks the element now on the page, to tell later whether it is still the same one. */
  async markElement(mark: string) {
    await this.element().evaluate((el, m) => {
      (el as HTMLElement & { __mark?: string }).__mark = m;
    }, mark);
  }

  async elementMark(): Promise<string | undefined> {
    return this.element().evaluate((el) => (el as HTMLElement & { __mark?: string }).__mark);
  }
}
