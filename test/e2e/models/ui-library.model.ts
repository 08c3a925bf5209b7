import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";

/**
 * The UI library page (connect/ui-library.html) as a person uses it: open it in a locale and
 * theme, switch, look at it, tab through it. Each verb returns plain data for the test to
 * judge, so the e2e test reads like the acceptance criteria.
 */

export type LibraryTheme = "light" | "dark";
export interface LibraryChoice {
  /** A supported catalogue locale (the page resolves others; tests name exact ones). */
  locale: string;
  theme: LibraryTheme;
}

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

export interface FocusStop {
  /** Index in `interactive` (the page's interactive elements in document order), or -1. */
  index: number;
  element: string;
  /** The focused outline or box-shadow differs from the element's unfocused state. */
  visibleIndicator: boolean;
  indicator: string;
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** Interactive primitives: what a keyboard user must be able to reach. */
const interactiveSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  // A <details> disclosure (a chart's data table) is a Tab stop of its own.
  "details > summary",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

export class UiLibraryPage {
  /** Console errors and warnings, uncaught errors and CSP violations, in order. */
  readonly problems: string[] = [];

  private constructor(readonly page: Page) {}

  /** Opens the library on the connect host in a fresh page of `width` CSS pixels. */
  static async open(
    browser: Browser,
    connectOrigin: string,
    choice: LibraryChoice,
    { width = 1024, height = 800 }: { width?: number; height?: number } = {},
  ): Promise<UiLibraryPage> {
    const page = await browser.newPage({ viewport: { width, height } });
    const library = new UiLibraryPage(page);
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        library.problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => library.problems.push(`pageerror: ${error.message}`));
    await page.exposeFunction("__reportCspViolation", (text: string) =>
      library.problems.push(`csp: ${text}`),
    );
    // Runs before the page's own module, in its world: every violation is seen.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as never as { __reportCspViolation(text: string): void }).__reportCspViolation(
          `${event.violatedDirective} blocked ${event.blockedURI || "inline"}`,
        );
      });
    });
    await page.goto(`${connectOrigin}/ui-library.html#${hash(choice)}`);
    await library.waitUntilShown(choice);
    return library;
  }

  /** Changes locale and theme through the hash, as the debug tool does, without a reload. */
  async switchTo(choice: LibraryChoice): Promise<void> {
    await this.page.evaluate((h) => {
      location.hash = h;
    }, hash(choice));
    await this.waitUntilShown(choice);
  }

  async resizeTo(width: number, height = 800): Promise<void> {
    await this.page.setViewportSize({ width, height });
  }

  /** The document's `lang` and `dir`, and the page's background and text colours. */
  documentFacts() {
    return this.page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return {
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        background: body.backgroundColor,
        color: body.color,
        heading: document.querySelector("h2")?.textContent ?? "",
      };
    });
  }

  /** Runs axe-core over the whole page and returns every violation it finds. */
  async runAxe(): Promise<AxeViolation[]> {
    // Evaluated through the DevTools protocol, which the page's CSP does not govern; the
    // page's own scripts stay under its CSP (no bypassCSP context), so violations still show.
    if (!(await this.page.evaluate(() => "axe" in window))) await this.page.evaluate(axeSource);
    return this.page.evaluate(async () => {
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

  /** Saves a full-page screenshot (PNG) and returns its size in bytes. */
  async screenshot(path: string): Promise<number> {
    const png = await this.page.screenshot({ path, fullPage: true, animations: "disabled" });
    return png.byteLength;
  }

  /**
   * Every clipped or escaping text box: an element with text whose content is wider than its
   * box (unless it is a scroller, overflow-x auto/scroll, such as a table wrapper), an element
   * past the viewport's edge (unless inside such a scroller), and a page that scrolls sideways.
   * Visually hidden text (screen-reader only) is clipped on purpose and skipped. Animations
   * are held at their start while measuring: a spinning spinner's rotated box is not layout.
   */
  findOverflows(): Promise<Overflow[]> {
    return this.page.evaluate(() => {
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

  /**
   * Presses Tab from the top of the page until focus comes back round (or leaves the page),
   * noting each stop and whether it shows a focus indicator.
   */
  async tabThroughEverything(): Promise<{ interactive: string[]; stops: FocusStop[] }> {
    const interactive = await this.page.evaluate((selector) => {
      (document.activeElement as HTMLElement | null)?.blur();
      const elements = [...document.querySelectorAll<HTMLElement>(selector)].filter(
        (el) => el.getClientRects().length > 0 && !el.closest("[inert]"),
      );
      return elements.map((el, i) => {
        const style = getComputedStyle(el);
        el.dataset.e2eStop = String(i);
        el.dataset.e2eUnfocused = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`;
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
        return `<${el.localName}> "${name.slice(0, 40)}"`;
      });
    }, interactiveSelector);
    const stops: FocusStop[] = [];
    for (let press = 0; press < interactive.length + 10; press++) {
      await this.page.keyboard.press("Tab");
      const stop = await this.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return undefined;
        const style = getComputedStyle(el);
        const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        const focused = `${outline} | ${style.boxShadow}`;
        const drawn =
          (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== "none";
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
        return {
          index: el.dataset.e2eStop === undefined ? -1 : Number(el.dataset.e2eStop),
          element: `<${el.localName}> "${name.slice(0, 40)}"`,
          visibleIndicator: drawn && focused !== el.dataset.e2eUnfocused,
          indicator: focused,
        };
      });
      if (!stop) break;
      const first = stops[0];
      if (first && stop.index === first.index && stop.element === first.element) break;
      stops.push(stop);
    }
    return { interactive, stops };
  }

  async close(): Promise<void> {
    await this.page.close();
  }

  private async waitUntilShown({ locale, theme }: LibraryChoice): Promise<void> {
    await this.page.waitForFunction(
      (shown) => document.documentElement.dataset.shown === shown,
      `${locale} ${theme}`,
    );
    // Two frames: the theme's stylesheet and the new text are painted, not only committed.
    await this.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }
}

const hash = ({ locale, theme }: LibraryChoice) =>
  new URLSearchParams({ locale, theme }).toString();
