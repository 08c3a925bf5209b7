import { describe, expect, it } from "vitest";
import { SimulatedClock } from "xstate";
import {
  consentRecordOf,
  formatConsentCookie,
  readCookie,
  siteStorageCatalogue,
} from "../../protocol/site/consent.ts";
import { consentCookieName } from "../../protocol/site/constants.ts";
import { createConsentManager } from "./consent.ts";

/** A cookie jar that keeps name=value pairs, honouring Max-Age=0 as removal. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    read: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    write: (cookie: string) => {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      if (/Max-Age=0(;|$)/.test(cookie)) cookies.delete(name);
      else cookies.set(name, pair!.slice(eq + 1));
    },
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(mode: string | "never" = "restricted", cookie?: string) {
  const clock = new SimulatedClock();
  const cookies = jar();
  if (cookie) cookies.cookies.set(consentCookieName, cookie);
  const storage = memoryStorage();
  const posts: unknown[] = [];
  const manager = createConsentManager({
    marketingOrigin: "http://127.0.0.1:4500",
    fetch: async (url, init) => {
      if (init.method === "POST") {
        posts.push(JSON.parse(init.body as string));
        return new Response("{}", { status: 200 });
      }
      if (mode === "never") return new Promise<Response>(() => {});
      expect(url).toBe("http://127.0.0.1:4500/cookie-settings/enforcement-mode");
      return new Response(JSON.stringify({ mode }), { status: 200 });
    },
    cookies,
    storage,
    now: () => 1_764_000_000_000,
    clock,
  });
  return { manager, clock, cookies, storage, posts };
}

describe("consent manager in a page", () => {
  it("an enforcement mode that has not answered after 1 s leaves the page restricted", async () => {
    const { manager, clock } = setup("never");
    expect(manager.mode()).toMatchObject({ resolving: true });
    clock.increment(1000);
    expect(manager.mode()).toEqual({ mode: "restricted", known: false, resolving: false });
    expect(manager.allows("functional")).toBe(false);
    const key = siteStorageCatalogue.functional.localStorage[0];
    expect(manager.write("functional", { storage: key, value: "x" })).toBe(false);
  });

  it("the mode answered in time applies (open: functional allowed)", async () => {
    const { manager } = setup("open");
    await flush();
    expect(manager.mode()).toMatchObject({ mode: "open", known: true });
    expect(manager.allows("functional")).toBe(true);
  });

  it("refuses to write what the catalogue does not list, even when allowed", async () => {
    const { manager } = setup("open");
    await flush();
    expect(manager.write("functional", { cookie: "tracker", value: "1" })).toBe(false);
  });

  it("picks up another tab's choice within a poll, and removes what was written on withdrawal", async () => {
    const { manager, clock, cookies, storage } = setup("restricted");
    await flush();
    const changes: boolean[] = [];
    manager.subscribe((allowed) => changes.push(allowed.functional));
    // Another tab grants functional: the cookie changes under this page.
    cookies.cookies.set(
      consentCookieName,
      formatConsentCookie(consentRecordOf({ functional: true }, 1)),
    );
    clock.increment(100);
    expect(manager.allows("functional")).toBe(true);
    const clientCookie = "oriel_analytics_client".replace(
      "oriel",
      consentCookieName.split("_")[0]!,
    );
    expect(manager.write("functional", { cookie: clientCookie, value: "abc" })).toBe(true);
    const storageKey = siteStorageCatalogue.functional.localStorage[0];
    expect(manager.write("functional", { storage: storageKey, value: "abc" })).toBe(true);
    expect(readCookie(cookies.read(), clientCookie)).toBe("abc");
    // The other tab withdraws it.
    cookies.cookies.set(consentCookieName, formatConsentCookie(consentRecordOf({}, 2)));
    clock.increment(100);
    expect(manager.allows("functional")).toBe(false);
    expect(readCookie(cookies.read(), clientCookie)).toBeNull();
    expect(storage.items.has(storageKey)).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("a choice made here is written to the cookie and sent to the provider", async () => {
    const { manager, cookies, posts } = setup("restricted");
    await flush();
    manager.choose({ functional: true, advertising: false });
    expect(readCookie(cookies.read(), consentCookieName)).toBe("2.1764000000000.1110");
    await flush();
    expect(posts).toEqual([
      { authentication: true, essential: true, functional: true, advertising: false },
    ]);
  });
});
