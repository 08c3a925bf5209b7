// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { kitMessages } from "./messages.ts";
import { I18nProvider, loadCatalogue, useLocale } from "./provider.tsx";

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
      <I18nProvider locale="fr-BE">
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText("Réessayer")).toBeTruthy();
    expect(screen.getByTestId("locale").textContent).toBe("fr-FR");
    expect(screen.getByTestId("count").textContent).toBe("5 résultats");
    expect(screen.getByTestId("number").textContent).toBe("1\u202f234,5");
  });

  it("starts from the bundled en-US, never a blank, and swaps when the catalogue arrives", async () => {
    const seen: string[] = [];
    function Recorder() {
      seen.push(`${useLocale()} ${useIntl().formatMessage(kitMessages.retry)}`);
      return null;
    }
    render(
      <I18nProvider locale="sl-SI">
        <Probe />
        <Recorder />
      </I18nProvider>,
    );
    // The first render already has words in it: en-US until Slovenian arrives.
    expect(screen.getByTestId("retry").textContent).toBe("Retry");
    expect(await screen.findByText("Poskusi znova")).toBeTruthy();
    expect(new Set(seen)).toEqual(new Set(["en-US Retry", "sl-SI Poskusi znova"]));
  });

  it("a locale that changes before the first catalogue resolves shows en-US until the newest one arrives, and an older load never overwrites it", async () => {
    const seen: string[] = [];
    function Recorder() {
      seen.push(useLocale());
      return null;
    }
    const view = render(
      <I18nProvider locale="lt-LT">
        <Probe />
        <Recorder />
      </I18nProvider>,
    );
    view.rerender(
      <I18nProvider locale="lv-LV">
        <Probe />
        <Recorder />
      </I18nProvider>,
    );
    expect(screen.getByTestId("retry").textContent).toBe("Retry");
    await waitFor(() => expect(screen.getByTestId("locale").textContent).toBe("lv-LV"));
    // The abandoned Lithuanian load settles too; Latvian stays on screen.
    await act(() => loadCatalogue("lt-LT"));
    expect(screen.getByTestId("locale").textContent).toBe("lv-LV");
    expect(seen.filter((l) => l === "lt-LT")).toEqual([]);
    expect(seen.every((l) => l === "en-US" || l === "lv-LV")).toBe(true);
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
