// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { themeVariableNames } from "../../protocol/appearance.schema.ts";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { cssVar, physicalCssPattern } from "../theme/css.ts";
import {
  Badge,
  Banner,
  Button,
  DateTime,
  EmptyState,
  kitStylesheet,
  Link,
  Money,
  Pagination,
  Skeleton,
  Spinner,
  Table,
} from "./index.ts";

afterEach(cleanup);
// The views' wording is under test, not catalogue loading: the catalogues are in before they render.
beforeAll(() => Promise.all((["de-DE", "fr-CA"] as const).map((locale) => loadCatalogue(locale))));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

describe("Button", () => {
  it("is a button named by its label that calls back on click", () => {
    const onClick = vi.fn();
    inLocale(<Button onClick={onClick}>Refund</Button>);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("defaults to type=button so it never submits a form by accident", () => {
    inLocale(<Button>Save</Button>);
    expect(screen.getByRole("button").getAttribute("type")).toBe("button");
  });

  it("while loading stays focusable and named, shows a spinner, and ignores clicks", () => {
    const onClick = vi.fn();
    inLocale(
      <Button variant="primary" loading onClick={onClick}>
        Pay out
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Pay out" });
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector(".kit-spinner[aria-hidden='true']")).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("carries its variant as a class the theme styles", () => {
    inLocale(<Button variant="danger">Delete</Button>);
    expect(screen.getByRole("button").className).toContain("kit-button--danger");
  });
});

describe("Link", () => {
  it("is an anchor when it navigates", () => {
    inLocale(<Link href="/payments/ch_1">View payment</Link>);
    expect(screen.getByRole("link", { name: "View payment" }).getAttribute("href")).toBe(
      "/payments/ch_1",
    );
  });

  it("opens an external link in a new tab, safely, and says so to screen readers", () => {
    inLocale(
      <Link href="https://example.com/terms" external>
        Terms
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Terms (opens in a new tab)" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("is a button when it acts in place", () => {
    const onClick = vi.fn();
    inLocale(<Link onClick={onClick}>Edit</Link>);
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe("Badge", () => {
  it.each([["neutral"], ["success"], ["warning"], ["danger"]] as const)(
    "shows its text with the %s status style",
    (status) => {
      inLocale(<Badge status={status}>Paid</Badge>);
      expect(screen.getByText("Paid").className).toContain(`kit-badge--${status}`);
    },
  );

  it("reads its description to screen readers", () => {
    inLocale(
      <Badge status="warning" description="Respond by Jan 5">
        Needs response
      </Badge>,
    );
    expect(screen.getByText("Needs response").textContent).toBe("Needs response: Respond by Jan 5");
  });
});

describe("Spinner and Skeleton", () => {
  it("a spinner is a status named Loading… by default", () => {
    inLocale(<Spinner />);
    expect(screen.getByRole("status").textContent).toBe("Loading…");
  });

  it("a spinner takes a specific label", () => {
    inLocale(<Spinner label="Loading payouts" />);
    expect(screen.getByRole("status").textContent).toBe("Loading payouts");
  });

  it("a skeleton is one busy status, its bars hidden from assistive tech", () => {
    const { container } = inLocale(<Skeleton lines={5} />);
    const status = screen.getByRole("status", { name: "Loading…" });
    expect(status.getAttribute("aria-busy")).toBe("true");
    expect(container.querySelectorAll(".kit-skeleton__line[aria-hidden='true']")).toHaveLength(5);
  });

  it("speaks the user's language", async () => {
    inLocale(<Spinner />, "de-DE");
    expect((await screen.findByRole("status")).textContent).toBe("Wird geladen…");
  });
});

describe("EmptyState", () => {
  it("says No results by default, as a heading", () => {
    inLocale(<EmptyState />);
    expect(screen.getByRole("heading", { name: "No results", level: 3 })).toBeTruthy();
  });

  it("shows a title, description and action", () => {
    inLocale(
      <EmptyState
        title="No payouts yet"
        description="Payouts appear here."
        action={<Button>Clear filters</Button>}
        headingLevel={2}
      />,
    );
    expect(screen.getByRole("heading", { name: "No payouts yet", level: 2 })).toBeTruthy();
    expect(screen.getByText("Payouts appear here.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeTruthy();
  });
});

describe("Banner", () => {
  it("a danger banner is an alert, with its actions", () => {
    const retry = vi.fn();
    inLocale(
      <Banner
        status="danger"
        title="Something went wrong"
        actions={<Button onClick={retry}>Retry</Button>}
      >
        Please try again.
      </Banner>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Something went wrong");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("an info banner is a polite status", () => {
    inLocale(<Banner title="In review" />);
    expect(screen.getByRole("status").textContent).toContain("In review");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers a named Dismiss button only when dismissible", () => {
    const onDismiss = vi.fn();
    const view = inLocale(<Banner status="success" title="Saved" onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledOnce();
    view.rerender(
      <I18nProvider locale="en-US">
        <Banner status="success" title="Saved" />
      </I18nProvider>,
    );
    expect(screen.queryByRole("button")).toBeNull();
  });
});

interface Payment {
  id: string;
  amount: number;
  currency: string;
  created: number;
}
const payments: Payment[] = [
  { id: "ch_1", amount: 123456, currency: "usd", created: 1704467045 },
  { id: "ch_2", amount: -500, currency: "eur", created: 1704380645 },
];
const columns = [
  { id: "id", header: "Payment", cell: (p: Payment) => p.id },
  {
    id: "amount",
    header: "Amount",
    align: "end" as const,
    cell: (p: Payment) => <Money amount={p.amount} currency={p.currency} />,
  },
  {
    id: "created",
    header: "Date",
    cell: (p: Payment) => <DateTime seconds={p.created} timeZone="UTC" />,
  },
];

describe("Table", () => {
  const base = { caption: "Payments", columns, rowKey: (p: Payment) => p.id };

  it("is a table named by its caption, with column headers and a row per item", () => {
    inLocale(<Table {...base} rows={payments} />);
    const table = screen.getByRole("table", { name: "Payments" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Payment", "Amount", "Date"]);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByText("$1,234.56")).toBeTruthy();
    expect(within(table).getByText("-€5.00")).toBeTruthy();
    expect(within(table).getByText("Jan 5, 2024").getAttribute("datetime")).toBe(
      "2024-01-05T15:04:05.000Z",
    );
  });

  it("activates a row by click, Enter and Space, and only rows are focusable", () => {
    const onRowActivate = vi.fn();
    inLocale(
      <Table
        {...base}
        rows={payments}
        onRowActivate={onRowActivate}
        rowLabel={(p) => `Payment ${p.id}`}
      />,
    );
    const row = screen.getByRole("row", { name: "Payment ch_2" });
    expect(row.getAttribute("tabindex")).toBe("0");
    fireEvent.click(row);
    fireEvent.keyDown(row, { key: "Enter" });
    fireEvent.keyDown(row, { key: " " });
    fireEvent.keyDown(row, { key: "a" });
    expect(onRowActivate.mock.calls.map(([p]) => p.id)).toEqual(["ch_2", "ch_2", "ch_2"]);
  });

  it("rows are not focusable when nothing happens on activation", () => {
    inLocale(<Table {...base} rows={payments} />);
    for (const row of screen.getAllByRole("row")) expect(row.hasAttribute("tabindex")).toBe(false);
  });

  it("shows a busy skeleton while loading the first page", () => {
    inLocale(<Table {...base} rows={[]} loading />);
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status", { name: "Loading…" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "No results" })).toBeNull();
  });

  it("shows the empty state when there are no rows", () => {
    inLocale(<Table {...base} rows={[]} />);
    expect(screen.getByRole("heading", { name: "No results" })).toBeTruthy();
  });

  it("pages with previous/next controls that call back and disable at the ends", () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    inLocale(
      <Table
        {...base}
        rows={payments}
        pagination={{ hasPrevious: false, hasNext: true, onPrevious, onNext, count: 2 }}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    const previous = within(nav).getByRole("button", { name: "Previous page" });
    const next = within(nav).getByRole("button", { name: "Next page" });
    expect(previous.hasAttribute("disabled")).toBe(true);
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledOnce();
    expect(onPrevious).not.toHaveBeenCalled();
    expect(within(nav).getByText("2 results")).toBeTruthy();
  });
});

describe("Pagination", () => {
  it("is labelled in the user's language", async () => {
    inLocale(
      <Pagination hasPrevious hasNext onPrevious={() => {}} onNext={() => {}} count={1} />,
      "fr-CA",
    );
    const nav = await screen.findByRole("navigation", { name: "Navigation entre les pages" });
    expect(within(nav).getByRole("button", { name: "Page précédente" })).toBeTruthy();
    expect(within(nav).getByText("1 résultat")).toBeTruthy();
  });

  it("ignores clicks while the next page loads", () => {
    const onNext = vi.fn();
    inLocale(
      <Pagination hasPrevious={false} hasNext onPrevious={() => {}} onNext={onNext} loading />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(onNext).not.toHaveBeenCalled();
  });
});

describe("Money and DateTime", () => {
  it("format in the provider's locale", async () => {
    const { container } = inLocale(
      <p>
        <Money amount={-123456} currency="eur" />
        <DateTime seconds={1704467045} format="datetime" timeZone="UTC" />
      </p>,
      "de-DE",
    );
    expect(await screen.findByText("05.01.2024, 15:04")).toBeTruthy();
    // Compared raw: the text matcher would fold the no-break space into a plain one.
    expect(container.querySelector(".kit-money")?.textContent).toBe("-1.234,56\u00a0€");
  });

  it("a relative time keeps the exact time in its title", () => {
    inLocale(
      <DateTime
        seconds={1704467045 - 86400}
        format="relative"
        nowSeconds={1704467045}
        timeZone="UTC"
      />,
    );
    const time = screen.getByText("yesterday");
    expect(time.getAttribute("title")).toBe("Jan 4, 2024, 3:04 PM");
  });
});

describe("the kit stylesheet", () => {
  it("reads the theme only through known variables", () => {
    const known = new Set(themeVariableNames.map(cssVar));
    const used = [...kitStylesheet.matchAll(/var\((--[\w-]+)\)/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(40);
    for (const name of used) expect(known.has(name), name).toBe(true);
  });

  it("has no colour literal of its own", () => {
    expect(kitStylesheet).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i);
  });

  it("uses logical properties only, for right-to-left safety", () => {
    expect(kitStylesheet).not.toMatch(physicalCssPattern);
  });
});
