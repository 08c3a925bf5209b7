// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../i18n/provider.tsx";
import { Button, Overlay, type OverlayPresentation } from "./index.ts";

afterEach(cleanup);

/** A page with content behind, an opener, and an overlay holding two fields and actions. */
function Page({
  presentation = "dialog",
  onOpenChange,
}: {
  presentation?: OverlayPresentation;
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    onOpenChange?.(next);
    setOpen(next);
  };
  return (
    <I18nProvider locale="en-US">
      <div>
        <a href="#behind">Behind</a>
        <Button onClick={() => change(true)}>Edit payout</Button>
        <Overlay
          open={open}
          onOpenChange={change}
          presentation={presentation}
          title="Edit payout schedule"
          description="Changes apply from tomorrow."
          actions={<Button onClick={() => change(false)}>Cancel</Button>}
        >
          <label>
            Interval <input name="interval" />
          </label>
          <label>
            Day <input name="day" />
          </label>
        </Overlay>
      </div>
    </I18nProvider>
  );
}

const openIt = () => {
  const opener = screen.getByRole("button", { name: "Edit payout" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog") };
};

describe("Overlay", () => {
  it("is a modal dialog named by its title and described by its description", () => {
    render(<Page />);
    expect(screen.queryByRole("dialog")).toBeNull();
    const { dialog } = openIt();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByRole("dialog", { name: "Edit payout schedule" })).toBe(dialog);
    const describedBy = dialog.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Changes apply from tomorrow.");
  });

  it("moves focus into the overlay on open, to the first field of its body", () => {
    render(<Page />);
    openIt();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Interval" }));
  });

  it("traps focus while open: Tab from the last stop wraps to the first, Shift+Tab back", () => {
    render(<Page />);
    const { dialog } = openIt();
    const close = screen.getByRole("button", { name: "Close" });
    const cancel = screen.getByRole("button", { name: "Cancel" });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    // In the middle, Tab is left to the browser (no wrap).
    const interval = screen.getByRole("textbox", { name: "Interval" });
    interval.focus();
    const event = fireEvent.keyDown(interval, { key: "Tab" });
    expect(event).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("makes the page behind inert while open, and live again after close", () => {
    render(<Page />);
    const behind = screen.getByRole("link", { name: "Behind" });
    openIt();
    expect(behind.closest("[inert]")).not.toBeNull();
    expect(screen.getByRole("dialog").closest("[inert]")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(behind.closest("[inert]")).toBeNull();
  });

  it("Escape closes it, reports onOpenChange(false), and focus returns to the opener", () => {
    const onOpenChange = vi.fn();
    render(<Page onOpenChange={onOpenChange} />);
    const { opener } = openIt();
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Interval" }), { key: "Escape" });
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("the Close button and the backdrop close it too", () => {
    const onOpenChange = vi.fn();
    const { container } = render(<Page onOpenChange={onOpenChange} />);
    openIt();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    openIt();
    const backdrop = container.querySelector(".kit-overlay__backdrop");
    expect(backdrop?.getAttribute("aria-hidden")).toBe("true");
    fireEvent.click(backdrop!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it("the drawer presentation is the same dialog, styled as a drawer", () => {
    const { container } = render(<Page presentation="drawer" />);
    const { dialog } = openIt();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(container.querySelector(".kit-overlay--drawer")?.contains(dialog)).toBe(true);
  });

  it("focuses Close when its body has nothing focusable, and still traps Tab", () => {
    render(
      <I18nProvider locale="en-US">
        <Overlay open onOpenChange={() => {}} title="Receipt">
          <p>Paid</p>
        </Overlay>
      </I18nProvider>,
    );
    const close = screen.getByRole("button", { name: "Close" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab" });
    expect(document.activeElement).toBe(close);
  });
});
