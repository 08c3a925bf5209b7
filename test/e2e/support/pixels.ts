import pixelmatch from "pixelmatch";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";

/**
 * Two screenshots compared pixel by pixel (pixelmatch, its anti-aliasing detection on):
 * over the rows both have, since a frame's height follows content that may still grow below
 * what both show. Widths must match. `changedShare` is the share of compared pixels that
 * differ beyond pixelmatch's colour threshold.
 */
export function comparePngs(
  expected: Buffer,
  actual: Buffer,
): { width: number; height: number; changedShare: number } {
  const a = PNG.sync.read(expected);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width)
    throw new Error(`the screenshots differ in width: ${a.width} and ${b.width}`);
  const width = a.width;
  const height = Math.min(a.height, b.height);
  if (height === 0) throw new Error("a screenshot is empty");
  const rows = (png: PNG) => png.data.subarray(0, width * height * 4);
  const changed = pixelmatch(rows(a), rows(b), undefined, width, height, { threshold: 0.1 });
  return { width, height, changedShare: changed / (width * height) };
}

/**
 * What the page shows of an element, as a person sees it: the element scrolled into view and
 * the page's pixels in its box. (An element screenshot inside a nested frame scrolls the
 * wrong document in Chromium and can capture elsewhere.) The viewport must hold the element;
 * while content above it still grows (a live inspector's log), it is scrolled to again. The
 * shot is taken once two in a row, 100 ms apart, are the same pixels in the same box, so a
 * view still painting (a web font swapped in, a row's style applied) is not caught midway.
 */
export async function screenshotOf(page: Page, element: Locator): Promise<Buffer> {
  await page.mouse.move(0, 0);
  const viewport = page.viewportSize();
  let last = "";
  let previous: Buffer | undefined;
  for (let attempt = 0; attempt < 30; attempt++) {
    await element.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(100);
    const box = await element.boundingBox();
    if (!box) throw new Error("the element is not shown");
    last = `${Math.round(box.height)} px high at ${Math.round(box.y)}`;
    if (viewport && (box.y < 0 || box.y + box.height > viewport.height)) continue;
    const shot = await page.screenshot({ clip: box, animations: "disabled", caret: "hide" });
    const after = await element.boundingBox();
    const still = after && after.x === box.x && after.y === box.y && after.height === box.height;
    if (!still) {
      previous = undefined;
      continue;
    }
    if (previous?.equals(shot)) return shot;
    previous = shot;
  }
  throw new Error(`the element (${last}) did not stay wholly in view and unchanged`);
}
