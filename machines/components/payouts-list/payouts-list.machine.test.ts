import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { CallFailure } from "../../auth/failure.ts";
import { fakeDetail, fakePage, payoutHistory } from "./payouts-list.fixture.ts";
import {
  type PayoutsListEmitted,
  type PayoutsListInput,
  payoutsListMachine,
  RECENT_PAYOUTS_COUNT,
} from "./payouts-list.machine.ts";
import type { PageRequest, Payout, PayoutPage } from "./payouts-list.types.ts";

const http = (status: number): CallFailure => ({
  kind: "http",
  status,
  error: { message: `status ${status}` },
  requestId: `req_${status}`,
});

interface Api {
  page?: (request: PageRequest) => PayoutPage | Promise<PayoutPage>;
  detail?: (id: string) => Payout | Promise<Payout>;
}

function start(history: Payout[], input: Partial<PayoutsListInput> = {}, api: Api = {}) {
  const requests: PageRequest[] = [];
  const machine = payoutsListMachine.provide({
    actors: {
      fetchPage: fromPromise<PayoutPage, PageRequest>(async ({ input: request }) => {
        requests.push(request);
        return api.page ? api.page(request) : fakePage(history, request);
      }),
      fetchPayout: fromPromise<Payout, { id: string }>(async ({ input: { id } }) => {
        if (api.detail) return api.detail(id);
        const found = fakeDetail(history, id);
        if (!found) throw http(404);
        return found;
      }),
    },
  });
  const actor = createActor(machine, { input: { pageSize: 10, recent: false, ...input } });
  const emitted: PayoutsListEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  const settled = () =>
    waitFor(actor, (s) => !s.matches("loading") && !s.matches({ ready: { detail: "loading" } }));
  return { actor, requests, emitted, settled };
}

const ids = (payouts: readonly Payout[]) => payouts.map((p) => p.id);

describe("payouts list: keyset pages through the whole history", () => {
  it("the newest page comes first, newest first, with more older payouts to page to", async () => {
    const history = payoutHistory(23);
    const { actor, settled, requests } = start(history);
    const s = await settled();
    expect(s.value).toEqual({ ready: "list" });
    expect(requests).toEqual([{ kind: "newest", limit: 10 }]);
    expect(ids(s.context.payouts)).toEqual(ids(history.slice(13).reverse()));
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
      seen.push(...ids(s.context.payouts));
      if (!s.context.hasOlder) break;
      actor.send({ type: "page.next" });
      await settled();
    }
    expect(seen).toEqual(ids([...history].reverse()));
    expect(actor.getSnapshot().context.payouts.at(-1)?.id).toBe("po_001");
    expect(requests[1]).toEqual({ kind: "older", limit: 10, startingAfter: "po_014" });
    // At the oldest page there is nothing older: next page is refused.
    actor.send({ type: "page.next" });
    expect(actor.getSnapshot().value).toEqual({ ready: "list" });
    expect(requests).toHaveLength(3);

    actor.send({ type: "page.previous" });
    let s = await settled();
    expect(requests.at(-1)).toEqual({ kind: "newer", limit: 10, endingBefore: "po_003" });
    expect(ids(s.context.payouts)).toEqual(ids(history.slice(3, 13).reverse()));
    expect(s.context.hasNewer).toBe(true);
    actor.send({ type: "page.previous" });
    s = await settled();
    expect(ids(s.context.payouts)).toEqual(ids(history.slice(13).reverse()));
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
          request.kind === "older" ? { payouts: [], hasMore: false } : fakePage(history, request),
      },
    );
    await settled();
    actor.send({ type: "page.next" });
    const s = await settled();
    expect(s.value).toEqual({ ready: "list" });
    expect(ids(s.context.payouts)).toEqual(ids(history.slice(2).reverse()));
    expect(s.context.hasOlder).toBe(false);
    actor.stop();
  });

  it("recent-payouts: only the five newest, and never a page more", async () => {
    const history = payoutHistory(23);
    const { actor, settled, requests } = start(history, { recent: true });
    const s = await settled();
    expect(requests).toEqual([{ kind: "newest", limit: RECENT_PAYOUTS_COUNT }]);
    expect(ids(s.context.payouts)).toEqual(["po_023", "po_022", "po_021", "po_020", "po_019"]);
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
    expect(s.context.payouts[0]?.id).toBe("po_013");
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
    actor.send({ type: "payout.open", id: "po_004" });
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
    actor.send({ type: "payout.open", id: "po_002" });
    let s = await settled();
    expect(s.value).toEqual({ ready: { detail: "failed" } });
    expect(s.context.detailFailure).toEqual(http(500));
    expect(s.context.payouts).toHaveLength(3);
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
    actor.send({ type: "payout.open", id: "po_001" });
    await waitFor(actor, (s) => s.status === "done");
    expect(emitted).toEqual([
      { type: "overlay.changed", open: true },
      { type: "overlay.changed", open: false },
      { type: "unauthorized" },
    ]);
    actor.stop();
  });
});
