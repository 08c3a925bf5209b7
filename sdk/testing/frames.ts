import type { Frame, Page } from "playwright-core";
import { nameFromTag, provider, tagName } from "../../protocol/provider.ts";

/**
 * A component's UI frame, found by its element's tag: the element's shadow root holds one
 * iframe on the connect host, whose hash names the component. Accepts the full tag
 * (`<prefix>-payouts-list`) or the catalogue name (`payouts-list`).
 */
export interface ComponentFrameOptions {
  /** Which element of that tag, in document order (default 0). */
  index?: number;
  /** How long to wait for the element and its frame, in ms (default 30,000). */
  timeout?: number;
}

/** The catalogue name of a tag or name: `<prefix>-payouts-list` and `payouts-list` give `payouts-list`. */
export function componentName(tagOrName: string): string {
  return nameFromTag(tagOrName) ?? tagOrName.toLowerCase();
}

/**
 * Waits until the `index`-th element of the component has a frame with a size, then returns
 * that frame (a Playwright `Frame`, to drive with the page models of this module).
 */
export async function componentFrame(
  page: Page,
  tagOrName: string,
  options: ComponentFrameOptions = {},
): Promise<Frame> {
  const name = componentName(tagOrName);
  const tag = tagName(name);
  const index = options.index ?? 0;
  const timeout = options.timeout ?? 30_000;
  await page.waitForFunction(
    ({ tag, i }) => {
      const element = document.querySelectorAll(tag)[i];
      const frame = element?.shadowRoot?.querySelector("iframe");
      return Boolean(frame && frame.getBoundingClientRect().height > 0);
    },
    { tag, i: index },
    { timeout },
  );
  const handle = await page
    .locator(tag)
    .nth(index)
    .evaluateHandle((el) => el.shadowRoot?.querySelector("iframe") ?? null);
  const frame = await handle.asElement()?.contentFrame();
  const param = `${provider.hashParams.component}=${encodeURIComponent(name)}`;
  if (!frame?.url().includes(param)) {
    throw new Error(`<${tag}> #${index} has no UI frame for ${name}`);
  }
  return frame;
}
