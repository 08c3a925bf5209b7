// @vitest-environment happy-dom
/**
 * The debug components list as a frame runs it — its machine over the catalogue's rows, the
 * frame services of actors/ with this version's view registry — over the fake data layer
 * answering what the reference provider answered (test/fixtures/payouts.json).
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { tagName } from "../../protocol/provider.ts";
import DebugComponentsList from "../../ui/components/debug-components-list/debug-components-list.component.tsx";
import { viewLoaderFor } from "../../ui/components/registry.ts";
import { FAKE_API_ORIGIN, fakeDataLayer } from "../support/fake-data-layer.ts";
import { mountComponent } from "../support/mount-component.tsx";

afterEach(cleanup);

const session = {
  components: {
    payouts_list: { enabled: true, features: {} },
    payments: { enabled: false, features: {} },
  },
} as unknown as SanitizedSession;

function mount() {
  const dataLayer = fakeDataLayer({ session });
  mountComponent(DebugComponentsList, "debug-components-list", dataLayer, {
    views: (name) => viewLoaderFor(name),
  });
  return dataLayer;
}

const table = () => screen.getByRole("table", { name: "Components in this version" });
const tags = () =>
  within(table())
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("cell")[0]?.textContent);

describe("the debug components list, wired to the frame", () => {
  it("reads the session, filters as data, and renders a registered component's real view in place, in that component's name", async () => {
    const dataLayer = mount();
    await waitFor(() => expect(tags().length).toBeGreaterThan(50));
    const payoutsRow = within(table())
      .getAllByRole("row")
      .find((r) => r.textContent?.startsWith(tagName("payouts-list")));
    expect(payoutsRow?.textContent).toContain("Enabled");
    fireEvent.change(screen.getByLabelText("Search by name or tag"), {
      target: { value: "payouts-list" },
    });
    await waitFor(() => expect(tags()).toEqual([tagName("payouts-list")]));
    fireEvent.change(screen.getByLabelText("Search by name or tag"), { target: { value: "" } });
    await waitFor(() => expect(tags().length).toBeGreaterThan(50));

    fireEvent.click(screen.getByRole("button", { name: `Open ${tagName("issuing-card")} here` }));
    expect(
      (await screen.findByRole("region", { name: tagName("issuing-card") })).textContent,
    ).toContain("is not available in this version.");
    fireEvent.click(screen.getByRole("button", { name: `Open ${tagName("payouts-list")} here` }));
    const region = await screen.findByRole("region", { name: tagName("payouts-list") });
    await waitFor(() => expect(within(region).getAllByRole("row").length).toBe(11));
    expect(dataLayer.calls.map((c) => c.url.replace(FAKE_API_ORIGIN, ""))).toEqual([
      "/v1/payouts?limit=10&expand%5B%5D=data.destination",
    ]);
    // The component opened in place calls the API in its own name, not the debug list's.
    expect(dataLayer.calls.map((c) => c.componentName)).toEqual(["payouts-list"]);
  });
});
