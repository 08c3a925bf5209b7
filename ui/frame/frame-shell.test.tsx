// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { unknownComponentText } from "../../machines/components/component-frame.machine.ts";
import { errorTexts } from "../../protocol/catalogue/entries/error-texts.ts";
import { getDefinition } from "../../protocol/catalogue/index.ts";
import type { ComponentView } from "../components/registry.ts";
import deDE from "../i18n/messages/de-DE.json" with { type: "json" };
import jaJP from "../i18n/messages/ja-JP.json" with { type: "json" };
import { I18nProvider } from "../i18n/provider.tsx";
import { frameMessages, loadFailureMessages } from "./frame.messages.ts";
import type { FrameServices } from "./frame-context.tsx";
import { FrameRoot, type FrameRootSource, type FrameRootState } from "./frame-root.view.tsx";
import { FrameShell, type FrameShellProps, useNarrowLayout } from "./frame-shell.view.tsx";

afterEach(cleanup);

const payoutsText = getDefinition("payouts").errorText;

function shell(props: Partial<FrameShellProps>, locale = "en-US") {
  return render(
    <I18nProvider locale={locale}>
      <FrameShell status="loading" errorText={null} width={600} {...props} />
    </I18nProvider>,
  );
}

describe("the load-failure texts (SPEC.md §8)", () => {
  it("every catalogue error text has a message whose English is that text, verbatim", () => {
    for (const [key, text] of Object.entries(errorTexts)) {
      expect(loadFailureMessages[key as keyof typeof errorTexts].defaultMessage).toBe(text);
    }
    expect(frameMessages.unknownComponent.defaultMessage).toBe(unknownComponentText);
  });

  it("a failed component shows its catalogue error text as an alert", () => {
    shell({ status: "error", errorText: payoutsText });
    expect(screen.getByRole("alert").textContent).toBe(payoutsText);
  });

  it("the text is translated, keyed by the component's error text", async () => {
    shell({ status: "error", errorText: payoutsText }, "de-DE");
    const german = deDE["frame.loadFailure.payouts"];
    expect(await screen.findByText(german)).toBeTruthy();
    expect(german).not.toBe(payoutsText);
  });

  it("an unknown component shows the generic text", () => {
    shell({ status: "error", errorText: null });
    expect(screen.getByRole("alert").textContent).toBe(unknownComponentText);
  });
});

describe("the frame shell", () => {
  it("shows a skeleton while loading, announced as busy", () => {
    shell({ status: "loading" });
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-busy")).toBe("true");
  });

  it("shows the session-expired view, not the component, once the session expired", () => {
    shell({ status: "sessionExpired", children: <p>component</p> });
    expect(screen.getByText("Your session has expired")).toBeTruthy();
    expect(screen.queryByText("component")).toBeNull();
  });

  it("shows the component only when ready", () => {
    shell({ status: "ready", children: <p>component</p> });
    expect(screen.getByText("component")).toBeTruthy();
  });

  it("lays out narrow below 381px wide, and not at 381px", () => {
    function Probe() {
      return <p>{useNarrowLayout() ? "narrow" : "wide"}</p>;
    }
    const { container, rerender } = shell({ status: "ready", width: 380, children: <Probe /> });
    const root = () => container.querySelector(".frame-shell");
    expect(root()?.classList.contains("frame-shell--narrow")).toBe(true);
    expect(screen.getByText("narrow")).toBeTruthy();
    rerender(
      <I18nProvider locale="en-US">
        <FrameShell status="ready" errorText={null} width={381}>
          <Probe />
        </FrameShell>
      </I18nProvider>,
    );
    expect(root()?.classList.contains("frame-shell--narrow")).toBe(false);
    expect(screen.getByText("wide")).toBeTruthy();
  });
});

/** A frame page as the root sees it, whose state a test changes. */
function source(initial: FrameRootState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const reported: string[] = [];
  const page: FrameRootSource = {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hostLink: { props: () => state.props, onProps: () => () => {} },
    views: () => undefined,
    unauthorized: () => reported.push("unauthorized"),
    reportLoadError: (error) => reported.push(`load error: ${error.name}`),
    loadFailed: (message) => reported.push(`failed: ${message}`),
  };
  const set = (patch: Partial<FrameRootState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  return { page, set, reported };
}

const errorState: FrameRootState = {
  status: "error",
  component: "payouts",
  errorText: payoutsText,
  width: 600,
  View: undefined,
  props: undefined,
  services: undefined,
};

describe("the frame root", () => {
  it("applies a locale from the host's props live, without remounting", async () => {
    const { page, set } = source(errorState);
    render(<FrameRoot page={page} />);
    await act(async () => {});
    const before = screen.getByRole("alert");
    expect(before.textContent).toBe(payoutsText);
    act(() =>
      set({
        props: { attributes: {}, setters: {}, appearance: null, fonts: null, locale: "ja-JP" },
      }),
    );
    expect(await screen.findByText(jaJP["frame.loadFailure.payouts"])).toBeTruthy();
    expect(screen.getByRole("alert")).toBe(before);
  });

  it("renders the view when ready and passes its reports to the page", () => {
    const View: ComponentView = ({ component, onUnauthorized, onLoadFailed }) => (
      <div>
        <p>view of {component}</p>
        <button type="button" onClick={onUnauthorized}>
          401
        </button>
        <button type="button" onClick={() => onLoadFailed("boom")}>
          fail
        </button>
      </div>
    );
    const services = {} as FrameServices;
    const { page, reported } = source({ ...errorState, status: "ready", View, services });
    render(<FrameRoot page={page} />);
    expect(screen.getByText("view of payouts")).toBeTruthy();
    fireEvent.click(screen.getByText("401"));
    fireEvent.click(screen.getByText("fail"));
    expect(reported).toEqual(["unauthorized", "failed: boom"]);
  });
});
