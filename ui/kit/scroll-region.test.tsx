// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollRegion } from "./scroll-region.view.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const widths = (scroll: number, client: number) => {
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(client);
};

describe("ScrollRegion", () => {
  it("a box whose content is wider than it is a named region in the tab order", () => {
    widths(600, 320);
    render(
      <ScrollRegion label="Settled transactions">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole("region", { name: "Settled transactions" });
    expect(region.tabIndex).toBe(0);
  });

  it("a box whose content fits adds no tab stop and no region", () => {
    widths(320, 320);
    const { container } = render(
      <ScrollRegion label="Settled transactions">
        <table />
      </ScrollRegion>,
    );
    expect(screen.queryByRole("region")).toBeNull();
    expect(container.querySelector(".kit-table-wrap")?.hasAttribute("tabindex")).toBe(false);
  });

  it("becomes a region when new content overflows a box that kept its size (rows arrive)", () => {
    widths(320, 320);
    const { rerender } = render(
      <ScrollRegion label="Payouts">
        <table />
      </ScrollRegion>,
    );
    expect(screen.queryByRole("region")).toBeNull();
    widths(480, 320);
    rerender(
      <ScrollRegion label="Payouts">
        <table>
          <tbody>
            <tr>
              <td>po_1234567890abcdef</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>,
    );
    expect(screen.getByRole("region", { name: "Payouts" }).tabIndex).toBe(0);
  });
});
