/**
 * The effects of the payouts list: its machine's `fetchPage` and `fetchPayout`, calling
 * `GET /v1/payouts` (keyset: limit, starting_after, ending_before; each destination expanded)
 * and `GET /v1/payouts/:id` (balance transaction and destination expanded) through the data
 * layer (`useApi`).
 * Answers are validated before the machine sees them; every failure becomes a CallFailure
 * (HTTP status, the API error object and its request id; or a network failure).
 */
import { fromPromise } from "xstate";
import type { z } from "zod/mini";
import type { Api } from "../../../actors/ui-frame/react.tsx";
import type { CallFailure } from "../../../machines/auth/failure.ts";
import type {
  PageRequest,
  PayoutPage,
} from "../../../machines/components/payouts-list/payouts-list.types.ts";
import { listOf } from "../../../protocol/objects/api-fields.schema.ts";
import { type Payout, payoutSchema } from "../../../protocol/objects/payout.schema.ts";
import { safeParseMessage } from "../../../protocol/parse.ts";
import { provider } from "../../../protocol/provider.ts";

const listSchema = listOf(payoutSchema);

/** What the API answered, as seen through the data layer's `response` reply. */
interface Answer {
  ok: boolean;
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const requestIdOf = (answer: Answer) =>
  answer.headers[provider.headers.requestId.toLowerCase()] ?? null;

/** A non-2xx answer as a CallFailure, with the API error object's fields when present. */
function httpFailure(answer: Answer): CallFailure {
  const body = answer.body as { error?: Record<string, unknown> } | null;
  const raw = body && typeof body === "object" ? body.error : undefined;
  const error: Extract<CallFailure, { kind: "http" }>["error"] = {};
  if (raw && typeof raw === "object") {
    for (const field of ["type", "code", "message", "message_code"] as const) {
      const value = raw[field];
      if (typeof value === "string") error[field] = value;
    }
  }
  return { kind: "http", status: answer.status, error, requestId: requestIdOf(answer) };
}

/** A call that did not produce an HTTP answer (the data layer refused it, timeout, …). */
function replyFailure(error: unknown): CallFailure {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error && error.message ? error.message : "Unknown error";
  if (typeof status === "number" && status >= 100)
    return { kind: "http", status, error: { message }, requestId: null };
  return { kind: "network", message };
}

async function getJson<S extends z.core.$ZodType>(
  api: Pick<Api, "get">,
  url: string,
  schema: S,
  signal: AbortSignal,
): Promise<z.output<S>> {
  let answer: Answer;
  try {
    answer = await api.get(url, { signal });
  } catch (error) {
    throw replyFailure(error);
  }
  if (!answer.ok) throw httpFailure(answer);
  const parsed = safeParseMessage(schema, answer.body);
  if (!parsed.ok) {
    throw {
      kind: "http",
      status: answer.status,
      error: { message: `The answer of ${url.split("?")[0]} is not what was expected.` },
      requestId: requestIdOf(answer),
    } satisfies CallFailure;
  }
  return parsed.value;
}

/** The query of one page: `limit`, the keyset cursor, and each payout's bank account. */
export function pageQuery(request: PageRequest): string {
  const query = new URLSearchParams({ limit: String(request.limit) });
  if (request.kind === "older") query.set("starting_after", request.startingAfter);
  if (request.kind === "newer") query.set("ending_before", request.endingBefore);
  query.append("expand[]", "data.destination");
  return query.toString();
}

export async function fetchPayoutPage(
  api: Pick<Api, "get">,
  request: PageRequest,
  signal: AbortSignal,
): Promise<PayoutPage> {
  const list = await getJson(api, `/v1/payouts?${pageQuery(request)}`, listSchema, signal);
  return { payouts: list.data, hasMore: list.has_more };
}

export async function fetchPayoutDetail(
  api: Pick<Api, "get">,
  id: string,
  signal: AbortSignal,
): Promise<Payout> {
  const query = new URLSearchParams([
    ["expand[]", "balance_transaction"],
    ["expand[]", "destination"],
  ]);
  return getJson(api, `/v1/payouts/${encodeURIComponent(id)}?${query}`, payoutSchema, signal);
}

/** The machine's actors, calling the API through the data layer. */
export const payoutsListActors = (api: Pick<Api, "get">) => ({
  fetchPage: fromPromise<PayoutPage, PageRequest>(({ input, signal }) =>
    fetchPayoutPage(api, input, signal),
  ),
  fetchPayout: fromPromise<Payout, { id: string }>(({ input, signal }) =>
    fetchPayoutDetail(api, input.id, signal),
  ),
});
