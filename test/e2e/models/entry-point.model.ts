import type { Browser, BrowserContext, Frame, Locator, Page } from "playwright-core";
import { bridgeNames, entryHashParams, entryPagePath } from "../../../protocol/entry-page.ts";
import {
  type EntryToNative,
  entryToNativeSchema,
  type NativeToEntry,
} from "../../../protocol/messages/entry-bridge.schema.ts";
import { componentFrame } from "../../../sdk/testing/frames.ts";
import { consoleProblem } from "../support/browser.ts";
import { BalancesModel } from "./balances.model.ts";
import { messageIn } from "./payment-details.model.ts";

/** A phone's web view (an iPhone's, in CSS pixels). */
export const phoneViewport = { width: 390, height: 844 } as const;

export interface NativeSide {
  /** A fresh client secret for the entry point, as the app's backend creates it. */
  clientSecret(): Promise<string>;
}

/**
 * A native app's web view on the connect host's mobile entry page (docs/mobile.md), and the
 * app's side of the bridge: the iOS message handler is installed before the page loads, every
 * message the page posts is kept (`heard`, each parsed by the bridge's schema), and each
 * `clientSecretNeeded` is answered through the page's receive function, as the app's
 * `evaluateJavaScript` does. The task itself is driven as a person does, in the component's
 * frame, with the balances view's page model (the same pieces).
 */
export class EntryPointModel {
  /** What the page told the app, in order. */
  readonly heard: EntryToNative[] = [];
  /** Console errors and warnings, uncaught errors. */
  readonly problems: string[] = [];
  /** Client secrets handed to the page. */
  secretsGiven = 0;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(
    browser: Browser,
    options: {
      connectOrigin: string;
      component: string;
      publishableKey: string;
      native: NativeSide;
      params?: Record<string, string>;
    },
  ): Promise<EntryPointModel> {
    const context = await browser.newContext({ viewport: phoneViewport, hasTouch: true });
    const page = await context.newPage();
    const model = new EntryPointModel(context, page);
    page.on("console", (message) => {
      const problem = consoleProblem(message);
      if (problem) model.problems.push(problem);
    });
    page.on("pageerror", (error) => model.problems.push(`pageerror: ${error.message}`));
    // The app's message handler: what `WKScriptMessageHandler` receives.
    await page.exposeFunction("__nativeReceived", (json: string) => {
      const message = entryToNativeSchema.parse(JSON.parse(json));
      model.heard.push(message);
      if (message.type === "clientSecretNeeded")
        void model.answer(message.requestId, options.native);
    });
    await page.addInitScript((handler: string) => {
      const post = (window as unknown as { __nativeReceived(json: string): void }).__nativeReceived;
      Object.assign(window, {
        webkit: { messageHandlers: { [handler]: { postMessage: (m: string) => post(m) } } },
      });
    }, bridgeNames.ios);
    const hash = new URLSearchParams({
      [entryHashParams.component]: options.component,
      [entryHashParams.publishableKey]: options.publishableKey,
      ...options.params,
    });
    await page.goto(`${options.connectOrigin}${entryPagePath}#${hash}`);
    return model;
  }

  /** What the app does on `clientSecretNeeded`: its backend's fresh secret, through the bridge. */
  private async answer(requestId: string, native: NativeSide): Promise<void> {
    let reply: NativeToEntry;
    try {
      reply = { type: "clientSecret", requestId, clientSecret: await native.clientSecret() };
      this.secretsGiven++;
    } catch (error) {
      reply = { type: "clientSecretFailed", requestId, message: String(error) };
    }
    await this.page
      .evaluate(
        ({ name, json }) =>
          (window as unknown as Record<string, { receive(m: string): void }>)[name]!.receive(json),
        { name: bridgeNames.receive, json: JSON.stringify(reply) },
      )
      .catch(() => {});
  }

  /** The events the app heard, by name, with their details. */
  events(): { name: string; detail?: unknown }[] {
    return this.heard.flatMap((m) =>
      m.type === "event" ? [{ name: m.name, detail: m.detail }] : [],
    );
  }

  /** The detail of the first event `name` the app hears (waits up to 30 s for it). */
  async heardEvent<T>(name: string): Promise<T> {
    const until = Date.now() + 30_000;
    for (;;) {
      const event = this.events().find((e) => e.name === name);
      if (event) return event.detail as T;
      if (Date.now() > until) throw new Error(`the app never heard ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The component's frame, once it is shown. */
  frame(component: string): Promise<Frame> {
    return componentFrame(this.page, component);
  }

  /** The balances pieces in the entry point's frame, once its screen shows its figures. */
  async balances(component: string): Promise<BalancesModel> {
    const frame = await this.frame(component);
    await frame.locator("h1").first().waitFor();
    // Polled on a timer: a frame that is not painting gets no animation frames.
    await frame.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, {
      polling: 100,
    });
    return new BalancesModel(frame);
  }

  /** The task screen's success banner, once shown: its words. */
  async seeDone(frame: Frame): Promise<string> {
    const banner = frame.locator(".kit-banner--success").first();
    await banner.waitFor();
    return banner.innerText();
  }

  /** Presses Done (the app then hears `exit`). */
  async pressDone(frame: Frame): Promise<void> {
    await frame
      .getByRole("button", { name: messageIn("en-US", "taskScreen.done"), exact: true })
      .tap();
  }

  /** A form region of the frame, named as its button is. */
  form(frame: Frame, name: string): Locator {
    return frame.getByRole("region", { name, exact: true });
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
