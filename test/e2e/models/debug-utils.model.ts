import type { Download, Frame, Page } from "playwright-core";
import { messageIn } from "./details.model.ts";

/**
 * debug-utils, the live inspector, as an engineer uses it: wait for it to connect, pick one
 * actor from its list, read the actor's current state, the states its diagram outlines and
 * its event log, and export its trace. The words come from the locale's catalogue.
 */
export class DebugUtilsModel {
  constructor(
    readonly frame: Frame,
    readonly locale = "en-US",
  ) {}

  private word(id: string, values: Record<string, string> = {}): string {
    let text = messageIn(this.locale, `debugUtils.${id}`);
    for (const [name, value] of Object.entries(values)) text = text.replace(`{${name}}`, value);
    return text;
  }

  /** Waits until the inspector is connected (its actor list shows). */
  async waitOpen(): Promise<void> {
    await this.frame
      .getByRole("combobox", { name: this.word("actorLabel"), exact: true })
      .waitFor({ timeout: 20_000 });
  }

  /** The text the inspector shows where it may not inspect. */
  async seeRefused(): Promise<string> {
    const text = this.word("refused");
    await this.frame.getByText(text).waitFor({ timeout: 20_000 });
    return text;
  }

  /** The actors listed, as "<context> · <machine> (<actor>)". */
  async seeActors(): Promise<string[]> {
    return this.frame
      .getByRole("combobox", { name: this.word("actorLabel"), exact: true })
      .locator("option")
      .allInnerTexts();
  }

  /**
   * Shows only the first listed actor whose name matches `name` (waiting until one reports);
   * returns its listed name.
   */
  async chooseActor(name: RegExp): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = (await this.seeActors()).find((a) => name.test(a));
      if (found) {
        await this.frame
          .getByRole("combobox", { name: this.word("actorLabel"), exact: true })
          .selectOption({ label: found });
        await this.frame.locator(".debug-utils__actor").first().waitFor();
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no actor matching ${name} reported`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The shown actor's current state, as the inspector writes it ("ready.list"). */
  async currentState(): Promise<string> {
    const line = (await this.frame.getByTestId("current-state").first().innerText()).trim();
    const [before = "", after = ""] = this.word("currentState").split("{status}");
    return line.slice(before.length, line.length - after.length);
  }

  /** The states the shown actor's diagram outlines as current (the leaves' ids). */
  async outlinedStates(): Promise<string[]> {
    return this.frame
      .locator(".debug-utils__actor [data-active='true'][data-state]")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-state") ?? ""));
  }

  /** The shown actor's event log, oldest first: each event's type and payload as shown. */
  async seeEvents(): Promise<{ type: string; payload: string }[]> {
    const rows = await this.frame.locator(".debug-utils__actor table tbody tr").evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll("td, th")].map((c) => c.textContent ?? "");
        return { type: cells[1] ?? "", payload: cells[2] ?? "" };
      }),
    );
    // The log shows the newest first.
    return rows.filter((r) => r.type !== "").reverse();
  }

  /** Presses Export trace on the shown actor; returns the file the browser saved. */
  async exportTrace(page: Page): Promise<Download> {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      this.frame
        .getByRole("button", { name: this.word("exportTrace"), exact: true })
        .first()
        .press("Enter"),
    ]);
    return download;
  }
}
