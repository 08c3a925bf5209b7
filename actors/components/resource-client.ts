/**
 * The resource client: the effects of the kit's list machine. It calls the API through the
 * data layer (`Api`, the frame's authedProxy) — `GET <path>` with `limit`, the keyset cursor
 * (`starting_after` / `ending_before`), the filters and `expand[]`; `GET <path>/:id` for one
 * item — and parses every answer with the protocol schemas it is given (the item's schema in
 * the list envelope of protocol/objects/api-fields.schema.ts). Nothing unvalidated reaches a
 * machine. Every failure is a typed CallFailure (machines/auth/failure.ts): the HTTP status
 * with the API error object's fields and the request id, or a network failure.
 */
import { fromPromise } from "xstate";
import type { z } from "zod/mini";
import type { CallFailure } from "../../machines/auth/failure.ts";
import type {
  FetchResourceInput,
  GetObjectsInput,
  Identified,
  ListPageInput,
  Page,
  PageRequest,
  ResourceDescriptor,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import {
  type DayStart,
  type FilterSpec,
  type FilterValues,
  filterQuery,
  localDayStart,
} from "../../protocol/filters.ts";
import { isRateLimited, retryAfterSeconds } from "../../protocol/messages/rate-limit.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { safeParseMessage } from "../../protocol/parse.ts";
import { provider } from "../../protocol/provider.ts";
import type { Api, ApiAnswer, KitActors } from "../../ui/frame/frame-context.tsx";

const requestIdOf = (answer: ApiAnswer) =>
  answer.headers[provider.headers.requestId.toLowerCase()] ?? null;

/** A non-2xx answer as a CallFailure, with the API error object's fields when present. */
export function httpFailure(answer: ApiAnswer): CallFailure {
  const body = answer.body as { error?: Record<string, unknown> } | null;
  const raw = body && typeof body === "object" ? body.error : undefined;
  const error: Extract<CallFailure, { kind: "http" }>["error"] = {};
  if (raw && typeof raw === "object") {
    for (const field of ["type", "code", "message", "message_code", "param"] as const) {
      const value = raw[field];
      if (typeof value === "string") error[field] = value;
    }
  }
  const retryAfter = isRateLimited(answer.status) ? retryAfterSeconds(answer.headers) : null;
  return {
    kind: "http",
    status: answer.status,
    error,
    requestId: requestIdOf(answer),
    ...(retryAfter === null ? {} : { retryAfterSeconds: retryAfter }),
  };
}

/** A call that did not produce an HTTP answer (the data layer refused it, timeout, …). */
export function replyFailure(error: unknown): CallFailure {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error && error.message ? error.message : "Unknown error";
  if (typeof status === "number" && status >= 100)
    return { kind: "http", status, error: { message }, requestId: null };
  return { kind: "network", message };
}

/** `GET url`, the answer parsed with `schema`; rejects with a CallFailure. */
export async function getParsed<S extends z.core.$ZodType>(
  api: Pick<Api, "get">,
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  let answer: ApiAnswer;
  try {
    answer = await api.get(url, signal ? { signal } : {});
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

/**
 * The query of one page: `limit`, the keyset cursor, the filters as the provider's list
 * parameters (protocol/filters.ts, days in the viewer's time zone), then `expand[]`.
 */
export function pageQuery(
  request: PageRequest,
  filters: { spec?: FilterSpec | undefined; values?: FilterValues; dayStart?: DayStart } = {},
  expand: readonly string[] = [],
): string {
  const query = new URLSearchParams({ limit: String(request.limit) });
  if (request.kind === "older") query.set("starting_after", request.startingAfter);
  if (request.kind === "newer") query.set("ending_before", request.endingBefore);
  if (filters.spec && filters.values)
    for (const [name, value] of filterQuery(filters.spec, filters.values, filters.dayStart))
      query.append(name, value);
  for (const field of expand) query.append("expand[]", field);
  return query.toString();
}

export interface ResourceClient {
  list<Item extends Identified>(
    resource: ResourceDescriptor<Item>,
    request: PageRequest,
    filters?: FilterValues,
    signal?: AbortSignal,
  ): Promise<Page<Item>>;
  retrieve<Item extends Identified>(
    resource: ResourceDescriptor<Item>,
    id: string,
    signal?: AbortSignal,
  ): Promise<Item>;
}

export function createResourceClient(
  api: Pick<Api, "get">,
  dayStart: DayStart = localDayStart,
): ResourceClient {
  return {
    async list(resource, request, filters = {}, signal) {
      const query = pageQuery(
        request,
        { spec: resource.filters, values: filters, dayStart },
        resource.listExpand,
      );
      const list = await getParsed(api, `${resource.path}?${query}`, listOf(resource.item), signal);
      return { items: list.data, hasMore: list.has_more };
    },
    async retrieve(resource, id, signal) {
      const query = new URLSearchParams();
      for (const field of resource.detailExpand ?? []) query.append("expand[]", field);
      const url = `${resource.path}/${encodeURIComponent(id)}${query.size > 0 ? `?${query}` : ""}`;
      return getParsed(api, url, resource.item, signal);
    },
  };
}

const noResource = (): CallFailure => ({
  kind: "network",
  message: "This list names no API resource and gives no actor of its own.",
});

/** The kit's actors over the API: what `useComponentMachine` provides to kit machines. */
export function kitActors(api: Pick<Api, "get" | "download">): KitActors {
  const client = createResourceClient(api);
  return {
    listPage: fromPromise<Page<Identified>, ListPageInput<unknown>>(({ input, signal }) => {
      if (!input.resource) return Promise.reject(noResource());
      return client.list(input.resource, input.request, input.filters as FilterValues, signal);
    }),
    retrieveItem: fromPromise<Identified, RetrieveItemInput>(({ input, signal }) => {
      if (!input.resource) return Promise.reject(noResource());
      return client.retrieve(input.resource, input.id, signal);
    }),
    getObjects: fromPromise<Record<string, unknown>, GetObjectsInput>(async ({ input, signal }) =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(input).map(async ([key, { url, schema }]) => [
            key,
            await getParsed(api, url, schema, signal),
          ]),
        ),
      ),
    ),
    // One object (`GET url`, parsed with the schema the machine names): an account, a list.
    fetchResource: fromPromise<unknown, FetchResourceInput>(({ input, signal }) =>
      getParsed(api, input.url, input.schema, signal),
    ),
    // The kit's download machine: a file through the data layer, the key only in its header.
    fetchFile: fromPromise<File, { url: string }>(({ input }) => api.download(input.url)),
    // Text onto the clipboard (the UI config tool's export). A frame the platform did not
    // allow `clipboard-write` is refused: the machine's failure, and the view selects the text.
    copyText: fromPromise<void, { text: string }>(async ({ input }) => {
      // Asked first, so a frame without the permission fails quietly (no console error).
      const policy = (document as { featurePolicy?: { allowsFeature(f: string): boolean } })
        .featurePolicy;
      if (policy && !policy.allowsFeature("clipboard-write"))
        throw new Error("this frame may not write to the clipboard (clipboard-write)");
      await navigator.clipboard.writeText(input.text);
    }),
  };
}
