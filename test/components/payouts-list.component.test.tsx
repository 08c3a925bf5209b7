// @vitest-environment happy-dom
/**
 * The payouts-list component as a frame runs it — the kit's machine, the frame services and
 * resource client of actors/, the views of ui/ — over the fake data layer answering what the
 * reference provider answered (test/fixtures/payouts.json).
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import PayoutsList from "../../ui/components/payouts-list/payouts-list.component.tsx";
import { FAKE_API_ORIGIN, type FakeFailure, fakeDataLayer } from "../support/fake-data-layer.ts";
import { payoutFixtures } from "../support/fixtures.ts";
import { mountComponent } from "../support/mount-component.tsx";

afterEach(cleanup);

const recorded = payoutFixtures().list as { id: string }[];
const bodyRows = () => screen.getAllByRole("row").slice(1);
const pathOf = (url: string) => url.replace(FAKE_API_ORIGIN, "");

function mount(fail?: (url: URL) => FakeFailure | undefined) {
  const dataLayer = fakeDataLayer(fail ? { fail } : {});
  return { dataLayer, ...mountComponent(PayoutsList, "payouts-list", dataLayer) };
}

describe("the payouts-list component over the recorded provider answers", () => {
  it("lists GET /v1/payouts through the data layer, pages to the oldest and opens one, reporting the overlay", async () => {
    const { dataLayer, overlays } = mount();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(dataLayer.calls.map((c) => [c.componentName, pathOf(c.url)])).toEqual([
      ["payouts-list", "/v1/payouts?limit=10&expand%5B%5D=data.destination"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(recorded.length - 10));
    expect(pathOf(dataLayer.calls[1]?.url ?? "")).toBe(
      `/v1/payouts?limit=10&starting_after=${recorded[9]?.id}&expand%5B%5D=data.destination`,
    );
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const oldest = recorded.at(-1)?.id ?? "";
    fireEvent.click(bodyRows().at(-1) as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Payout details" });
    await waitFor(() => expect(dialog.textContent).toContain(oldest));
    expect(pathOf(dataLayer.calls[2]?.url ?? "")).toBe(
      `/v1/payouts/${oldest}?expand%5B%5D=balance_transaction&expand%5B%5D=destination`,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(overlays).toEqual([true, false]);
  });

  it("a payout the bank returned shows as failed, with the bank's reason in its history", async () => {
    mount();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const index = recorded.findIndex((p) => (p as { status?: string }).status === "failed");
    expect(index).toBeGreaterThanOrEqual(0);
    const row = bodyRows()[index] as HTMLElement;
    expect(within(row).getAllByRole("cell")[1]?.textContent).toBe("Failed");
    fireEvent.click(row);
    const dialog = await screen.findByRole("dialog", { name: "Payout details" });
    await waitFor(() => expect(dialog.textContent).toContain("The bank account has been closed."));
  });

  it("a page-size choice asks for the newest page with that limit", async () => {
    const { dataLayer } = mount();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "25" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(recorded.length));
    expect(pathOf(dataLayer.calls.at(-1)?.url ?? "")).toBe(
      "/v1/payouts?limit=25&expand%5B%5D=data.destination",
    );
  });

  it("a failed page shows the error with Retry; the platform's onLoadError hears an api_error with the request id", async () => {
    let failing = true;
    const { reported } = mount(() =>
      failing
        ? {
            status: 500,
            body: { error: { type: "api_error", message: "An unexpected error occurred." } },
            requestId: "req_failed_1",
          }
        : undefined,
    );
    await waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0]).toEqual({
      name: "api_error",
      message: "HTTP status code: 500. Reason: An unexpected error occurred.",
      requestId: "req_failed_1",
    });
    expect(screen.getByRole("alert").textContent).toContain("Request reference: req_failed_1");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
  });

  it("a 403 shows the permission state with the API's message; a 401 asks the shell for its session-expired view", async () => {
    mount(() => ({
      status: 403,
      body: { error: { type: "invalid_request_error", message: "Not allowed for this session." } },
    }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("Not allowed for this session."),
    );
    cleanup();
    const refused = mount(() => ({ status: 401, body: { error: { message: "Expired" } } }));
    await waitFor(() => expect(refused.unauthorized()).toBe(1));
    expect(refused.reported).toEqual([]);
  });
});
