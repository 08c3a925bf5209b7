import type { Browser } from "playwright-core";
import { afterEach, beforeAll, expect } from "vitest";
import type { DashboardSection } from "../../../examples/platform/pages.ts";
import type { SandboxInfo } from "../../../examples/platform/sandbox.ts";
import { endpoints } from "../../../protocol/endpoints.ts";
import { provider } from "../../../protocol/provider.ts";
import { encodeBracketed } from "../../../server/http/form.ts";
import { seedSandbox } from "../../../server/sandbox/seed.ts";
import { createUser } from "../../../server/users/users.ts";
import { PlatformPage } from "../models/platform.model.ts";
import { launchChromium } from "./browser.ts";
import { type ExamplePlatformStack, freshExamplePlatform } from "./hosts.ts";

/**
 * The example-platform stack (provider, connect host, files and marketing hosts, example
 * platform, seeded) and one Chromium per test worker, for every browser-test file that uses
 * the example platform (`test/e2e/vitest.config.ts` runs a worker's files one after another,
 * those after the files that start hosts of their own on the worker's ports).
 *
 * The tests of a file share one stack; each file starts a fresh one. One stack for every file
 * made the files depend on each other's order: a file that moves the sandbox clock (disputes
 * decided after their review, session keys expiring) also runs the automatic payouts of every
 * day it crosses, which empties the balance another file then refunds from. Within a file a
 * test reads what it expects from the provider's answers at the time, and counts requests
 * from its own start (`env.requests.length` before, after).
 */

/** The seed every shared-stack file sees: shorter than `npm start`'s so the suite stays fast. */
export const sharedSeed = { days: 60, payments: 400 } as const;

export type { ExamplePlatformStack };

let chromium: Promise<Browser> | undefined;

/** A fresh stack for the file (the previous file's is closed first, `hosts.ts`). */
export const freshStack = (): Promise<ExamplePlatformStack> =>
  freshExamplePlatform((db) => seedSandbox(db, sharedSeed) as Promise<SandboxInfo>);

/** The worker's Chromium, launched on first use. */
export function sharedBrowser(): Promise<Browser> {
  chromium ??= launchChromium();
  return chromium;
}

export interface ApiCallOptions {
  /** The connected account the call acts for (the account header); the main account by default. */
  account?: string;
  idempotencyKey?: string;
}

export interface ExamplePlatform {
  /** The started stack: hosts, sandbox keys and accounts, the provider's database, requests. */
  readonly env: ExamplePlatformStack;
  readonly browser: Browser;
  /** A new tab on the example platform's sign-in page (closed and checked after the test). */
  opened(): Promise<PlatformPage>;
  /**
   * A new tab on the example platform, signed in as a seeded account (the main one by
   * default), on the dashboard's overview or on one of its pages (only that page's frames load).
   */
  signedIn(label?: string, section?: DashboardSection): Promise<PlatformPage>;
  /** A GET of the provider's API as the platform's backend makes it (secret key, account header). */
  apiGet<T>(path: string, options?: ApiCallOptions): Promise<T>;
  /** A form-encoded POST as the platform's backend makes it; a non-2xx answer throws. */
  apiPost<T>(path: string, params: Record<string, unknown>, options?: ApiCallOptions): Promise<T>;
  /** Every item of a list endpoint (`path?query`), following `has_more` to the last page. */
  listAll<T extends { id: string }>(
    path: string,
    query?: string,
    options?: ApiCallOptions,
  ): Promise<T[]>;
  /**
   * A provider user with `email` and `password` on the main account (or `account`), its
   * primary user unless `primary` is false — the person who signs in through the popup. Made
   * once per email for the file's stack; asked again, the same user.
   */
  providerUser(
    email: string,
    password: string,
    options?: { account?: string; primary?: boolean },
  ): Promise<{ id: string }>;
}

