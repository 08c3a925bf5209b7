// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  DescriptionList,
  type ScheduleTimer,
  type TabItem,
  Tabs,
  Timeline,
  type ToastItem,
  ToastRegion,
} from "./index.ts";

afterEach(cleanup);
// The views' wording is under test, not catalogue loading: the catalogues are in before they render.
beforeAll(() => Promise.all((["de-DE"] as const).map((locale) => loadCatalogue(locale))));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const items: TabItem[] = [
  { id: "overview", label: "Overview", content: <p>Overview panel</p> },
  { id: "refunds", label: "Refunds", content: <p>Refunds panel</p> },
  { id: "disputes", label: "Disputes", content: <p>Disputes panel</p>, disabled: true },
  { id: "events", label: "Events", content: <p>Events panel</p> },
];

function TabsPage({ onChange }: { onChange?: (id: string) => void }) {
  const [value, setValue] = useState("overview");
  return (
    <Tabs
      label="Payment"
      items={items}
      value={value}
      onValueChange={(id) => {
        onChange?.(id);
        setValue(id);
      }}
    />
  );
}

describe("Tabs", () => {
  it("is a named tablist whose selected tab controls the one visible, labelled panel", () => {
    inLocale(<TabsPage />);
    const list = screen.getByRole("tablist", { name: "Payment" });
    const tabs = within(list).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Overview", "Refunds", "Disputes", "Events"]);
    expect(tabs.map((t) => t.getAttribute("aria-selected"))).toEqual([
      "true",
      "false",
      "false",
      "false",
    ]);
    const panel = screen.getByRole("tabpanel", { name: "Overview" });
    expect(panel.id).toBe(tabs[0]?.getAttribute("aria-controls"));
    expect(panel.textContent).toBe("Overview panel");
    // Every tab's aria-controls points at a real (hidden) panel.
    for (const tab of tabs) {
      expect(document.getElementById(tab.getAttribute("aria-controls") ?? "")).not.toBeNull();
    }
  });

  it("only the selected tab is a Tab stop (roving tabindex)", () => {
    inLocale(<TabsPage />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it("arrow keys move focus and select at once, skipping disabled tabs and wrapping", () => {
    const onChange = vi.fn();
    inLocale(<TabsPage onChange={onChange} />);
    const tab = (name: string) => screen.getByRole("tab", { name });
    tab("Overview").focus();
    fireEvent.keyDown(tab("Overview"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Refunds"));
    expect(tab("Refunds").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("Refunds panel");
    fireEvent.keyDown(tab("Refunds"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Events"));
    fireEvent.keyDown(tab("Events"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Overview"));
    fireEvent.keyDown(tab("Overview"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Events"));
    expect(onChange.mock.calls.map(([id]) => id)).toEqual([
      "refunds",
      "events",
      "overview",
      "events",
    ]);
  });

  it("Home and End go to the first and last tab", () => {
    inLocale(<TabsPage />);
    const tab = (name: string) => screen.getByRole("tab", { name });
    fireEvent.keyDown(tab("Overview"), { key: "End" });
    expect(document.activeElement).toBe(tab("Events"));
    fireEvent.keyDown(tab("Events"), { key: "Home" });
    expect(document.activeElement).toBe(tab("Overview"));
    expect(tab("Overview").getAttribute("aria-selected")).toBe("true");
  });

  it("right-to-left mirrors the arrow keys", () => {
    inLocale(
      <div dir="rtl">
        <TabsPage />
      </div>,
    );
    const tab = (name: string) => screen.getByRole("tab", { name });
    fireEvent.keyDown(tab("Overview"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Refunds"));
  });

  it("a click selects; a disabled tab ignores it", () => {
    const onChange = vi.fn();
    inLocale(<TabsPage onChange={onChange} />);
    fireEvent.click(screen.getByRole("tab", { name: "Disputes" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("tab", { name: "Disputes" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    fireEvent.click(screen.getByRole("tab", { name: "Events" }));
    expect(onChange).toHaveBeenCalledWith("events");
  });
});

describe("DescriptionList", () => {
  it("pairs each term with its value in a <dl>", () => {
    inLocale(
      <DescriptionList
        items={[
          { id: "amount", term: "Amount", description: "$12.00" },
          { id: "status", term: "Status", description: "Succeeded" },
        ]}
      />,
    );
    const terms = screen.getAllByRole("term");
    const values = screen.getAllByRole("definition");
    expect(terms.map((t) => t.textContent)).toEqual(["Amount", "Status"]);
    expect(values.map((d) => d.textContent)).toEqual(["$12.00", "Succeeded"]);
    expect(terms[0]?.closest("dl")).not.toBeNull();
    expect(terms[0]?.nextElementSibling).toBe(values[0]);
  });
});

describe("Timeline", () => {
  it("is a named ordered list of events, in the given order, each with its time", () => {
    inLocale(
      <Timeline
        label="Payment history"
        timeZone="UTC"
        events={[
          { id: "e2", title: "Refunded", seconds: 1704553445, status: "warning" },
          { id: "e1", title: "Paid", seconds: 1704467045, status: "success", description: "Visa" },
        ]}
      />,
    );
    const list = screen.getByRole("list", { name: "Payment history" });
    expect(list.localName).toBe("ol");
    const events = within(list).getAllByRole("listitem");
    expect(events.map((e) => e.querySelector("p")?.textContent)).toEqual(["Refunded", "Paid"]);
    const time = events[1]?.querySelector("time");
    expect(time?.getAttribute("datetime")).toBe("2024-01-05T15:04:05.000Z");
    expect(time?.textContent).toContain("2024");
    expect(events[1]?.textContent).toContain("Visa");
    expect(events[0]?.querySelector(".kit-timeline__marker--warning")).not.toBeNull();
  });
});

/** A fake timer queue the test advances by hand. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const schedule: ScheduleTimer = (run, ms) => {
    const id = next++;
    pending.set(id, { run, ms });
    return () => pending.delete(id);
  };
  const fireAll = () => {
    const due = [...pending.values()];
    pending.clear();
    act(() => {
      for (const timer of due) timer.run();
    });
  };
  return { schedule, pending, fireAll };
}

function ToastPage({ schedule, duration }: { schedule: ScheduleTimer; duration?: number | null }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          setToasts((t) => [
            ...t,
            { id: `t${t.length}`, message: "Refund created", status: "success" },
          ])
        }
      >
        Refund
      </button>
      <ToastRegion
        toasts={toasts}
        schedule={schedule}
        duration={duration}
        onDismiss={(id) => setToasts((t) => t.filter((x) => x.id !== id))}
      />
    </>
  );
}

describe("Toast", () => {
  it("lives in a polite status region that exists before any toast arrives", () => {
    const timers = manualTimers();
    inLocale(<ToastPage schedule={timers.schedule} />);
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(within(region).getByText("Refund created")).toBeTruthy();
  });

  it("dismisses itself when its timer fires, after the given duration", () => {
    const timers = manualTimers();
    inLocale(<ToastPage schedule={timers.schedule} duration={4000} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([4000]);
    timers.fireAll();
    expect(screen.queryByText("Refund created")).toBeNull();
  });

  it("the Dismiss button removes it at once and cancels its timer", () => {
    const timers = manualTimers();
    inLocale(<ToastPage schedule={timers.schedule} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Refund created")).toBeNull();
    expect(timers.pending.size).toBe(0);
  });

  it("pauses while focus is on it, so a keyboard user can reach Dismiss", () => {
    const timers = manualTimers();
    inLocale(<ToastPage schedule={timers.schedule} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    fireEvent.focus(screen.getByRole("button", { name: "Dismiss" }));
    expect(timers.pending.size).toBe(0);
    fireEvent.blur(screen.getByRole("button", { name: "Dismiss" }));
    expect(timers.pending.size).toBe(1);
  });

  it("with duration null stays until dismissed", () => {
    const timers = manualTimers();
    inLocale(<ToastPage schedule={timers.schedule} duration={null} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(timers.pending.size).toBe(0);
    expect(screen.getByText("Refund created")).toBeTruthy();
  });

  it("names its Dismiss button in the user's language", async () => {
    const timers = manualTimers();
    inLocale(<ToastPage schedule={timers.schedule} />, "de-DE");
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    expect(screen.getByRole("button", { name: "Ausblenden" })).toBeTruthy();
  });
});
