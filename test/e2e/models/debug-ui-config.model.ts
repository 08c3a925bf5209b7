import type { Frame, Locator } from "playwright-core";
import { messageIn } from "./details.model.ts";

/**
 * debug-ui-config, the appearance playground, as an engineer uses it: type a theme
 * variable's value (opening its group first), read the field's error, pick the theme and the
 * component previewed, look at a preview frame, read and copy the exported appearance. The
 * words come from the locale's catalogue.
 */
export class DebugUiConfigModel {
  constructor(
    readonly frame: Frame,
    readonly locale = "en-US",
  ) {}

  private word(id: string): string {
    return messageIn(this.locale, `debugUiConfig.${id}`);
  }

  /** Waits until the playground shows its fields and its export. */
  async waitOpen(): Promise<void> {
    await this.exportField().waitFor({ timeout: 20_000 });
  }

  private exportField(): Locator {
    return this.frame.getByRole("textbox", { name: this.word("exported"), exact: true });
  }

  /** The field of a variable, its group opened. */
  private async field(name: string): Promise<Locator> {
    const input = this.frame.locator(`.ui-config__group [name="${name}"]`);
    const group = this.frame
      .locator(".ui-config__group")
      .filter({ has: this.frame.locator(`[name="${name}"]`) });
    // From the keyboard: the tools page above it grows as the inspector logs, and a pointer
    // click can land where the summary was a moment before.
    if ((await group.getAttribute("open")) === null) await group.locator("summary").press("Enter");
    await group.and(this.frame.locator("[open]")).waitFor();
    return input;
  }

  /** Types a variable's value, as a person replaces the field's text. */
  async setVariable(name: string, value: string): Promise<void> {
    await (await this.field(name)).fill(value);
  }

  /** The error under a variable's field, or "" when it has none. */
  async errorOf(name: string): Promise<string> {
    const input = await this.field(name);
    const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(" ");
    const error = ids.find((id) => id.endsWith("-error"));
    return error ? this.frame.locator(`[id="${error}"]`).innerText() : "";
  }

  /** The variables the playground has a field for. */
  async variables(): Promise<string[]> {
    return this.frame
      .locator(".ui-config__group [name]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("name") ?? ""));
  }

  async choosePreview(component: string): Promise<void> {
    await this.frame
      .getByRole("combobox", { name: this.word("previewComponent"), exact: true })
      .selectOption(component);
  }

  /** The preview frame of one theme, once its document is there. */
  previewFrameElement(scheme: "light" | "dark"): Locator {
    return this.frame.locator(`.ui-config__frame[data-scheme="${scheme}"] iframe`);
  }

  async previewFrame(scheme: "light" | "dark"): Promise<Frame> {
    const frame = await (await this.previewFrameElement(scheme).elementHandle())?.contentFrame();
    if (!frame) throw new Error(`no ${scheme} preview frame`);
    return frame;
  }

  /** The appearance object the playground exports, parsed. */
  async exported(): Promise<unknown> {
    return JSON.parse(await this.exportField().inputValue());
  }

  /** The exported text as the person copies it. */
  async exportedText(): Promise<string> {
    return this.exportField().inputValue();
  }

  /** Presses Copy; returns what the playground says and whether the text is then selected. */
  async copy(): Promise<{ said: string; selected: boolean }> {
    await this.frame.getByRole("button", { name: this.word("copy"), exact: true }).click();
    const status = this.frame.getByRole("status").filter({ hasText: /./ });
    await status.first().waitFor();
    const said = await status.first().innerText();
    const selected = await this.exportField().evaluate((el) => {
      const area = el as HTMLTextAreaElement;
      return (
        area.ownerDocument.activeElement === area &&
        area.selectionStart === 0 &&
        area.selectionEnd === area.value.length
      );
    });
    return { said, selected };
  }

  copyFailedText = () => this.word("copyFailed");
}
