/**
 * The consent manager's actor shell (issue 16 item 1): runs `consentMachine` in one page and
 * performs its effects — the enforcement-mode lookup on the marketing host, the consent
 * cookie read every 100 ms, a choice persisted (cookie, then `POST /cookie-settings/update`),
 * and the removal of everything written in a category no longer allowed. Pages write cookies
 * and local-storage entries outside the strictly necessary categories only through `write`,
 * which refuses what consent does not allow and what `siteStorageCatalogue` does not list.
 */
import { type Actor, createActor } from "xstate";
import { type ConsentEmitted, consentMachine } from "../../machines/site/consent.machine.ts";
import {
  type ConsentAllowance,
  type ConsentCategory,
  type ConsentRecord,
  formatConsentCookie,
  type GatedCategory,
  parseConsentCookie,
  parseEnforcementMode,
  readCookie,
  siteStorageCatalogue,
} from "../../protocol/site/consent.ts";
import { consentCookieName, consentPaths } from "../../protocol/site/constants.ts";

/** The page's cookies and storage, as small interfaces (tests pass fakes). */
export interface CookieJar {
  /** `document.cookie` as read. */
  read(): string;
  /** One `document.cookie = ...` assignment. */
  write(cookie: string): void;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ConsentManagerOptions {
  /** The marketing host's origin: the consent calls go there. */
  marketingOrigin: string;
  fetch: FetchLike;
  cookies: CookieJar;
  storage?: StorageLike | undefined;
  /** Epoch milliseconds. */
  now(): number;
  /** The cookie's Domain attribute (the provider's domain in production; none locally). */
  cookieDomain?: string | undefined;
  /** XState's clock (tests pass a simulated one). */
  clock?: {
    setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
    clearTimeout(id: unknown): void;
  };
  onWarning?(message: string, detail: Record<string, unknown>): void;
}

export interface ConsentManager {
  allowed(): ConsentAllowance;
  allows(category: ConsentCategory): boolean;
  /**
   * The mode in force: `resolving` until the provider answers or 1 s passes, then the mode
   * and whether it came from the provider (false: the restricted fallback).
   */
  mode(): { mode: string; known: boolean; resolving: boolean };
  /** Called once the mode is settled (answered, failed or timed out). */
  onSettled(listener: () => void): () => void;
  record(): ConsentRecord | null;
  /** Records the person's choice here (cookie now, the provider's update call after). */
  choose(choices: { functional: boolean; advertising: boolean }): void;
  /** Writes a gated cookie or storage entry; false (nothing written) when not allowed. */
  write(
    category: GatedCategory,
    entry: { cookie: string; value: string } | { storage: string; value: string },
  ): boolean;
  subscribe(listener: (allowed: ConsentAllowance) => void): () => void;
  stop(): void;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The page's own cookies (`document.cookie`); none where the browser refuses them. */
export function browserCookies(): CookieJar {
  return {
    read: () => {
      try {
        return document.cookie;
      } catch {
        return "";
      }
    },
    write: (cookie) => {
      try {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the kit supports, and is asynchronous where the gate must be synchronous.
        document.cookie = cookie;
      } catch {
        // A sandboxed page without cookies: nothing is written.
      }
    },
  };
}

export function createConsentManager(options: ConsentManagerOptions): ConsentManager {
  const { cookies, storage } = options;
  const domain = options.cookieDomain ? `; Domain=${options.cookieDomain}` : "";
  const cookieString = (name: string, value: string, maxAge: number) =>
    `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${domain}`;
  const currentRecord = () => parseConsentCookie(readCookie(cookies.read(), consentCookieName));
  const warn = (message: string, detail: Record<string, unknown>) =>
    options.onWarning?.(message, detail);

  const actor: Actor<typeof consentMachine> = createActor(consentMachine, {
    input: { record: currentRecord() },
    ...(options.clock ? { clock: options.clock as never } : {}),
  });
  const listeners = new Set<(allowed: ConsentAllowance) => void>();
  const settledListeners = new Set<() => void>();
  let resolving = true;
  actor.subscribe((snapshot) => {
    if (resolving && !snapshot.matches("resolving")) {
      resolving = false;
      for (const listener of [...settledListeners]) listener();
    }
  });

  const purge = (categories: readonly GatedCategory[]) => {
    for (const category of categories) {
      const listed = siteStorageCatalogue[category];
      for (const name of listed.cookies) cookies.write(cookieString(name, "", 0));
      for (const key of listed.localStorage) {
        try {
          storage?.removeItem(key);
        } catch {
          // Storage that cannot be touched holds nothing of ours.
        }
      }
    }
  };

  const fetchMode = () => {
    const url = `${options.marketingOrigin}${consentPaths.enforcementMode}`;
    options
      .fetch(url, { method: "GET", credentials: "omit" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { mode?: unknown } | null;
        return parseEnforcementMode(body?.mode);
      })
      .then(
        (mode) => {
          if (actor.getSnapshot().status === "active") actor.send({ type: "mode.answered", mode });
        },
        (error) => {
          warn("consent: the enforcement mode could not be read; restricted", {
            reason: String(error),
          });
          if (actor.getSnapshot().status === "active") actor.send({ type: "mode.failed" });
        },
      );
  };

  const persist = (record: ConsentRecord) => {
    cookies.write(cookieString(consentCookieName, formatConsentCookie(record), YEAR_SECONDS));
    const body = JSON.stringify({
      authentication: record.authentication,
      essential: record.essential,
      functional: record.functional,
      advertising: record.advertising,
    });
    options
      .fetch(`${options.marketingOrigin}${consentPaths.update}`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body,
      })
      .catch((error) => warn("consent: the choice was not sent", { reason: String(error) }));
  };

