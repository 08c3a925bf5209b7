import type { Locator } from "playwright-core";
import { PayoutsListModel } from "../../../sdk/testing/payouts-list.model.ts";
import { ResourceListModel, type Within } from "../../../sdk/testing/resource-list.model.ts";

/**
 * The internal debug components list as a person uses it: read the catalogue's components,
 * search, filter by release state, open one in place — the kit's list model with this list's
 * names. Give it the frame (or a locator) that holds the list; the words are the en-US
 * catalogue's.
 */

export interface ComponentListing {
  tag: string;
  release: string;
  session: string;
  signIn?: string;
  aliases?: string;
}

export class DebugComponentsListModel {
  readonly list: ResourceListModel;

  constructor(readonly root: Within | Locator) {
    this.list = new ResourceListModel(root, { table: "Components in this version" });
  }

  table(): Locator {
    return this.list.table();
  }

  /** Every component listed, in catalogue order. */
  async seeComponents(): Promise<ComponentListing[]> {
    const rows = await this.list.seeRows({ mayBeEmpty: true });
    return rows.map((cells) => {
      const [tag = "", release = "", session = ""] = cells;
      const wide = cells.length >= 6;
      return {
        tag,
        release,
        session,
        ...(wide ? { signIn: cells[3] ?? "", aliases: cells[4] ?? "" } : {}),
      };
    });
  }

  /** The listing of one tag. */
  async seeComponent(tag: string): Promise<ComponentListing | undefined> {
    return (await this.seeComponents()).find((c) => c.tag === tag);
  }

  async search(text: string): Promise<ComponentListing[]> {
    await this.list.fillFilter("Search by name or tag", text);
    // The list shows the search once every row matches it (and, cleared, more than one row).
    const needle = text.trim().toLowerCase();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await this.seeComponents();
      const shown = needle
        ? rows.every((c) => c.tag.toLowerCase().includes(needle))
        : rows.length > 1;
      if (shown || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Picks a release state by its label ("Internal only"; "Every release state" for all). */
  async filterRelease(label: string): Promise<ComponentListing[]> {
    await this.list.chooseFilter("Release state", label);
    return this.seeComponents();
  }

  /** Opens a component in place; returns the region that holds it. */
  async open(tag: string): Promise<Locator> {
    await this.list.settle();
    await this.root.getByRole("button", { name: `Open ${tag} here` }).click();
    const region = this.root.getByRole("region", { name: tag });
    await region.waitFor();
    return region;
  }

  /** The payouts list opened in place, to use with its own model. */
  async openPayoutsList(tag: string): Promise<PayoutsListModel> {
    return new PayoutsListModel(await this.open(tag));
  }

  /** The text shown for a component this version cannot render. */
  async seeUnavailable(tag: string): Promise<string> {
    const region = this.root.getByRole("region", { name: tag });
    await region.locator("[data-kind=component_unavailable]").waitFor();
    return region.innerText();
  }

  async closeOpened(tag: string): Promise<void> {
    const region = this.root.getByRole("region", { name: tag });
    await region.getByRole("button", { name: "Close" }).click();
    await region.waitFor({ state: "detached" });
  }
}
