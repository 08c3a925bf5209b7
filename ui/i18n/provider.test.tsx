// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { FormattedMessage, FormattedNumber } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { kitMessages } from "./messages.ts";
import { I18nProvider, useLocale } from "./provider.tsx";

afterEach(cleanup);

function Probe() {
  return (
    <p>
      <span data-testid="locale">{useLocale()}</span>
      <span data-testid="retry">
        <FormattedMessage {...kitMessages.retry} />
      </span>
      <span data-testid="count">
        <FormattedMessage {...kitMessages.resultCount} values={{ count: 5 }} />
      </span>
      <span data-testid="number">
        <FormattedNumber value={1234.5} />
      </span>
    </p>
  );
}

describe("I18nProvider", () => {
  it("renders en-US at once, without waiting for a load", () => {
    render(
      <I18nProvider locale="en-US">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId("retry").textContent).toBe("Retry");
    expect(screen.getByTestId("count").textContent).toBe("5 results");
  });

  it("loads the catalogue of the resolved locale (fr-BE → fr-FR)", async () => {
    render(
      <I18nProvider locale="fr-BE" fallback={<span>skeleton</span>}>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText("Réessayer")).toBeTruthy();
    expect(screen.getByTestId("locale").textContent).toBe("fr-FR");
    expect(screen.getByTestId("count").textContent).toBe("5 résultats");
    expect(screen.getByTestId("number").textContent).toBe("1\u202f234,5");
  });

  it("shows the fallback until a catalogue that is not cached arrives", async () => {
    render(
      <I18nProvider locale="sl-SI" fallback={<span>skeleton</span>}>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText("skeleton")).toBeTruthy();
    expect(await screen.findByText("Poskusi znova")).toBeTruthy();
    expect(screen.queryByText("skeleton")).toBeNull();
  });

  it("switches language live when the locale changes, without remounting children", async () => {
    const view = render(
      <I18nProvider locale="de-DE">
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText("Erneut versuchen")).toBeTruthy();
    view.rerender(
      <I18nProvider locale="ja">
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText("再試行")).toBeTruthy();
    expect(screen.getByTestId("count").textContent).toBe("5件の結果");
  });

  it("switches to a catalogue loaded before in the same render, with no frame in the old one", async () => {
    const view = render(
      <I18nProvider locale="it-IT">
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText("Riprova")).toBeTruthy();
    view.rerender(
      <I18nProvider locale="en-US">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId("retry").textContent).toBe("Retry");
    view.rerender(
      <I18nProvider locale="it-IT">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId("retry").textContent).toBe("Riprova");
  });

  it("formats the pseudo-locale's numbers as en-US and shows its accented messages", async () => {
    render(
      <I18nProvider locale="en-XA">
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText("⟦Ŕééţŕýý⟧")).toBeTruthy();
    expect(screen.getByTestId("number").textContent).toBe("1,234.5");
    expect(screen.getByTestId("locale").textContent).toBe("en-XA");
  });

  it("falls back to en-US for an unknown locale", async () => {
    await act(async () => {
      render(
        <I18nProvider locale="xx-YY">
          <Probe />
        </I18nProvider>,
      );
    });
    expect(screen.getByTestId("retry").textContent).toBe("Retry");
    expect(screen.getByTestId("locale").textContent).toBe("en-US");
  });
});
