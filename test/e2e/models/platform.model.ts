import type { Browser, Frame, Page, Request } from "playwright-core";
import type { DashboardSection } from "../../../examples/platform/pages.ts";
import { provider, tagName } from "../../../protocol/provider.ts";
import { componentFrame } from "../../../sdk/testing/frames.ts";
import { PayoutsListModel } from "../../../sdk/testing/payouts-list.model.ts";
import { cssVar } from "../../../ui/theme/css.ts";
import { consoleProblem } from "../support/browser.ts";
import { DebugComponentsListModel } from "./debug-components-list.model.ts";

/**
 * The example platform (examples/platform) as a person uses it: sign in as a seeded
 * account, open the dashboard / plain-HTML / React page, change the colour, the theme and the
 * locale, log out. It also keeps what a test must judge: every console problem and CSP
 * violation of the page and its frames, and the platform's own requests for client secrets.
 */

export type PlatformPageName = "dashboard" | "plain" | "react" | "markup";

export interface ComponentState {
  /** The catalogue name the frame was opened for (its hash). */
  name: string;
  /** The frame shell's status: loading, ready, sessionExpired or error. */
  status: string;
  /** The computed primary colour variable of the frame's theme. */
  colorPrimary: string;
  /** The frame's text is in the pseudo-locale (accented letters). */
  pseudo: boolean;
  text: string;
}

/** Letters the pseudo-locale puts in every message (ui/i18n/pseudo.ts). */
export const pseudoAccents = /[åƀçðƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž]/;

