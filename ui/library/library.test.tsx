// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { themeVariableNames } from "../../protocol/appearance.schema.ts";
import enUS from "../i18n/messages/en-US.json" with { type: "json" };
import { I18nProvider } from "../i18n/provider.tsx";
import { cssVar, physicalCssPattern } from "../theme/css.ts";
import { libraryStylesheet } from "./library.css.ts";
import { LibraryView } from "./library.view.tsx";

afterEach(cleanup);

const renderIn = (locale: string) =>
  render(
    <I18nProvider locale={locale}>
      <LibraryView />
    </I18nProvider>,
  );

describe("the UI library page", () => {
  it("shows every primitive, each section named", () => {
    renderIn("en-US");
    for (const name of [
      "Typography",
      "Buttons",
      "Links",
      "Badges",
      "Banners",
      "Loading",
      "Empty state",
      "Text fields",
      "Money and dates",
      "Tables",
      "Comboboxes",
      "Postal addresses",
      "File uploads",
      "Forms",
      "Confirmation dialog",
      "Form fields",
      "Filter bar",
      "Long lists",
      "Charts",
    ]) {
      expect(screen.getByRole("region", { name })).toBeTruthy();
    }
    const buttons = within(screen.getByRole("region", { name: "Buttons" })).getAllByRole("button");
    expect(buttons).toHaveLength(6);
    expect(screen.getAllByRole("alert").length).toBeGreaterThan(0);
    // Three tables, and each chart's data table.
    expect(screen.getAllByRole("table")).toHaveLength(5);
    expect(screen.getByRole("grid", { name: "Long list" }).getAttribute("aria-rowcount")).toBe(
      "10001",
    );
    expect(screen.getAllByRole("combobox").length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole("progressbar")).toBeTruthy();
    expect(screen.getByRole("toolbar")).toBeTruthy();
    expect(screen.getAllByRole("figure")).toHaveLength(2);
    expect(screen.getAllByRole("textbox").length).toBeGreaterThanOrEqual(5);
  });

  it("has no duplicate ids (labels and descriptions stay unambiguous)", () => {
    const { container } = renderIn("en-US");
    const ids = [...container.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("pages the sample table and dismisses the banner", () => {
    renderIn("en-US");
    const table = screen.getByRole("table", { name: "Payments" });
    expect(within(table).getByText("ch_3N1")).toBeTruthy();
    const nav = screen.getAllByRole("navigation", { name: "Pagination" })[0]!;
    fireEvent.click(within(nav).getByRole("button", { name: "Next page" }));
    expect(
      within(screen.getByRole("table", { name: "Payments" })).getByText("ch_3N3"),
    ).toBeTruthy();
    const banners = screen.getByRole("region", { name: "Banners" });
    fireEvent.click(within(banners).getByRole("button", { name: "Dismiss" }));
    expect(within(banners).queryByRole("button", { name: "Dismiss" })).toBeNull();
  });

  it("in the pseudo-locale, no kit string is left in plain English", async () => {
    const { container } = renderIn("en-XA");
    await screen.findAllByText(/⟦/);
    const text = container.textContent ?? "";
    // The kit's own messages (components' messages are not on this page; the page's section
    // titles are English on purpose and may contain a component's word such as "Date").
    for (const [id, message] of Object.entries(enUS)) {
      if (!id.startsWith("kit.") || message.includes("{")) continue;
      expect(text, message).not.toContain(message);
    }
  });

  it("its stylesheet uses theme variables and logical properties only", () => {
    const known = new Set(themeVariableNames.map(cssVar));
    for (const [, name] of libraryStylesheet.matchAll(/var\((--[\w-]+)\)/g)) {
      expect(known.has(name!), name).toBe(true);
    }
    expect(libraryStylesheet).not.toMatch(physicalCssPattern);
    expect(libraryStylesheet).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(/i);
  });
});
