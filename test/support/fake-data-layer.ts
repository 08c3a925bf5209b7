/**
 * The one fake data layer of the component tests: the data-layer client's interface as the
 * frame services use it (`FrameDataLayer`), answering authedProxy calls from answers
 * recorded from the reference provider (test/fixtures/, test/provider-fixtures.test.ts),
 * parsed with the views' protocol schemas when loaded. Lists page by keyset exactly as the
 * provider does (newest first, `starting_after` / `ending_before`, `limit`); a retrieve
 * answers the recorded detail; an unknown path or id answers the provider's 404 error
 * object. A test may make any call fail (`fail`) to see a view's error, 401 or 403 paths.
 */
import { parse } from "zod/mini";
import type { FrameDataLayer } from "../../actors/ui-frame/frame-services.ts";
import { payoutsResource } from "../../machines/components/payouts-list/payouts-list.machine.ts";
import { fakePage } from "../../machines/components/resource-list.fixture.ts";
import type { PageRequest } from "../../machines/components/resource-list.types.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { type PayoutFixtures, payoutFixtures } from "./fixtures.ts";

export const FAKE_API_ORIGIN = "http://127.0.0.1:4200";

/** An HTTP answer the fake gives instead of the recorded one. */
export interface FakeFailure {
  status: number;
  body?: unknown;
  requestId?: string;
}

export interface FakeDataLayerOptions {
  fixtures?: PayoutFixtures;
  session?: SanitizedSession | null;
  /** Called for every call; an answer here replaces the recorded one. */
  fail?: (url: URL) => FakeFailure | undefined;
}

export interface FakeCall {
  method: string;
  url: string;
  componentName: string;
}

export type FakeDataLayer = FrameDataLayer & { calls: FakeCall[] };

const authenticated: AuthState = {
  status: "account_session_authenticated",
  expires: 1_900_000_000_000,
  user: null,
  userSessionExpired: false,
};

const missing = (id: string) => ({
  status: 404,
  body: {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such payout: '${id}'`,
    },
  },
});

/** The recorded payouts, checked against the schema the views parse them with. */
function loadPayouts(fixtures: PayoutFixtures) {
  const list = parse(listOf(payoutsResource.item), {
    object: "list",
    url: "/v1/payouts",
    has_more: false,
    data: fixtures.list,
  }).data;
  const details = new Map<string, Payout>(
    Object.entries(fixtures.details).map(([id, d]) => [id, parse(payoutsResource.item, d)]),
  );
  return { list, details };
}

function pageRequestOf(query: URLSearchParams): PageRequest {
  const limit = Number(query.get("limit") ?? "10");
  const after = query.get("starting_after");
  const before = query.get("ending_before");
  if (after) return { kind: "older", limit, startingAfter: after };
  if (before) return { kind: "newer", limit, endingBefore: before };
  return { kind: "newest", limit };
}

export function fakeDataLayer(options: FakeDataLayerOptions = {}): FakeDataLayer {
  const payouts = loadPayouts(options.fixtures ?? payoutFixtures());
  const calls: FakeCall[] = [];

  const answer = (url: URL): { status: number; body: unknown; requestId?: string } => {
    const failure = options.fail?.(url);
    if (failure) return { body: undefined, ...failure };
    const detail = url.pathname.match(/^\/v1\/payouts\/([^/]+)$/);
    if (detail) {
      const id = decodeURIComponent(detail[1] ?? "");
      const found = payouts.details.get(id);
      return found ? { status: 200, body: found } : missing(id);
    }
    if (url.pathname === "/v1/payouts") {
      const page = fakePage(payouts.list, pageRequestOf(url.searchParams));
      return {
        status: 200,
        body: { object: "list", url: "/v1/payouts", has_more: page.hasMore, data: page.items },
      };
    }
    return missing(url.pathname);
  };

  const noSubscription = () => () => {};
  return {
    calls,
    async request(request) {
      const message = request as { requestType: string } & Partial<FakeCall>;
      if (message.requestType !== "authedProxy" || !message.url)
        throw new Error("the fake answers authedProxy calls");
      calls.push({
        method: message.method ?? "GET",
        url: message.url,
        componentName: message.componentName ?? "",
      });
      const { status, body, requestId } = answer(new URL(message.url));
      return {
        type: provider.messageMarker,
        requestType: "response",
        requestId: `fake-${calls.length}`,
        ok: status >= 200 && status < 300,
        status,
        statusText: "",
        body,
        headers: requestId ? { [provider.headers.requestId.toLowerCase()]: requestId } : {},
      } as never;
    },
    session: () => options.session ?? null,
    onSession: noSubscription,
    authState: () => authenticated,
    onAuthState: noSubscription,
  };
}