/** Reports every CSP violation, in the page and in each frame, as a console error. */
const reportViolations = () => {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `CSP violation on ${location.origin}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
    );
  });
};

export class PlatformPage {
  /** Console errors and warnings, uncaught errors and CSP violations, in order. */
  readonly problems: string[] = [];
  /** Each `POST /api/account_session` the page made: one per `fetchClientSecret` call. */
  readonly secretFetches: Request[] = [];

  private constructor(
    readonly page: Page,
    readonly origin: string,
    readonly connectOrigin: string,
  ) {
    page.on("console", (message) => {
      const problem = consoleProblem(message);
      if (problem) this.problems.push(problem);
    });
    page.on("pageerror", (error) => this.problems.push(`pageerror: ${error.message}`));
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url() === `${origin}/api/account_session`)
        this.secretFetches.push(request);
    });
  }

  /**
   * Takes the problems matching `pattern` out of `problems` (a warning the test expects) and
   * returns them.
   */
  takeProblems(pattern: RegExp): string[] {
    const taken = this.problems.filter((p) => pattern.test(p));
    const rest = this.problems.filter((p) => !pattern.test(p));
    this.problems.splice(0, this.problems.length, ...rest);
    return taken;
  }

  static async open(browser: Browser, origin: string, connectOrigin: string) {
    const page = await browser.newPage();
    await page.addInitScript(reportViolations);
    return new PlatformPage(page, origin, connectOrigin);
  }

  /**
   * Signs in on the picker as the account with this label (a cookie session) and lands on
   * the dashboard's overview, or on one of its pages (`next`: a person who followed a link to
   * that page and was asked to sign in first).
   */
  async signIn(label: string, section?: DashboardSection) {
    const next = section ? `/dashboard/${section}` : "/dashboard";
    await this.page.goto(`${this.origin}/${section ? `?next=${next}` : ""}`);
    await this.page.getByRole("radio", { name: label }).check();
    await this.page.getByRole("button", { name: "Sign in" }).click();
    await this.page.waitForURL(`${this.origin}${next}`);
  }

  /** Opens a page of the dashboard from its list of pages, as a person would. */
  async openSection(title: string) {
    await this.page
      .getByRole("navigation", { name: "Dashboard pages" })
      .getByRole("link", { name: title, exact: true })
      .click();
    await this.page.getByRole("heading", { level: 1, name: title }).waitFor();
  }

  /**
   * Creates a fresh connected account of the country (its name, as the form lists it) and
   * business type with the sign-in page's "New test account", and lands signed in as it.
   */
  async createTestAccount(
    country: string,
    businessType: string,
    signIn: "The platform signs me in" | "I create my own sign-in" = "The platform signs me in",
    terms:
      | "The onboarding flow asks for them"
      | "The platform collects them" = "The onboarding flow asks for them",
  ) {
    await this.page.goto(`${this.origin}/`);
    const form = this.page.getByRole("group", { name: "New test account" });
    await form.getByLabel("Country").selectOption({ label: country });
    await form.getByLabel("Business type").selectOption({ label: businessType });
    await form.getByLabel("Sign-in").selectOption({ label: signIn });
    await form.getByLabel("Terms of service").selectOption({ label: terms });
    await this.page.getByRole("button", { name: "Create a test account" }).press("Enter");
    await this.page.waitForURL(`${this.origin}/dashboard`);
  }

  /** The platform's own terms of service form (an account whose terms the platform collects). */
  platformTerms() {
    return this.page.getByRole("form", { name: "Our terms of service" });
  }

  /**
   * Ticks the platform's own terms box and accepts them, as the person does; returns what
   * the form then says ("Accepted on …", or why not).
   */
  async acceptPlatformTerms(): Promise<string> {
    const form = this.platformTerms();
    await form.getByLabel("I accept the terms of service").check();
    await form.getByRole("button", { name: "Accept the terms" }).press("Enter");
    const said = form.locator('output[name="platform-terms"]');
    await said.filter({ hasText: /./ }).waitFor();
    return (await said.textContent()) ?? "";
  }

  /** The account the dashboard says it is signed in as. */
  async signedInAs(): Promise<string> {
    return (await this.page.getByTestId("account").textContent()) ?? "";
  }

  /** The signed-in connected account's id, as the platform's header carries it. */
  async signedInAccountId(): Promise<string> {
    return (await this.page.getByTestId("account").getAttribute("data-account-id")) ?? "";
  }

  /** The accounts the picker offers, with the onboarding state it shows. */
  async pickerAccounts(): Promise<{ label: string; state: string }[]> {
    await this.page.goto(`${this.origin}/`);
    return this.page.$$eval("label.account", (rows) =>
      rows.map((row) => ({
        label: row.querySelector(".label")?.textContent ?? "",
        state: row.querySelector(".state")?.getAttribute("data-state") ?? "",
      })),
    );
  }

  async goto(name: PlatformPageName) {
    await this.page.goto(`${this.origin}/${name}`);
  }

  /** The response headers of a page of the platform. */
  async headersOf(path: string): Promise<Record<string, string>> {
    const response = await this.page.request.get(`${this.origin}${path}`);
    return response.headers();
  }

  /** Elements of a component on the page, by catalogue name. */
  elements(name: string) {
    return this.page.locator(tagName(name));
  }

  /** How many component frames (UI frames on the connect host) the page holds now. */
  async componentFrameCount(): Promise<number> {
    return this.page.evaluate((connect) => {
      let count = 0;
      const walk = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll("*")) {
          if (el instanceof HTMLIFrameElement && el.src.startsWith(`${connect}/frame.html`))
            count++;
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      return count;
    }, this.connectOrigin);
  }

  /** The UI frame of the n-th element of a component (`<package>/testing`'s componentFrame). */
  frameOf(name: string, index = 0): Promise<Frame> {
    return componentFrame(this.page, name, { index });
  }

  /** How many elements of the catalogue the page holds. */
  async componentCount(): Promise<number> {
    return this.page.evaluate(
      ({ prefix, config }) =>
        [...document.querySelectorAll("*")].filter(
          (e) => e.localName.startsWith(prefix) && e.localName !== config,
        ).length,
      // The declarative configuration element (`<prefix>-connect`) is not a component.
      { prefix: `${provider.tagPrefix}-`, config: tagName("connect") },
    );
  }

  /** Adds elements to the dashboard's list, as a developer's code would. */
  async addElements(name: string, count: number) {
    await this.page.evaluate(
      ({ tag, n }) => {
        const list = document.getElementById("components") ?? document.body;
        for (let i = 0; i < n; i++) list.append(document.createElement(tag));
      },
      { tag: tagName(name), n: count },
    );
  }

  /** Sets an attribute on the n-th element of a component. */
  async setAttribute(name: string, index: number, attribute: string, value: string) {
    await this.elements(name)
      .nth(index)
      .evaluate((el, [a, v]) => el.setAttribute(a!, v!), [attribute, value]);
  }

  /** Every component frame of the page, in document order (through the shadow roots). */
  async componentFrames(): Promise<Frame[]> {
    const handles = await this.page.evaluateHandle(
      (prefix) =>
        [...document.querySelectorAll("*")]
          .filter((e) => e.localName.startsWith(prefix))
          .map((e) => e.shadowRoot?.querySelector("iframe") ?? null),
      `${provider.tagPrefix}-`,
    );
    const count = await handles.evaluate((list) => list.length);
    const frames: Frame[] = [];
    for (let i = 0; i < count; i++) {
      const handle = await handles.evaluateHandle((list, n) => list[n], i);
      const frame = await handle.asElement()?.contentFrame();
      if (frame) frames.push(frame);
    }
    return frames;
  }

  /** What each component frame shows: its shell status, primary colour and language. */
  async componentStates(): Promise<ComponentState[]> {
    const frames = await this.componentFrames();
    return Promise.all(
      frames.map(async (frame) => ({
        name:
          new URLSearchParams(new URL(frame.url()).hash.slice(1)).get(
            provider.hashParams.component,
          ) ?? "",
        ...(await frame.evaluate(
          ({ colourVar, accents }) => {
            const shell = document.querySelector("[data-status]");
            const text = document.body.innerText;
            return {
              status: shell?.getAttribute("data-status") ?? "none",
              colorPrimary: getComputedStyle(document.documentElement)
                .getPropertyValue(colourVar)
                .trim(),
              pseudo: new RegExp(accents).test(text),
              text,
            };
          },
          { colourVar: cssVar("colorPrimary"), accents: pseudoAccents.source },
        )),
      })),
    );
  }

  async componentTexts(): Promise<string[]> {
    return (await this.componentStates()).map((c) => c.text);
  }

  /** Waits until every component frame satisfies `done` (each frame found anew each time). */
  async waitForEveryComponent(done: (state: ComponentState) => boolean, timeout = 20_000) {
    const until = Date.now() + timeout;
    let last: ComponentState[] = [];
    while (Date.now() < until) {
      last = await this.componentStates().catch(() => []);
      const count = await this.componentCount();
      if (last.length === count && count > 0 && last.every(done)) return last;
      await this.page.waitForTimeout(100);
    }
    throw new Error(
      `not every component got there: ${JSON.stringify(last.map(({ text: _t, ...s }) => s))}`,
    );
  }

  /**
   * Waits until every component on the page has loaded (its shell is ready). The whole
   * dashboard is some thirty frames: on a loaded two-core runner they take seconds each to
   * get their turn, so this waits longer than one component's wait.
   */
  everyComponentReady() {
    return this.waitForEveryComponent((c) => c.status === "ready", 45_000);
  }

  /**
   * Marks the page and every component frame with `mark` (a fresh one when omitted) and
   * returns it, or — given a mark — returns it only if every document still has it (nothing
   * was reloaded), else "reloaded".
   */
  async markEveryDocument(expected?: string): Promise<string> {
    const mark = expected ?? `m${Date.now()}`;
    const documents = [this.page.mainFrame(), ...(await this.componentFrames())];
    const seen = await Promise.all(
      documents.map((frame) =>
        frame.evaluate(
          ([m, check]) => {
            const w = window as unknown as { __mark?: string };
            if (check) return w.__mark;
            w.__mark = m;
            return m;
          },
          [mark, expected !== undefined] as const,
        ),
      ),
    );
    return seen.every((m) => m === mark) ? mark : "reloaded";
  }

  /** The n-th payouts list on the page (its own page model), once its frame is there. */
  async payoutsList(index = 0): Promise<PayoutsListModel> {
    return new PayoutsListModel(await this.frameOf("payouts-list", index));
  }

  async debugComponentsList(): Promise<DebugComponentsListModel> {
    return new DebugComponentsListModel(await this.frameOf("debug-components-list"));
  }

  async chooseColour(hex: string) {
    await this.page.getByLabel("Primary colour", { exact: true }).fill(hex);
  }

  /**
   * From the keyboard: a drawer that has just closed may still cover the page for a frame or
   * two while its host shrinks the overlay iframe, and a pointer click would land on it.
   */
  async setDarkTheme(on: boolean) {
    const box = this.page.getByLabel("Dark theme", { exact: true });
    if ((await box.isChecked()) !== on) {
      await box.focus();
      await box.press("Space");
    }
    await this.page.waitForFunction(([el, want]) => (el as HTMLInputElement).checked === want, [
      await box.elementHandle(),
      on,
    ] as const);
  }

  /**
   * Pastes an appearance object into the dashboard's "Use an appearance" field and uses it:
   * the page loads again and passes it to `loadConnectAndInitialize`.
   */
  async useAppearance(code: string) {
    await this.page.getByLabel("Appearance object (JSON), from the UI config tool").fill(code);
    await Promise.all([
      this.page.waitForEvent("load"),
      this.page.getByRole("button", { name: "Use this appearance", exact: true }).click(),
    ]);
  }

  async chooseLocale(locale: string) {
    await this.page.getByLabel("Locale", { exact: true }).selectOption(locale);
  }

  async logOut() {
    await this.page.getByRole("button", { name: "Log out of the components" }).click();
    await this.page.getByRole("status").getByText("Logged out of the components.").waitFor();
  }

  /** The dashboard's status line (session refreshed / expired / logged out). */
  status() {
    return this.page.getByRole("status");
  }

  /** The plain-HTML page's event log, one line per DOM event it heard. */
  async eventLog(): Promise<string[]> {
    return this.page.locator("#events li").allTextContents();
  }

  async close() {
    await this.page.close();
  }
}
