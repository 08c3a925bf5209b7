import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { FilterValues } from "../../protocol/filters.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import type { CallFailure } from "../auth/failure.ts";
import { fakeDetail, fakePage, payoutHistory } from "./payouts-list/payouts-list.fixture.ts";
import { payoutsListMachine, RECENT_PAYOUTS_COUNT } from "./payouts-list/payouts-list.machine.ts";
import {
  createResourceListMachine,
  type ResourceListEmitted,
  type ResourceListInput,
} from "./resource-list.machine.ts";
import type { ListPageInput, Page, PageRequest, RetrieveItemInput } from "./resource-list.types.ts";

/**
 * The kit's list machine, proven on the payouts list (one instance of the factory): keyset
 * paging both ways, page size, filters as data, empty, error and retry, 401 and 403, the
 * selected item's detail, and the refresh a mutation sends.
 */

const http = (status: number): CallFailure => ({
  kind: "http",
  status,
  error: { message: `status ${status}` },
  requestId: `req_${status}`,
});

interface Api {
  page?: (request: PageRequest, filters: FilterValues) => Page<Payout> | Promise<Page<Payout>>;
  detail?: (id: string) => Payout | Promise<Payout>;
}

function start(
  history: Payout[],
  input: Partial<ResourceListInput> = {},
  api: Api = {},
  machineOf: typeof payoutsListMachine = payoutsListMachine,
) {
  const requests: PageRequest[] = [];
  const filtersAsked: FilterValues[] = [];
  const details: string[] = [];
  const machine = machineOf.provide({
    actors: {
      listPage: fromPromise<Page<Payout>, ListPageInput>(
        async ({ input: { request, filters } }) => {
          requests.push(request);
          filtersAsked.push(filters);
          return api.page ? api.page(request, filters) : fakePage(history, request);
        },
      ),
      retrieveItem: fromPromise<Payout, RetrieveItemInput>(async ({ input: { id } }) => {
        details.push(id);
        if (api.detail) return api.detail(id);
        const found = fakeDetail(history, id);
        if (!found) throw http(404);
        return found;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { pageSize: 10, paged: true, filters: {}, ...input },
  });
  const emitted: ResourceListEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  const settled = () =>
    waitFor(actor, (s) => !s.matches("loading") && !s.matches({ ready: { detail: "loading" } }));
  return { actor, requests, filtersAsked, details, emitted, settled };
}

const ids = (payouts: readonly Payout[]) => payouts.map((p) => p.id);

describe("payouts list: keyset pages through the whole history", () => {
  it("the newest page comes first, newest first, with more older payouts to page to", async () => {
    const history = payoutHistory(23);
    const { actor, settled, requests } = start(history);
    const s = await settled();
    expect(s.value).toEqual({ ready: "list" });
    expect(requests).toEqual([{ kind: "newest", limit: 10 }]);
    expect(ids(s.context.items)).toEqual(ids(history.slice(13).reverse()));
    expect(s.context.hasOlder).toBe(true);
    expect(s.context.hasNewer).toBe(false);
    actor.stop();
  });

  it("next page asks starting_after the last row, to the oldest payout; previous asks ending_before the first, back to the newest", async () => {
    const history = payoutHistory(23);
    const { actor, settled, requests } = start(history);
    await settled();
    const seen: string[] = [];
    for (;;) {
      const s = actor.getSnapshot();
      seen.push(...ids(s.context.items));
      if (!s.context.hasOlder) break;
      actor.send({ type: "page.next" });
      await settled();
    }
    expect(seen).toEqual(ids([...history].reverse()));
    expect(actor.getSnapshot().context.items.at(-1)?.id).toBe("po_001");
    expect(requests[1]).toEqual({ kind: "older", limit: 10, startingAfter: "po_014" });
    // At the oldest page there is nothing older: next page is refused.
    actor.send({ type: "page.next" });
    expect(actor.getSnapshot().value).toEqual({ ready: "list" });
    expect(requests).toHaveLength(3);

    actor.send({ type: "page.previous" });
    let s = await settled();
    expect(requests.at(-1)).toEqual({ kind: "newer", limit: 10, endingBefore: "po_003" });
    expect(ids(s.context.items)).toEqual(ids(history.slice(3, 13).reverse()));
    expect(s.context.hasNewer).toBe(true);
    actor.send({ type: "page.previous" });
    s = await settled();
    expect(ids(s.context.items)).toEqual(ids(history.slice(13).reverse()));
    expect(s.context.hasNewer).toBe(false);
    expect(s.context.hasOlder).toBe(true);
    actor.stop();
  });

  it("an account without payouts shows the empty state", async () => {
    const { actor, settled } = start([]);
    expect((await settled()).value).toBe("empty");
    actor.stop();
  });

  it("an older page that comes back empty keeps the page on screen, with nothing older", async () => {
    const history = payoutHistory(12);
    const { actor, settled } = start(
      history,
      {},
      {
        page: (request) =>
          request.kind === "older" ? { items: [], hasMore: false } : fakePage(history, request),
      },
    );
    await settled();
    actor.send({ type: "page.next" });
    const s = await settled();
    expect(s.value).toEqual({ ready: "list" });
    expect(ids(s.context.items)).toEqual(ids(history.slice(2).reverse()));
    expect(s.context.hasOlder).toBe(false);
    actor.stop();
  });

  it("recent-payouts: only the five newest, and never a page more", async () => {
    const history = payoutHistory(23);
    const { actor, settled, requests } = start(history, {
      paged: false,
      pageSize: RECENT_PAYOUTS_COUNT,
    });
    const s = await settled();
    expect(requests).toEqual([{ kind: "newest", limit: RECENT_PAYOUTS_COUNT }]);
    expect(ids(s.context.items)).toEqual(["po_023", "po_022", "po_021", "po_020", "po_019"]);
    expect(s.context.hasOlder).toBe(false);
    actor.send({ type: "page.next" });
    expect(actor.getSnapshot().value).toEqual({ ready: "list" });
    expect(requests).toHaveLength(1);
    actor.stop();
  });
});

describe("payouts list: failures", () => {
  it("a page that fails to load is an error; retry asks for the same page again", async () => {
    const history = payoutHistory(23);
    let fail = false;
    const { actor, settled, requests } = start(
      history,
      {},
      {
        page: (request) => {
          if (fail) throw http(500);
          return fakePage(history, request);
        },
      },
    );
    await settled();
    fail = true;
    actor.send({ type: "page.next" });
    let s = await settled();
    expect(s.value).toBe("error");
    expect(s.context.failure).toEqual(http(500));
    fail = false;
    actor.send({ type: "list.retry" });
    s = await settled();
    expect(s.value).toEqual({ ready: "list" });
    expect(requests.at(-1)).toEqual(requests.at(-2));
    expect(s.context.items[0]?.id).toBe("po_013");
    expect(s.context.failure).toBeNull();
    actor.stop();
  });

  it("a network failure is an error too, with its message", async () => {
    const { actor, settled } = start(
      [],
      {},
      {
        page: () => {
          throw new TypeError("Failed to fetch");
        },
      },
    );
    const s = await settled();
    expect(s.value).toBe("error");
    expect(s.context.failure).toEqual({ kind: "network", message: "Failed to fetch" });
    actor.stop();
  });

  it("a 401 on a page ends the list and asks the shell for its session-expired view", async () => {
    const { actor, settled, emitted } = start(
      [],
      {},
      {
        page: () => {
          throw http(401);
        },
      },
    );
    const s = await settled();
    expect(s.value).toBe("unauthorized");
    expect(s.status).toBe("done");
    expect(emitted).toEqual([{ type: "unauthorized" }]);
    actor.stop();
  });
});

describe("payouts list: a row opens the payout's detail", () => {
  it("opens the detail with its balance transaction, reporting the overlay open and then closed", async () => {
    const history = payoutHistory(8);
    const { actor, settled, emitted } = start(history);
    await settled();
    actor.send({ type: "item.open", id: "po_004" });
    expect(actor.getSnapshot().context.selectedId).toBe("po_004");
    const s = await settled();
    expect(s.value).toEqual({ ready: { detail: "shown" } });
    expect(s.context.detail).toEqual(fakeDetail(history, "po_004"));
    expect(emitted).toEqual([{ type: "overlay.changed", open: true }]);
    actor.send({ type: "detail.close" });
    expect(actor.getSnapshot().value).toEqual({ ready: "list" });
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(emitted).toEqual([
      { type: "overlay.changed", open: true },
      { type: "overlay.changed", open: false },
    ]);
    actor.stop();
  });

  it("a detail that fails to load can be retried; the list stays", async () => {
    const history = payoutHistory(3);
    let fail = true;
    const { actor, settled } = start(
      history,
      {},
      {
        detail: (id) => {
          if (fail) throw http(500);
          return fakeDetail(history, id) as Payout;
        },
      },
    );
    await settled();
    actor.send({ type: "item.open", id: "po_002" });
    let s = await settled();
    expect(s.value).toEqual({ ready: { detail: "failed" } });
    expect(s.context.detailFailure).toEqual(http(500));
    expect(s.context.items).toHaveLength(3);
    fail = false;
    actor.send({ type: "detail.retry" });
    s = await settled();
    expect(s.value).toEqual({ ready: { detail: "shown" } });
    expect(s.context.detailFailure).toBeNull();
    actor.stop();
  });

  it("a 401 on the detail asks for the session-expired view", async () => {
    const { actor, settled, emitted } = start(
      payoutHistory(3),
      {},
      {
        detail: () => {
          throw http(401);
        },
      },
    );
    await settled();
    actor.send({ type: "item.open", id: "po_001" });
    await waitFor(actor, (s) => s.status === "done");
    expect(emitted).toEqual([
      { type: "overlay.changed", open: true },
      { type: "overlay.changed", open: false },
      { type: "unauthorized" },
    ]);
    actor.stop();
  });
});

describe("resource list: page size, filters, 403, refresh", () => {
  it("a page size change asks for the newest page with the new limit, clamped to 1–100", async () => {
    const { actor, settled, requests } = start(payoutHistory(40));
    await settled();
    actor.send({ type: "page.next" });
    await settled();
    actor.send({ type: "page.size", size: 25 });
    let s = await settled();
    expect(requests.at(-1)).toEqual({ kind: "newest", limit: 25 });
    expect(s.context.items).toHaveLength(25);
    actor.send({ type: "page.size", size: 1000 });
    s = await settled();
    expect(requests.at(-1)).toEqual({ kind: "newest", limit: 100 });
    expect(s.context.pageSize).toBe(100);
    actor.stop();
  });

  it("an unpaged list ignores a page size change", async () => {
    const { actor, settled, requests } = start(payoutHistory(9), { paged: false, pageSize: 5 });
    await settled();
    actor.send({ type: "page.size", size: 25 });
    expect(actor.getSnapshot().value).toEqual({ ready: "list" });
    expect(requests).toHaveLength(1);
    actor.stop();
  });

  it("filters are data: a change asks for the newest page with them, from any page", async () => {
    const history = payoutHistory(30);
    const paid = (p: Payout) => p.status === "paid";
    const { actor, settled, filtersAsked, requests } = start(
      history,
      { filters: {} },
      {
        page: (request, filters) =>
          fakePage(filters.status ? history.filter(paid) : history, request),
      },
    );
    await settled();
    actor.send({ type: "page.next" });
    await settled();
    actor.send({ type: "filters.change", filters: { status: ["paid"] } });
    const s = await settled();
    expect(filtersAsked).toEqual([{}, {}, { status: ["paid"] }]);
    expect(requests.at(-1)).toEqual({ kind: "newest", limit: 10 });
    expect(s.context.items.every(paid)).toBe(true);
    expect(s.context.filters).toEqual({ status: ["paid"] });
    actor.stop();
  });

  it("a filter change while a page loads asks again with the newest filters", async () => {
    const { actor, settled, filtersAsked } = start(payoutHistory(5), { filters: {} });
    actor.send({ type: "filters.change", filters: { q: "a" } });
    actor.send({ type: "filters.change", filters: { q: "ab" } });
    const s = await settled();
    expect(filtersAsked.at(-1)).toEqual({ q: "ab" });
    expect(s.context.filters).toEqual({ q: "ab" });
    actor.stop();
  });

  it("filters that match nothing show the empty state; clearing them lists again", async () => {
    const history = payoutHistory(4);
    const { actor, settled } = start(
      history,
      { filters: {} },
      { page: (request, filters) => fakePage(filters.status ? [] : history, request) },
    );
    await settled();
    actor.send({ type: "filters.change", filters: { status: ["canceled"] } });
    expect((await settled()).value).toBe("empty");
    actor.send({ type: "filters.change", filters: {} });
    expect((await settled()).value).toEqual({ ready: "list" });
    actor.stop();
  });

  it("a 403 is the permission state, keeping the API's message; nothing is emitted", async () => {
    const { actor, emitted } = start(
      payoutHistory(3),
      {},
      {
        page: () => {
          throw http(403);
        },
      },
    );
    const s = await waitFor(actor, (snap) => snap.status === "done");
    expect(s.value).toBe("forbidden");
    expect(s.context.failure).toEqual(http(403));
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it("a refresh after a mutation asks for the page on screen again", async () => {
    const { actor, settled, requests } = start(payoutHistory(25));
    await settled();
    actor.send({ type: "page.next" });
    await settled();
    actor.send({ type: "list.refresh" });
    await settled();
    expect(requests.slice(1)).toEqual([
      { kind: "older", limit: 10, startingAfter: "po_016" },
      { kind: "older", limit: 10, startingAfter: "po_016" },
    ]);
    actor.stop();
  });

  it("a refresh with the detail open retrieves the item again, and the page when it closes", async () => {
    const { actor, settled, requests, details, emitted } = start(payoutHistory(5));
    await settled();
    actor.send({ type: "item.open", id: "po_004" });
    await settled();
    actor.send({ type: "list.refresh" });
    let s = await settled();
    expect(s.value).toEqual({ ready: { detail: "shown" } });
    expect(details).toEqual(["po_004", "po_004"]);
    expect(requests).toHaveLength(1);
    actor.send({ type: "detail.close" });
    s = await settled();
    expect(s.value).toEqual({ ready: "list" });
    expect(requests).toHaveLength(2);
    expect(s.context.stale).toBe(false);
    // The overlay opened once and closed once: the refresh did not close it.
    expect(emitted).toEqual([
      { type: "overlay.changed", open: true },
      { type: "overlay.changed", open: false },
    ]);
    actor.stop();
  });

  it("a list whose detail is shown in place reports no overlay", async () => {
    const inline = createResourceListMachine<Payout>({ id: "inlineList", overlay: false });
    const { actor, settled, emitted } = start(payoutHistory(3), {}, {}, inline);
    await settled();
    actor.send({ type: "item.open", id: "po_002" });
    await settled();
    actor.send({ type: "detail.close" });
    await settled();
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it("opening another item while one is open retrieves that one, keeping the detail open", async () => {
    const { actor, settled, details, emitted } = start(payoutHistory(3));
    await settled();
    actor.send({ type: "item.open", id: "po_003" });
    await settled();
    actor.send({ type: "item.open", id: "po_001" });
    const s = await settled();
    expect(s.value).toEqual({ ready: { detail: "shown" } });
    expect(s.context.detail?.id).toBe("po_001");
    expect(details).toEqual(["po_003", "po_001"]);
    expect(emitted).toEqual([{ type: "overlay.changed", open: true }]);
    actor.stop();
  });
});