/**
 * Registers the file's hooks (stack and browser before all; after each test every tab is
 * closed and no console error, warning or CSP violation may be left) and returns the
 * helpers. Call it once at the top of a browser-test file.
 */
/**
 * The verification code the sandbox sent for the account's new payout bank account, read as
 * the platform can (its test helper): what the person types in the bank step.
 */
export const bankChallengeCode = (example: ExamplePlatform, account: string) => async () =>
  (
    await example.apiGet<{ code: string }>(
      `${endpoints.externalAccountChallengeCode}?account=${encodeURIComponent(account)}`,
      { account },
    )
  ).code;

export function examplePlatformTests(): ExamplePlatform {
  let env: ExamplePlatformStack | undefined;
  let browser: Browser | undefined;
  let open: PlatformPage[] = [];
  // The provider users made for this file's stack, by email.
  const users = new Map<string, Promise<{ id: string }>>();

  beforeAll(async () => {
    [env, browser] = await Promise.all([freshStack(), sharedBrowser()]);
    users.clear();
  });

  afterEach(async () => {
    const problems = open.flatMap((p) => p.problems);
    await Promise.all(open.map((p) => p.close()));
    open = [];
    // Named in full in the message, so a failure that passes on its retry still says what
    // the console had (the flaky reporter's line alone does not).
    expect(problems, `console problems:\n${problems.join("\n")}`).toEqual([]);
  });

  const started = () => {
    if (!env || !browser) throw new Error("examplePlatformTests: used before its beforeAll ran");
    return { env, browser };
  };

  const headers = (options: ApiCallOptions = {}) => {
    const { env } = started();
    return {
      Authorization: `Bearer ${env.sandbox.secretKey}`,
      [provider.headers.account]: options.account ?? env.sandbox.mainAccountId,
      ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
    };
  };

  const opened = async () => {
    const { env, browser } = started();
    const platform = await PlatformPage.open(browser, env.platform, env.connect);
    open.push(platform);
    return platform;
  };

  const apiGet = async <T>(path: string, options?: ApiCallOptions): Promise<T> => {
    const response = await fetch(`${started().env.api}${path}`, { headers: headers(options) });
    const body = await response.json();
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body as T;
  };

  return {
    get env() {
      return started().env;
    },
    get browser() {
      return started().browser;
    },
    opened,
    async signedIn(label, section) {
      const platform = await opened();
      await platform.signIn(label ?? started().env.sandbox.accounts[0]!.label, section);
      return platform;
    },
    apiGet,
    async apiPost<T>(path: string, params: Record<string, unknown>, options?: ApiCallOptions) {
      const response = await fetch(`${started().env.api}${path}`, {
        method: "POST",
        headers: { ...headers(options), "Content-Type": "application/x-www-form-urlencoded" },
        body: encodeBracketed(params).toString(),
      });
      const body = await response.json();
      if (!response.ok)
        throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(body)}`);
      return body as T;
    },
    providerUser(email, password, options = {}) {
      const { env } = started();
      let user = users.get(email);
      if (!user) {
        user = createUser(
          env.db,
          {
            email,
            password,
            accountId: options.account ?? env.sandbox.mainAccountId,
            isPrimary: options.primary ?? true,
          },
          Math.floor(Date.now() / 1000),
        );
        users.set(email, user);
      }
      return user;
    },
    async listAll<T extends { id: string }>(path: string, query = "", options?: ApiCallOptions) {
      const out: T[] = [];
      let after = "";
      for (;;) {
        const limit = /(^|&)limit=/.test(query) ? "" : `${query ? "&" : ""}limit=100`;
        const page = await apiGet<{ data: T[]; has_more: boolean }>(
          `${path}?${query}${limit}${after}`,
          options,
        );
        out.push(...page.data);
        if (!page.has_more || page.data.length === 0) return out;
        after = `&starting_after=${page.data.at(-1)!.id}`;
      }
    },
  };
}
