import { readFileSync } from "node:fs";
import type { Frame, Locator } from "playwright-core";
import { ResourceListModel } from "../../../sdk/testing/resource-list.model.ts";

/** `locale`'s message catalogue: what the person reads. */
export const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../ui/i18n/messages/${locale}.json`, import.meta.url), "utf8"),
  );

/** A message of `locale`'s catalogue, as the person reads it (no placeholders). */
export const messageIn = (locale: string, id: string): string => {
  const text = catalogue(locale)[id];
  if (text === undefined) throw new Error(`${locale} has no ${id}`);
  return text;
};

/**
 * One object's details as a person sees them — in the kit's drawer (the list model's
 * `detail`) or in the page (`inline`, a region named by the title) — with the facts of its
 * description lists and the titles of its timeline. payment-details and payout-details
 * extend it with their own actions.
 */
export class DetailsModel {
  readonly kit: ResourceListModel;

  constructor(
    readonly frame: Frame,
    readonly title: string,
    readonly timelineName: string,
  ) {
    this.kit = new ResourceListModel(frame, { table: /.^/, detail: title });
  }

  /** The drawer (or dialog) showing the object. */
  overlay(): Locator {
    return this.kit.detail();
  }

  /** The details shown in the page (`inline`). */
  inline(): Locator {
    return this.frame.getByRole("region", { name: this.title, exact: true });
  }

  /** Where the details are shown now: the overlay, or the page's section. */
  shown(inline = false): Locator {
    return inline ? this.inline() : this.overlay();
  }

  /** The term → description pairs of `items` (`.kit-dl__item` elements). */
  protected async factsOf(items: Locator): Promise<Record<string, string>> {
    const pairs = await items.evaluateAll((all) =>
      all.map((item) => [
        item.querySelector("dt")?.textContent ?? "",
        item.querySelector("dd")?.textContent ?? "",
      ]),
    );
    return Object.fromEntries(pairs);
  }

  /** The timeline's events, newest first, as their titles. */
  async seeTimeline(inline = false): Promise<string[]> {
    const list = this.shown(inline).getByRole("list", { name: this.timelineName });
    await list.waitFor();
    return list.locator(".kit-timeline__title").allInnerTexts();
  }
}
