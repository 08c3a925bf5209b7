import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { pseudoAccents } from "../models/platform.model.ts";

/**
 * The accessibility and layout checks every view gets, on a page or on a component's frame
 * (both evaluate script in their own document): axe-core's violations, and every clipped or
 * escaping text box. The UI library page and each component's browser test use these.
 */

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

export interface Overflow {
  kind: "text overflows its box" | "extends past the viewport" | "page scrolls sideways";
  element: string;
  /** scrollWidth/clientWidth, or the box's edges against the viewport width. */
  detail: string;
}

type Target = Pick<Page | Frame, "evaluate">;

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** The violations axe calls serious or critical (what a view must never have). */
export const seriousOrCritical = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** Runs axe-core over the whole document and returns every violation it finds. */
export async function runAxe(target: Target): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the document's CSP does not govern; its
  // own scripts stay under its CSP (no bypassCSP context), so violations still show.
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(axeSource);
  return target.evaluate(async () => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (
      window as never as {
        axe: { run(context: Document, options: object): Promise<AxeResult> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(" "),
        summary: n.failureSummary ?? "",
      })),
    }));
  });
}

/**
 * Every clipped or escaping text box: an element with text whose content is wider than its
 * box (unless it is a scroller, overflow-x auto/scroll, such as a table wrapper), an element
 * past the viewport's edge (unless inside such a scroller), and a document that scrolls
 * sideways. Visually hidden text (screen-reader only) is clipped on purpose and skipped.
 * Animations are held at their start while measuring: a spinning spinner's rotated box is
 * not layout.
 */
export function findOverflows(target: Target): Promise<Overflow[]> {
  return target.evaluate(() => {
    const running = document.getAnimations().filter((a) => a.playState === "running");
    for (const animation of running) {
      animation.pause();
      animation.currentTime = 0;
    }
    const found: Overflow[] = [];
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const cls =
        typeof el.className === "string" && el.className
          ? `.${el.className.trim().split(/\s+/).join(".")}`
          : "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.localName}${cls}> "${text}"`;
    };
    const scrolls = (style: CSSStyleDeclaration) =>
      style.overflowX === "auto" || style.overflowX === "scroll";
    const visuallyHidden = (el: Element, style: CSSStyleDeclaration) =>
      style.clipPath === "inset(50%)" ||
      style.display === "none" ||
      el.getBoundingClientRect().width <= 1;
    const visit = (el: Element, insideScroller: boolean) => {
      const style = getComputedStyle(el);
      if (visuallyHidden(el, style)) return;
      const scroller = scrolls(style);
      const hasText = (el.textContent ?? "").trim() !== "";
      if (
        el instanceof HTMLElement &&
        hasText &&
        !scroller &&
        style.display !== "inline" &&
        style.display !== "contents" &&
        el.scrollWidth > el.clientWidth + 1
      ) {
        found.push({
          kind: "text overflows its box",
          element: describe(el),
          detail: `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`,
        });
      }
      if (!insideScroller) {
        const box = el.getBoundingClientRect();
        if (box.right > viewport + 1 || box.left < -1) {
          found.push({
            kind: "extends past the viewport",
            element: describe(el),
            detail: `left ${Math.round(box.left)}, right ${Math.round(box.right)}, viewport ${viewport}`,
          });
        }
      }
      for (const child of el.children) visit(child, insideScroller || scroller);
    };
    visit(document.body, false);
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport + 1) {
      found.push({
        kind: "page scrolls sideways",
        element: "<html>",
        detail: `scrollWidth ${pageWidth} > viewport ${viewport}`,
      });
    }
    for (const animation of running) animation.play();
    return found;
  });
}

/** What the matrix needs of the platform page: its theme and locale controls. */
interface ThemedPage {
  setDarkTheme(on: boolean): Promise<void>;
  chooseLocale(locale: string): Promise<void>;
}

/**
 * A view's accessibility matrix, in one page: axe finds nothing serious or critical and
 * nothing overflows in light, in dark, and in the pseudo-locale (whose words `sample` reads
 * once the frames show them); then the page is back in light en-US, `sample` without them.
 */
export async function checkLightDarkPseudo(
  platform: ThemedPage,
  targets: readonly Target[],
  sample: () => Promise<string>,
): Promise<void> {
  const check = async (overflow: boolean) => {
    for (const target of targets) {
      expect(seriousOrCritical(await runAxe(target))).toEqual([]);
      if (overflow) expect(await findOverflows(target)).toEqual([]);
    }
  };
  await check(true);
  await platform.setDarkTheme(true);
  await check(false);
  await platform.chooseLocale("en-XA");
  await expect.poll(sample).toMatch(pseudoAccents);
  await check(true);
  await platform.chooseLocale("en-US");
  await platform.setDarkTheme(false);
  await expect.poll(sample).not.toMatch(pseudoAccents);
}
