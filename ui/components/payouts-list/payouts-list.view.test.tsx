// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fakeDetail,
  payoutHistory,
} from "../../../machines/components/payouts-list/payouts-list.fixture.ts";
import { getDefinition } from "../../../protocol/catalogue/index.ts";
import type { BankAccount } from "../../../protocol/objects/external-account.schema.ts";
import type { Payout } from "../../../protocol/objects/payout.schema.ts";
import deDE from "../../i18n/messages/de-DE.json" with { type: "json" };
import { I18nProvider, loadCatalogue } from "../../i18n/provider.tsx";
import { PayoutDetail, type PayoutDetailProps } from "./payout-detail.view.tsx";
import { PayoutsListView, type PayoutsListViewProps } from "./payouts-list.view.tsx";

afterEach(cleanup);
beforeAll(() => Promise.all((["de-DE"] as const).map((locale) => loadCatalogue(locale))));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const errorText = getDefinition("payouts-list").errorText;
const history = payoutHistory(12);
const newest = [...history].reverse().slice(0, 10);

const closedDetail: PayoutDetailProps = {
  open: false,
  status: "loading",
  item: null,
  requestId: null,
  narrow: false,
  onClose: () => {},
  onRetry: () => {},
};

interface Overrides extends Partial<Omit<PayoutsListViewProps, "paging">> {
  paging?: Partial<NonNullable<PayoutsListViewProps["paging"]>> | null;
}

function props({ paging, ...overrides }: Overrides = {}): PayoutsListViewProps {
  const base: PayoutsListViewProps = {
    status: "ready",
    recent: false,
    items: newest,
    errorText,
    requestId: null,
    narrow: false,
    onRetry: () => {},
    onOpen: () => {},
    detail: closedDetail,
    ...overrides,
  };
  if (paging === null) return base;
  return {
    ...base,
    paging: {
      hasNewer: false,
      hasOlder: true,
      loading: false,
      onNext: () => {},
      onPrevious: () => {},
      ...paging,
    },
    pageSize: { value: 10, options: [10, 25, 50, 100], onChange: () => {} },
  };
}

const bodyRows = () => screen.getAllByRole("row").slice(1);

