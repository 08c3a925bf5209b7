// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataLayerClient } from "../../../actors/ui-frame/data-layer-client.ts";
import { DataLayerProvider } from "../../../actors/ui-frame/react.tsx";
import { catalogueManifest } from "../../../protocol/catalogue/manifest.ts";
import type { SanitizedSession } from "../../../protocol/objects/sanitized-session.schema.ts";
import { tagName } from "../../../protocol/provider.ts";
import { I18nProvider } from "../../i18n/provider.tsx";
import { viewLoaderFor } from "../registry.ts";
import DebugComponentsList from "./debug-components-list.component.tsx";
import { type ComponentRow, componentRows, filterRows } from "./debug-components-list.connect.ts";
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

  it("knows which components this version can render", () => {
    expect(row("payouts-list").hasView).toBe(true);
    expect(row("debug-components-list").hasView).toBe(true);
    expect(row("payouts").hasView).toBe(false);
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

function viewProps(overrides: Partial<DebugComponentsListViewProps> = {}) {
  return {
    rows,
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
    inEnglish(<DebugComponentsListView {...viewProps({ rows: [] })} />);
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

describe("the debug components list, wired to the frame", () => {
  it("reads the session, and renders a registered component's real view in place, in that component's name", async () => {
    const urls: string[] = [];
    const callers: string[] = [];
    const dataLayer = {
      session: () => session,
      onSession: () => () => {},
      request: async (message: { url: string; componentName: string }) => {
        urls.push(message.url);
        callers.push(message.componentName);
        return {
          requestType: "response",
          requestId: "r",
          ok: true,
          status: 200,
          statusText: "OK",
          body: { object: "list", url: "/v1/payouts", has_more: false, data: [] },
          headers: {},
        };
      },
    } as unknown as DataLayerClient;
    inEnglish(
      <DataLayerProvider
        dataLayer={dataLayer}
        componentName="debug-components-list"
        apiOrigin="http://127.0.0.1:4200"
      >
        <DebugComponentsList
          component="debug-components-list"
          onUnauthorized={() => {}}
          onLoadFailed={() => {}}
          reportLoadError={() => {}}
        />
      </DataLayerProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: `Open ${tagName("payouts")} here` }));
    expect((await screen.findByRole("region", { name: tagName("payouts") })).textContent).toContain(
      "is not available in this version.",
    );
    fireEvent.click(screen.getByRole("button", { name: `Open ${tagName("payouts-list")} here` }));
    const region = await screen.findByRole("region", { name: tagName("payouts-list") });
    await waitFor(() => expect(region.textContent).toContain("No payouts yet"));
    expect(urls).toEqual([
      "http://127.0.0.1:4200/v1/payouts?limit=10&expand%5B%5D=data.destination",
    ]);
    // The component opened in place calls the API in its own name, not the debug list's.
    expect(callers).toEqual(["payouts-list"]);
  });
});
