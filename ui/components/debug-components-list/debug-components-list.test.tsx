// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type ComponentRow,
  componentRows,
} from "../../../machines/components/debug-components-list/debug-components-list.rows.ts";
import { catalogueManifest } from "../../../protocol/catalogue/manifest.ts";
import type { SanitizedSession } from "../../../protocol/objects/sanitized-session.schema.ts";
import { tagName } from "../../../protocol/provider.ts";
import { I18nProvider } from "../../i18n/provider.tsx";
import { viewLoaderFor } from "../registry.ts";
import {
  DebugComponentsListView,
  type DebugComponentsListViewProps,
} from "./debug-components-list.view.tsx";

afterEach(cleanup);

const inEnglish = (ui: ReactNode) => render(<I18nProvider locale="en-US">{ui}</I18nProvider>);

const session = {
  components: {
    payouts_list: { enabled: true, features: {} },
    payments: { enabled: false, features: {} },
  },
} as unknown as SanitizedSession;

const hasView = (name: string) => viewLoaderFor(name) !== undefined;
const rows = componentRows(catalogueManifest, session, hasView);
const row = (name: string) => rows.find((r) => r.name === name) as ComponentRow;

describe("the debug components list's rows, with this version's registry", () => {
  it("knows which components this version can render", () => {
    expect(row("payouts-list").hasView).toBe(true);
    expect(row("debug-components-list").hasView).toBe(true);
    expect(row("account-management").hasView).toBe(true);
    expect(row("issuing-card").hasView).toBe(false);
  });
});

function viewProps(overrides: Partial<DebugComponentsListViewProps> = {}) {
  return {
    status: "ready",
    items: rows,
    errorText: null,
    requestId: null,
    onRetry: () => {},
    filter: { query: "", release: "" as const },
    onFilterChange: () => {},
    narrow: false,
    opened: null,
    onOpen: () => {},
    onClose: () => {},
    ...overrides,
  } satisfies DebugComponentsListViewProps;
}

describe("the debug components list view", () => {
  it("shows every component with release state, session enablement, sign-in and aliases", () => {
    inEnglish(<DebugComponentsListView {...viewProps()} />);
    const table = screen.getByRole("table", { name: "Components in this version" });
    const body = within(table).getAllByRole("row").slice(1);
    expect(body).toHaveLength(rows.length);
    const cells = (name: string) =>
      within(body[rows.findIndex((r) => r.name === name)] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells("payouts-list").slice(0, 5)).toEqual([
      tagName("payouts-list"),
      "Generally available",
      "Enabled",
      "No sign-in needed",
      "",
    ]);
    expect(cells("instant-payouts-legacy")[4]).toBe("Alias of instant-payouts");
    expect(cells("account-management")[3]).toBe("Sign-in required");
    expect(cells("debug-components-list")[1]).toBe("Internal only");
  });

  it("filters as the user types and picks a release state", () => {
    const onFilterChange = vi.fn();
    inEnglish(<DebugComponentsListView {...viewProps({ onFilterChange })} />);
    fireEvent.change(screen.getByLabelText("Search by name or tag"), {
      target: { value: "payouts" },
    });
    fireEvent.change(screen.getByLabelText("Release state"), { target: { value: "internal" } });
    expect(onFilterChange.mock.calls).toEqual([
      [{ query: "payouts", release: "" }],
      [{ query: "", release: "internal" }],
    ]);
  });

  it("a search that matches nothing says so", () => {
    inEnglish(<DebugComponentsListView {...viewProps({ items: [], status: "empty" })} />);
    expect(screen.getByRole("heading", { name: "No component matches this search." })).toBeTruthy();
  });

  it("each component opens in place; one without a view shows its typed unavailable text", () => {
    const onOpen = vi.fn();
    const onClose = vi.fn();
    const payouts = row("payouts");
    inEnglish(
      <DebugComponentsListView
        {...viewProps({ onOpen, onClose, opened: { row: payouts, status: "unavailable" } })}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: `Open ${tagName("payouts-list")} here` }));
    expect(onOpen).toHaveBeenCalledWith("payouts-list");
    const region = screen.getByRole("region", { name: tagName("payouts") });
    expect(region.textContent).toContain(payouts.errorText);
    expect(region.textContent).toContain(`${tagName("payouts")} is not available in this version.`);
    expect(region.querySelector("[data-kind]")?.getAttribute("data-kind")).toBe(
      "component_unavailable",
    );
    fireEvent.click(within(region).getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
