import type { Frame } from "playwright-core";

/**
 * debug-ui-preview as an engineer looks at it: which components it shows, in order, and
 * each one's own preview frame — its shell's status, a theme variable on its root, its
 * language — to read as a real component frame would be read.
 */
export class DebugUiPreviewModel {
  constructor(readonly frame: Frame) {}

  /** The components shown, in order, by catalogue name. */
  async components(): Promise<string[]> {
    return this.frame
      .locator(".ui-preview__item")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-component") ?? ""));
  }

  /** The preview frame of one component. */
  async frameOf(name: string): Promise<Frame> {
    const handle = await this.frame
      .locator(`.ui-preview__item[data-component="${name}"] iframe`)
      .elementHandle();
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error(`no preview frame for ${name}`);
    return frame;
  }

  /** Its shell's status (`loading`, `ready`, `error`). */
  async status(name: string): Promise<string | null> {
    return (await this.frameOf(name)).locator(".frame-shell").getAttribute("data-status");
  }

  /** A custom property on its document's root, as the theme set it. */
  async rootVariable(name: string, variable: string): Promise<string> {
    return (await this.frameOf(name)).evaluate(
      (v) => getComputedStyle(document.documentElement).getPropertyValue(v).trim(),
      variable,
    );
  }

  /** Its document's language. */
  async language(name: string): Promise<string> {
    return (await this.frameOf(name)).evaluate(() => document.documentElement.lang);
  }
}