  actor.on("*", (effect: ConsentEmitted) => {
    switch (effect.type) {
      case "mode.fetch":
        fetchMode();
        return;
      case "cookie.poll":
        actor.send({ type: "cookie.read", record: currentRecord() });
        return;
      case "consent.persist":
        persist(effect.record);
        return;
      case "storage.purge":
        purge(effect.categories);
        return;
      case "consent.changed":
        for (const listener of [...listeners]) listener(effect.allowed);
        return;
    }
  });
  actor.start();
  // A category the person refused holds nothing, even what another page wrote before.
  const initial = actor.getSnapshot().context.record;
  if (initial) purge((["functional", "advertising"] as const).filter((c) => !initial[c]));

  const allowed = () => actor.getSnapshot().context.allowed;
  return {
    allowed,
    allows: (category) => allowed()[category],
    mode: () => ({
      mode: actor.getSnapshot().context.mode,
      known: actor.getSnapshot().context.modeKnown,
      resolving,
    }),
    onSettled(listener) {
      settledListeners.add(listener);
      return () => settledListeners.delete(listener);
    },
    record: () => actor.getSnapshot().context.record,
    choose(choices) {
      actor.send({
        type: "consent.choose",
        record: {
          version: 2,
          timestamp: options.now(),
          authentication: true,
          essential: true,
          functional: choices.functional,
          advertising: choices.advertising,
        },
      });
    },
    write(category, entry) {
      if (!allowed()[category]) return false;
      const listed = siteStorageCatalogue[category];
      if ("cookie" in entry) {
        if (!(listed.cookies as readonly string[]).includes(entry.cookie)) return false;
        cookies.write(cookieString(entry.cookie, entry.value, YEAR_SECONDS));
        return true;
      }
      if (!(listed.localStorage as readonly string[]).includes(entry.storage)) return false;
      try {
        storage?.setItem(entry.storage, entry.value);
        return storage !== undefined;
      } catch {
        return false;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      listeners.clear();
      settledListeners.clear();
      actor.stop();
    },
  };
}