describe("the payouts list view", () => {
  it("shows the payouts newest first: amount, status, arrival date, speed and destination", () => {
    inLocale(<PayoutsListView {...props()} />);
    expect(screen.getByRole("table", { name: "Payouts" })).toBeTruthy();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Amount", "Payout status", "Arrival date", "Payout speed", "Paid to"]);
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    const first = within(rows[0] as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    // po_012: $120.25, created 2026-01-12, arriving 2026-01-14, instant, no destination known.
    expect(first).toEqual([
      "$120.25",
      "Canceled",
      "Jan 14, 2026",
      "Instant",
      "Default bank account",
    ]);
  });

  it("amounts and dates are formatted for the locale", () => {
    inLocale(<PayoutsListView {...props()} />, "de-DE");
    const first = within(bodyRows()[0] as HTMLElement).getAllByRole("cell");
    expect(first[0]?.textContent?.replace(/\s/g, " ")).toBe("120,25 $");
    expect(first[2]?.textContent).toBe("14.01.2026");
    expect(first[1]?.textContent).toBe(deDE["payoutsList.status.canceled"]);
  });

  it("each payout status has its own badge words: pending, in transit, paid, failed, canceled", () => {
    inLocale(<PayoutsListView {...props({ items: history.slice(0, 6) })} />);
    const words = bodyRows().map((r) => within(r).getAllByRole("cell")[1]?.textContent);
    expect(new Set(words)).toEqual(
      new Set(["Paid", "In transit", "Pending", "Failed", "Canceled"]),
    );
    const failed = screen.getByText("Failed");
    expect(failed.className).toContain("kit-badge--danger");
    expect(screen.getAllByText("Paid")[0]?.className).toContain("kit-badge--success");
  });

  it("shows the bank's name and the account's last four digits when the API gives them", () => {
    const bank = (id: string, bank_name: string | null, last4: string): BankAccount => ({
      id,
      object: "bank_account",
      account: "acct_1",
      country: "US",
      currency: "usd",
      default_for_currency: true,
      fingerprint: `fp_${id}`,
      last4,
      metadata: {},
      account_holder_name: null,
      account_holder_type: null,
      bank_name,
      routing_number: "110000000",
      status: "verified",
    });
    const payout: Payout = {
      ...(history[0] as Payout),
      destination: bank("ba_1", "STRIPE TEST BANK", "6789"),
    };
    const other: Payout = {
      ...(history[1] as Payout),
      destination: bank("ba_2", null, "4321"),
    };
    inLocale(<PayoutsListView {...props({ items: [payout, other] })} />);
    expect(screen.getByText("STRIPE TEST BANK account ending in 6789")).toBeTruthy();
    expect(screen.getByText("Bank account ending in 4321")).toBeTruthy();
  });

  it("below 381px it lays out narrow: amount, status and arrival date only", () => {
    inLocale(<PayoutsListView {...props({ narrow: true })} />);
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Amount", "Payout status", "Arrival date"]);
  });

  it("pages with next and previous; each end disables its button", () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const { rerender } = inLocale(
      <PayoutsListView {...props({ paging: { onNext, onPrevious } })} />,
    );
    const next = screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement;
    const previous = screen.getByRole("button", { name: "Previous page" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledOnce();
    rerender(
      <I18nProvider locale="en-US">
        <PayoutsListView
          {...props({ paging: { onNext, onPrevious, hasNewer: true, hasOlder: false } })}
        />
      </I18nProvider>,
    );
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onPrevious).toHaveBeenCalledOnce();
  });

  it("recent-payouts: a short list captioned 'Recent payouts', without paging", () => {
    inLocale(
      <PayoutsListView {...props({ recent: true, items: newest.slice(0, 5), paging: null })} />,
    );
    expect(screen.getByRole("table", { name: "Recent payouts" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("a row opens its payout, by click and by Enter, and is named for screen readers", () => {
    const onOpen = vi.fn();
    inLocale(<PayoutsListView {...props({ onOpen })} />);
    const row = screen.getByRole("row", {
      name: "Payout of $120.25, Canceled, arrival Jan 14, 2026. Open details",
    });
    fireEvent.click(row);
    fireEvent.keyDown(bodyRows()[1] as HTMLElement, { key: "Enter" });
    expect(onOpen.mock.calls.map(([p]) => p.id)).toEqual(["po_012", "po_011"]);
  });

  it("no payout at all: the empty state", () => {
    inLocale(
      <PayoutsListView {...props({ status: "empty", items: [], paging: { hasOlder: false } })} />,
    );
    expect(screen.getByRole("heading", { name: "No payouts yet" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("a load failure shows the catalogue's error text, the request id and Retry", () => {
    const onRetry = vi.fn();
    inLocale(<PayoutsListView {...props({ status: "error", requestId: "req_abc", onRetry })} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(errorText);
    expect(alert.textContent).toContain("Request reference: req_abc");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("too many requests (a 429 after the data layer's retries): its own translated words, the request id and Retry", () => {
    const onRetry = vi.fn();
    inLocale(
      <PayoutsListView
        {...props({ status: "error", rateLimited: true, requestId: "req_429", onRetry })}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Too many requests right now.");
    expect(alert.textContent).not.toContain(errorText);
    expect(alert.textContent).toContain("Request reference: req_429");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
    cleanup();
    inLocale(<PayoutsListView {...props({ status: "error", rateLimited: true })} />, "de-DE");
    expect(screen.getByRole("alert").textContent).toContain("Zu viele Anfragen");
  });

  it("while the first page loads, a busy skeleton", () => {
    inLocale(
      <PayoutsListView {...props({ status: "loading", items: [], paging: { hasOlder: false } })} />,
    );
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
  });
});

describe("the payout detail view", () => {
  const instant = fakeDetail(history, "po_004") as Payout; // pending, instant: fee 1 %, min 50

  it("shows amount, status, fee, total, dates, speed, destination, balance transaction and timeline", () => {
    inLocale(<PayoutDetail {...closedDetail} open status="shown" item={instant} />);
    const dialog = screen.getByRole("dialog", { name: "Payout details" });
    const text = dialog.textContent ?? "";
    for (const part of [
      "$40.25",
      "Payout fee$0.50",
      "Total deducted from balance$40.75",
      "Payout speedInstant",
      "Started byRequested by hand",
      "Paid toDefault bank account",
      "Balance transactiontxn_004",
      "Payout referencepo_004",
      "Arrival dateJan 6, 2026",
    ])
      expect(text).toContain(part);
    const timeline = within(dialog).getByRole("list", { name: "Payout history" });
    const events = within(timeline)
      .getAllByRole("listitem")
      .map((li) => li.querySelector("p")?.textContent);
    // po_004 is pending: expected arrival, then created (newest first).
    expect(events).toEqual(["Expected to arrive", "Payout created"]);
  });

  it("a paid payout's timeline says when it arrived", () => {
    const paid = fakeDetail(history, "po_001") as Payout;
    inLocale(<PayoutDetail {...closedDetail} open status="shown" item={paid} />);
    expect(screen.getByText("Arrived in the bank account")).toBeTruthy();
  });

  it("closes with the close button; a failed load offers Retry", () => {
    const onClose = vi.fn();
    const onRetry = vi.fn();
    inLocale(
      <PayoutDetail
        {...closedDetail}
        open
        status="failed"
        requestId="req_9"
        onClose={onClose}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain(
      "The details of this payout cannot be loaded.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("the list kit's states in the payouts list", () => {
  it("a list the API refuses (403) says so with the API's message, and offers no retry", () => {
    inLocale(
      <PayoutsListView
        {...props({
          status: "forbidden",
          forbiddenMessage: "This account session cannot list payouts.",
          requestId: "req_403",
        })}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("You do not have permission to see this.");
    expect(alert.textContent).toContain("This account session cannot list payouts.");
    expect(alert.textContent).toContain("Request reference: req_403");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("offers a page-size choice that reports the size picked", () => {
    const onChange = vi.fn();
    const base = props();
    inLocale(
      <PayoutsListView {...base} pageSize={{ value: 10, options: [10, 25, 50, 100], onChange }} />,
    );
    const select = screen.getByLabelText("Rows per page") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["10", "25", "50", "100"]);
    fireEvent.change(select, { target: { value: "25" } });
    expect(onChange).toHaveBeenCalledWith(25);
  });
});
