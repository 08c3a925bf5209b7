import { describe, expect, it } from "vitest";
import { catalogueManifest } from "../../../protocol/catalogue/manifest.ts";
import type { SanitizedSession } from "../../../protocol/objects/sanitized-session.schema.ts";
import { tagName } from "../../../protocol/provider.ts";
import {
  type ComponentRow,
  componentRows,
  filterRows,
  noComponentFilter,
  pageOfRows,
} from "./debug-components-list.rows.ts";

const session = {
  components: {
    payouts_list: { enabled: true, features: {} },
    payments: { enabled: false, features: {} },
  },
} as unknown as SanitizedSession;

const hasView = (name: string) => name === "payouts-list";
const rows = componentRows(catalogueManifest, session, hasView);
const row = (name: string) => rows.find((r) => r.name === name) as ComponentRow;

describe("the debug components list's rows, derived from the catalogue", () => {
  it("has one row per catalogue entry, with its tag, release state and sign-in requirement", () => {
    expect(rows.map((r) => r.name)).toEqual(Object.keys(catalogueManifest));
    expect(row("payouts-list")).toMatchObject({
      tag: tagName("payouts-list"),
      releaseState: "ga",
      requiresAuthentication: false,
    });
    expect(row("account-management").requiresAuthentication).toBe(true);
    expect(row("debug-components-list").releaseState).toBe("internal");
    expect(row("entry-point-add-funds").releaseState).toBe("entry_point");
    expect(row("recipients").releaseState).toBe("preview");
  });

  it("says whether this session enables each one (its enabledKey enabled in components)", () => {
    expect(row("payouts-list").enabled).toBe(true);
    expect(row("payments").enabled).toBe(false);
    expect(row("balances").enabled).toBe(false);
    expect(componentRows(catalogueManifest, null, hasView).some((r) => r.enabled)).toBe(false);
  });

  it("lists aliases both ways", () => {
    expect(row("instant-payouts").aliases).toEqual(["instant-payouts-legacy"]);
    expect(row("instant-payouts-legacy").aliasOf).toBe("instant-payouts");
    expect(row("app-install").aliases).toEqual(["app-onboarding"]);
  });

  it("filters by name or tag, ignoring case, and by release state", () => {
    expect(filterRows(rows, { query: " PAYOUTS-LIST ", release: "" }).map((r) => r.name)).toEqual([
      "payouts-list",
    ]);
    expect(filterRows(rows, { query: tagName("debug-ui"), release: "" }).length).toBe(3);
    const previews = filterRows(rows, { query: "", release: "preview" });
    expect(previews.length).toBeGreaterThan(0);
    expect(previews.every((r) => r.releaseState === "preview")).toBe(true);
    expect(filterRows(rows, { query: "no such thing", release: "" })).toEqual([]);
  });
});

describe("the debug components list's pages (its list machine's listPage)", () => {
  it("answers the filtered rows in catalogue order, keyset by name both ways", () => {
    const first = pageOfRows(rows, noComponentFilter, { kind: "newest", limit: 20 });
    expect(first.items.map((r) => r.id)).toEqual(rows.slice(0, 20).map((r) => r.name));
    expect(first.hasMore).toBe(true);
    const next = pageOfRows(rows, noComponentFilter, {
      kind: "older",
      limit: 20,
      startingAfter: first.items.at(-1)?.id ?? "",
    });
    expect(next.items.map((r) => r.id)).toEqual(rows.slice(20, 40).map((r) => r.name));
    const back = pageOfRows(rows, noComponentFilter, {
      kind: "newer",
      limit: 20,
      endingBefore: next.items[0]?.id ?? "",
    });
    expect(back.items).toEqual(first.items);
    // Nothing is before the first row.
    expect(back.hasMore).toBe(false);
  });

  it("a page of the filter's matches only; every catalogue entry fits the list's one page", () => {
    const page = pageOfRows(
      rows,
      { query: "payouts", release: "" },
      { kind: "newest", limit: 100 },
    );
    expect(page.items.every((r) => r.name.includes("payouts"))).toBe(true);
    expect(page.hasMore).toBe(false);
    expect(pageOfRows(rows, noComponentFilter, { kind: "newest", limit: 100 }).hasMore).toBe(false);
  });
});
