// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  commonThemeVariables,
  lightTheme,
  themeVariableNames,
} from "../../../protocol/appearance.schema.ts";
import type { SanitizedSession } from "../../../protocol/objects/sanitized-session.schema.ts";
import { I18nProvider } from "../../i18n/provider.tsx";
import { previewChoices } from "../kit/preview-choices.ts";
import { viewLoaderFor } from "../registry.ts";
import { DebugUiConfigView, type DebugUiConfigViewProps } from "./debug-ui-config.view.tsx";
import { groupedVariables } from "./variable-groups.ts";

afterEach(cleanup);

const inEnglish = (ui: ReactNode) => render(<I18nProvider locale="en-US">{ui}</I18nProvider>);

function props(overrides: Partial<DebugUiConfigViewProps> = {}): DebugUiConfigViewProps {
  return {
    groups: groupedVariables("all"),
    entries: {},
    defaults: lightTheme,
    errors: {},
    onChange: () => {},
    theme: "light",
    onTheme: () => {},
    scheme: "light",
    onScheme: () => {},
    onResetAll: () => {},
    previewChoices: ["payouts-list", "payments"],
    preview: "payouts-list",
    onPreview: () => {},
    previews: null,
    exported: '{\n  "theme": "light"\n}',
    platformHint: true,
    copy: "idle",
    onCopy: () => {},
    exportRef: createRef(),
    ...overrides,
  };
}

/** The variables that have a control, by the code label each shows. */
const controlled = () =>
  [...document.querySelectorAll(".ui-config__group label code")].map((c) => c.textContent);

describe("the theme variables' groups", () => {
  it("put every variable in exactly one group, in the schema's order", () => {
    const all = groupedVariables("all").flatMap((g) => g.names);
    expect([...all].sort()).toEqual([...themeVariableNames].sort());
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("the appearance playground's view", () => {
  it("has a control for every theme variable, and with simplified or branding only those", () => {
    inEnglish(<DebugUiConfigView {...props()} />);
    expect(controlled().sort()).toEqual([...themeVariableNames].sort());
    cleanup();
    inEnglish(<DebugUiConfigView {...props({ groups: groupedVariables("simplified") })} />);
    expect(controlled().sort()).toEqual([...commonThemeVariables].sort());
    cleanup();
    inEnglish(<DebugUiConfigView {...props({ groups: groupedVariables("branding") })} />);
    expect(controlled()).toContain("buttonPrimaryColorBackground");
    expect(controlled()).not.toContain("fontFamily");
  });

  it("shows each field's default, and a value not of its kind as the field's error", () => {
    inEnglish(
      <DebugUiConfigView
        {...props({ entries: { colorPrimary: "nonsense" }, errors: { colorPrimary: "colour" } })}
      />,
    );
    const field = screen.getByRole("textbox", { name: "colorPrimary" });
    expect(field).toHaveProperty("value", "nonsense");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const described = field.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      `Default: ${lightTheme.colorPrimary}`,
      "Enter a CSS colour, such as #1d4ed8.",
    ]);
  });

  it("sends what is typed and picked, with the variable's name", () => {
    const onChange = vi.fn();
    inEnglish(<DebugUiConfigView {...props({ onChange })} />);
    fireEvent.change(screen.getByRole("textbox", { name: "colorPrimary" }), {
      target: { value: "#0f766e" },
    });
    fireEvent.change(screen.getByLabelText("Pick a colour for colorBackground"), {
      target: { value: "#fafafa" },
    });
    expect(onChange.mock.calls).toEqual([
      ["colorPrimary", "#0f766e"],
      ["colorBackground", "#fafafa"],
    ]);
  });

  it("exports the appearance object read-only, with the platform's hint unless opened from an internal site", () => {
    inEnglish(<DebugUiConfigView {...props()} />);
    const exported = screen.getByRole("textbox", { name: "The appearance object" });
    expect(exported).toHaveProperty("value", '{\n  "theme": "light"\n}');
    expect(exported).toHaveProperty("readOnly", true);
    expect(screen.queryByText(/loadConnectAndInitialize/)).toBeTruthy();
    cleanup();
    inEnglish(<DebugUiConfigView {...props({ platformHint: false })} />);
    expect(screen.queryByText(/loadConnectAndInitialize/)).toBeNull();
  });

  it("says when the appearance was copied, and how to copy it when the browser refused", () => {
    inEnglish(<DebugUiConfigView {...props({ copy: "copied" })} />);
    expect(screen.getByRole("status").textContent).toBe("Copied.");
    cleanup();
    inEnglish(<DebugUiConfigView {...props({ copy: "copyFailed" })} />);
    expect(screen.getByRole("status").textContent).toMatch(/Ctrl\+C/);
  });
});

describe("the components the playground previews", () => {
  const session = {
    components: {
      payments: { enabled: true, features: {} },
      payouts_list: { enabled: true, features: {} },
      account_management: { enabled: true, features: {} },
      issuing_card: { enabled: true, features: {} },
      debug_ui_library: { enabled: true, features: {} },
      instant_payouts: { enabled: true, features: {} },
      balances: { enabled: false, features: {} },
    },
  } as unknown as SanitizedSession;

  it("are the built, enabled, platform-facing ones, payouts-list first", () => {
    const choices = previewChoices(session, (name) => viewLoaderFor(name) !== undefined);
    expect(choices[0]).toBe("payouts-list");
    expect(choices).toContain("payments");
    expect(choices).toContain("account-management");
    // Not built in this version, internal, disabled, or only an alias of a built one.
    expect(choices).not.toContain("issuing-card");
    expect(choices).not.toContain("debug-ui-library");
    expect(choices).not.toContain("balances");
    expect(choices).not.toContain("instant-payouts-legacy");
  });
});
