/**
 * One way to declare an endpoint: its method, path, who may call it, and the zod schemas of
 * its path parameters, query and form body. The same declaration validates requests at the
 * edge (a 400 naming the parameter; nothing runs before validation passes) and feeds the
 * OpenAPI 3.1 document. POST and DELETE handlers run in one transaction each, with the
 * Idempotency-Key claim and the stored answer (`idempotency.ts`, `transaction.ts`).
 *
 * Hono's own form validator flattens `a[b]=1` into a key named "a[b]", so bodies are parsed
 * here (bounded bracket nesting, `form.ts`) and checked with strict zod objects.
 */
import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import { apiErrorResponseSchema } from "../../protocol/objects/api-error.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { Database } from "../db/schema.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { actingPrincipal, authenticate, requireKind } from "./auth.ts";
import { bodyTooLarge } from "./body-limit.ts";
import type { AppEnv, Deps, Principal, PrincipalKind } from "./context.ts";
import { type Deadline, withDeadline } from "./deadline.ts";
import { ApiError, databaseUnavailable, invalidRequest, permissionError } from "./errors.ts";
import { FormError, type FormValue, parseBracketed } from "./form.ts";
import { claimIdempotent, type IdempotencyOutcome, storeIdempotentAnswer } from "./idempotency.ts";
import { carriesKey } from "./key-bearing.ts";
import { shuttingDown } from "./shutdown.ts";
import { nestable, type RequestTransaction } from "./transaction.ts";
import { validate } from "./validate.ts";

type AnyObject = z.ZodObject | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface RouteSpec<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  K extends PrincipalKind,
  R extends z.core.$ZodType = z.core.$ZodType,
> {
  method: "get" | "post" | "delete";
  /** Hono syntax: `/v1/accounts/:id`. */
  path: string;
  summary: string;
  tags: string[];
  /** Who may call: `none` means no key is needed (a key, if sent, must still be valid). */
  auth: readonly K[];
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The success response: an object schema of `protocol/objects/` (classic or mini zod),
   * for the OpenAPI document and for the test that parses every route's real answer.
   */
  response: R;
  /**
   * The success answer's media type: JSON (the default), or a file a GET handler streams as
   * a `Response` of its own (a CSV export, a PDF; `response` is then its body's schema).
   */
  produces?: FileMediaType | "application/json";
  status?: 200 | 201;
  /** Dotted paths `expand[]` may name (READING.md; depth bounded by config). */
  expandable?: readonly string[];
  /**
   * For account-session keys: the endpoint belongs to these components; one of them must be
   * enabled in the claimed session (SPEC.md §5).
   */
  components?: readonly string[];
}

export interface RouteInput<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  K extends PrincipalKind,
> {
  c: Context<AppEnv>;
  deps: Deps;
  requestId: string;
  principal: Extract<Principal, { kind: K }>;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  expand: string[];
}

/** The media types of the files a GET route streams (`produces`). */
export type FileMediaType = "text/csv" | "application/pdf";

/** A handler answers its route's declared response type (or, for a file, a `Response`). */
export type RouteHandler<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  K extends PrincipalKind,
  R extends z.core.$ZodType = z.core.$ZodType,
> = (input: RouteInput<P, Q, B, K>) => Promise<z.output<R> | Response>;

/** Declares a route on `app` (a domain's small app) and registers it for OpenAPI. */
export function defineRoute<
  P extends AnyObject = undefined,
  Q extends AnyObject = undefined,
  B extends AnyObject = undefined,
  K extends PrincipalKind = PrincipalKind,
  R extends z.core.$ZodType = z.core.$ZodType,
>(app: OpenAPIHono<AppEnv>, spec: RouteSpec<P, Q, B, K, R>, handler: RouteHandler<P, Q, B, K, R>) {
  registerOpenApi(app, spec);
  declareResponse(spec.method, spec.path, {
    status: spec.status ?? 200,
    schema: spec.response,
    expandable: spec.expandable ?? [],
    mediaType: spec.produces ?? "application/json",
  });
  app.on(spec.method.toUpperCase(), spec.path, (c) =>
    withDeadline(c.get("deps").config.requestTimeoutMs, (deadline) =>
      answerRoute(c, spec, handler, deadline),
    ),
  );
}

/** Authenticates, validates and runs one request of a route (`defineRoute`). */
async function answerRoute<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  K extends PrincipalKind,
  R extends z.core.$ZodType,
>(
  c: Context<AppEnv>,
  spec: RouteSpec<P, Q, B, K, R>,
  handler: RouteHandler<P, Q, B, K, R>,
  deadline: Deadline,
): Promise<Response> {
  const requestId = c.get("requestId");
  // The caller, and the request's deps on the caller's platform's sandbox clock.
  const authenticated = await authenticate(c, c.get("deps"));
  const { deps } = authenticated;
  const principal = actingPrincipal(authenticated.principal, spec.auth);
  c.set("deps", deps);
  requireKind(principal, spec.auth);
  checkComponents(principal, spec.components);
  const raw = await readParameters(c, spec, deps);
  const { expand, rest } = takeExpand(spec, raw.values, deps.config.maxExpandDepth);
  const params = (spec.params ? validate(spec.params, c.req.param()) : {}) as Out<P>;
  const bodyOrQuery = spec.method === "post" ? spec.body : spec.query;
  const validated = bodyOrQuery ? validate(bodyOrQuery, rest) : rejectAll(rest);
  const query = (spec.method === "post" ? {} : validated) as Out<Q>;
  const body = (spec.method === "post" ? validated : {}) as Out<B>;
  const input: RouteInput<P, Q, B, K> = {
    c,
    deps,
    requestId,
    principal: principal as Extract<Principal, { kind: K }>,
    params,
    query,
    body,
    expand,
  };
  const status = spec.status ?? 200;
  if (spec.method === "get") {
    const result = await handler(input);
    if (spec.produces !== undefined && spec.produces !== "application/json") {
      if (result instanceof Response) return result;
    }
    return c.json(result, status);
  }
  const idempotencyKey = c.req.header(provider.headers.idempotencyKey);
  const scope = scopeOf(principal);
  const claim =
    spec.method === "post" && idempotencyKey !== undefined && scope !== undefined
      ? {
          scope,
          key: idempotencyKey,
          method: spec.method,
          path: c.req.path,
          params: raw.values,
          requestId,
          now: deps.config.now(),
          ttl: deps.config.idempotencyTtl,
        }
      : undefined;
  /** Claims the key, runs `work`, stores its answer: one transaction. */
  const transact = (work: (db: Kysely<Database>) => Promise<Answer>) =>
    inRequestTransaction(c, deps, deadline, async (request) => {
      const { db } = request;
      if (claim) {
        const outcome = await claimIdempotent(db, claim);
        if (outcome.kind === "replay") return outcome;
      }
      const done = await work(db);
      if (request.failed) {
        // A handler that went on after its block failed would answer for undone work.
        if (done.status < 400) throw new Error("a handler went on after its block failed");
        throw new RolledBack(done);
      }
      await deps.faults?.at("afterWork", { path: c.req.path, db });
      if (claim) {
        const stored = carriesKey(done.value) ? null : done.body;
        await storeIdempotentAnswer(db, claim.scope, claim.key, done.status, stored);
      }
      await deps.faults?.at("beforeCommit", { path: c.req.path, db });
      return done;
    });
  let answer: Answer | ReplayAnswer;
  try {
    answer = await transact((db) =>
      answerOf(() => handler({ ...input, deps: { ...deps, db } }), requestId, status),
    );
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    // The handler's first block failed: nothing of the request stays; its answer (a typed
    // error) is stored under the key in a transaction of its own.
    const { answer: failure } = error;
    answer = claim ? await transact(async () => failure) : failure;
  }
  await deps.faults?.at("afterCommit", { path: c.req.path });
  if ("originalRequestId" in answer) {
    return new Response(answer.body, {
      status: answer.status,
      headers: {
        "content-type": "application/json",
        "Idempotent-Replayed": "true",
        "Original-Request": answer.originalRequestId,
      },
    });
  }
  return new Response(answer.body, {
    status: answer.status,
    headers: { "content-type": "application/json" },
  });
}

interface Answer {
  status: number;
  body: string;
  /** The answer before serialising, to check it for keys. */
  value: unknown;
}

type ReplayAnswer = Extract<IdempotencyOutcome, { kind: "replay" }>;

/** Rolls the request's transaction back, then answers with `answer` (a typed error). */
class RolledBack extends Error {
  constructor(readonly answer: Answer) {
    super("the request's first transaction block failed");
  }
}

/**
 * Runs the handler: its result, or the typed error it threw (an `ApiError` is an answer,
 * and the work done before it stays, as a declined charge does). Any other error escapes
 * and rolls the request's transaction back.
 */
async function answerOf(
  run: () => Promise<unknown>,
  requestId: string,
  status: number,
): Promise<Answer> {
  try {
    const value = await run();
    return { status, body: JSON.stringify(value), value };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const value = error.toBody(requestId);
    // (When the error came out of a failed block, `route.ts` rolls the request back first.)
    return { status: error.status, body: JSON.stringify(value), value };
  }
}

/**
 * Runs `work` in the request's one transaction (`transaction.ts`): the handler's own
 * transactions become savepoints, every read it makes sees the same state, and nothing of
 * it commits unless all of it does.
 */
async function inRequestTransaction<T>(
  c: Context<AppEnv>,
  deps: Deps,
  deadline: Deadline,
  work: (request: RequestTransaction) => Promise<T>,
): Promise<T> {
  let committing = false;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const request = nestable(trx);
      c.set("deps", { ...deps, db: request.db });
      const result = await work(request);
      // Past its deadline (answered 503 already), the request rolls back instead
      // (`deadline.ts`); so does one cut off at the end of a shutdown's grace period
      // (`shutdown.ts`).
      if (deps.shutdown?.cut) throw shuttingDown();
      deadline.beginCommit();
      committing = true;
      return result;
    });
  } catch (error) {
    // The connection lost before COMMIT took the transaction with it: the error handler
    // answers 503 `database_unavailable`, nothing committed. Lost during COMMIT, the
    // outcome is unknown, and the answer says so.
    if (!committing || !isDatabaseUnavailable(error)) throw error;
    console.error(
      `[${c.get("requestId")}] database unavailable during COMMIT: ${(error as Error).message}`,
    );
    throw databaseUnavailable({ mayHaveCommitted: true });
  }
}

/** The idempotency scope: whose key, acting for which account. */
function scopeOf(principal: Principal): string | undefined {
  switch (principal.kind) {
    case "none":
      return undefined;
    case "account_session":
      return `account_session:${principal.accountSessionId}`;
    default:
      return `${principal.kind}:${principal.platformId}:${principal.accountId ?? ""}`;
  }
}

function checkComponents(principal: Principal, components: readonly string[] | undefined) {
  if (!components || principal.kind !== "account_session") return;
  if (components.some((name) => principal.components[name]?.enabled === true)) return;
  throw permissionError(
    `This account session does not enable the ${components.join(" or ")} component.`,
    "component_not_enabled",
  );
}

function rejectAll(values: Record<string, FormValue>): Record<string, never> {
  const [first] = Object.keys(values);
  if (first !== undefined) {
    throw invalidRequest(`Received unknown parameter: ${first}`, {
      code: "parameter_unknown",
      param: first,
    });
  }
  return {};
}

async function readParameters(
  c: Context<AppEnv>,
  spec: { method: string; query?: AnyObject },
  deps: Deps,
): Promise<{ values: Record<string, FormValue> }> {
  const limits = deps.config.form;
  const url = new URL(c.req.url);
  try {
    if (spec.method !== "post") return { values: parseBracketed(url.searchParams, limits) };
    if (url.search.length > 1) {
      const [first] = url.searchParams.keys();
      throw invalidRequest("POST parameters go in the form-encoded body, not the query string.", {
        code: "parameter_unknown",
        ...(first ? { param: first } : {}),
      });
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > deps.config.maxBodyBytes) throw bodyTooLarge(deps.config.maxBodyBytes);
    const text = await c.req.text();
    if (text.length > deps.config.maxBodyBytes) throw bodyTooLarge(deps.config.maxBodyBytes);
    if (text.length === 0) return { values: {} };
    if (type !== "application/x-www-form-urlencoded") {
      throw new ApiError(
        415,
        "invalid_request_error",
        "Request bodies must be application/x-www-form-urlencoded.",
        { code: "content_type_invalid" },
      );
    }
    return { values: parseBracketed(new URLSearchParams(text), limits) };
  } catch (error) {
    if (error instanceof FormError) {
      throw invalidRequest(error.message, { code: error.code, param: error.param });
    }
    throw error;
  }
}

/** Takes `expand[]` out of the parameters and checks each path against the route's list. */
function takeExpand(
  spec: { expandable?: readonly string[] },
  values: Record<string, FormValue>,
  maxDepth: number,
): { expand: string[]; rest: Record<string, FormValue> } {
  const { expand, ...rest } = values;
  if (expand === undefined) return { expand: [], rest };
  if (!Array.isArray(expand)) {
    throw invalidRequest("expand must be an array: expand[]=field", {
      code: "parameter_invalid",
      param: "expand",
    });
  }
  const paths = expand.map((path, i) => {
    const param = `expand[${i}]`;
    if (typeof path !== "string" || !/^[a-z_]+(?:\.[a-z_]+)*$/.test(path)) {
      throw invalidRequest(`Invalid ${param}: a dotted field path`, { param });
    }
    if (path.split(".").length > maxDepth) {
      throw invalidRequest(
        `You cannot expand more than ${maxDepth} levels of a property (${path}).`,
        { code: "expand_too_deep", param },
      );
    }
    if (!spec.expandable?.includes(path)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, {
        code: "parameter_invalid",
        param,
      });
    }
    return path;
  });
  return { expand: [...new Set(paths)], rest };
}

/** A route's declared success answer: its status, media type and the schema its body follows. */
export interface DeclaredResponse {
  status: number;
  schema: z.core.$ZodType;
  /** The `expand[]` paths the route accepts. */
  expandable: readonly string[];
  /** The body's media type (a CSV export answers text/csv, a PDF application/pdf; JSON when absent). */
  mediaType?: FileMediaType | "application/json";
}

const declared = new Map<string, DeclaredResponse>();
const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([A-Za-z_]+)\}/g, ":$1")}`;

/**
 * Records the response schema of a route (`defineRoute` does it; a route made otherwise
 * must call it), so a test can parse every route's real answer against it.
 */
export function declareResponse(method: string, path: string, response: DeclaredResponse) {
  declared.set(routeKey(method, path), response);
}

/** The declared response of `METHOD path` (Hono `:id` or OpenAPI `{id}` syntax). */
export const declaredResponse = (method: string, path: string) =>
  declared.get(routeKey(method, path));

/**
 * A response schema as OpenAPI 3.1 takes it: JSON Schema (2020-12) generated from the zod
 * definition, so a `zod/mini` object schema and a classic one are documented alike.
 */
export function responseJsonSchema(
  schema: z.core.$ZodType,
  io: "input" | "output" = "output",
): OpenApiSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  // JSON Schema 2020-12 is OpenAPI 3.1's schema dialect; the two libraries type it apart.
  return json as unknown as OpenApiSchema;
}

/** The error body every route may answer, documented from its (mini) schema. */
const apiErrorResponseJsonSchema = responseJsonSchema(apiErrorResponseSchema);

type ResponseContent = Extract<RouteConfig["responses"][string], { content?: unknown }>["content"];
type OpenApiSchema = Extract<NonNullable<ResponseContent>[string], { schema?: unknown }>["schema"];

const errorResponse = {
  description: "An error object",
  content: { "application/json": { schema: apiErrorResponseJsonSchema } },
};

/** Every call with a key counts against the key's rate limit (`rate-limit.ts`). */
const rateLimitedResponse = {
  description:
    "Too many requests with this key in one second (`rate_limit_error`, code `rate_limit`; the limit holds across API processes). Nothing ran: wait the seconds in Retry-After, then retry (with the same Idempotency-Key for a POST).",
  headers: {
    "Retry-After": {
      description: "Seconds to wait before retrying",
      schema: { type: "integer" as const, minimum: 1 },
    },
  },
  content: { "application/json": { schema: apiErrorResponseJsonSchema } },
};

/**
 * Past its deadline a request is answered 503 and rolled back (`deadline.ts`); one that
 * arrives while the process shuts down is answered 503 before it runs (`shutdown.ts`); one
 * the database could not serve (unreachable, the connection dropped) is answered 503 and
 * rolled back (`errors.ts`, `db/unavailable.ts`).
 */
const unavailableResponse = {
  description:
    "The request did not finish within the server's deadline (`api_error`, code `request_timeout`; 10 s by default), or it reached a server that is shutting down (`api_error`, code `shutting_down`, with `Connection: close`), or the database was unreachable or its connection dropped (`api_error`, code `database_unavailable`). Nothing of it was committed: retry after Retry-After seconds (with the same Idempotency-Key for a POST). (Only when the connection dropped during the commit itself does the `database_unavailable` message say it may have been committed: the same Idempotency-Key then replays it if it was.)",
  headers: {
    "Retry-After": {
      description: "Seconds to wait before retrying",
      schema: { type: "integer" as const, minimum: 1 },
    },
  },
  content: { "application/json": { schema: apiErrorResponseJsonSchema } },
};

const bodyTooLargeResponse = {
  description: "The request body is larger than the limit (`body_too_large`, 256 KB by default)",
  content: { "application/json": { schema: apiErrorResponseJsonSchema } },
};

function registerOpenApi(
  app: OpenAPIHono<AppEnv>,
  spec: RouteSpec<AnyObject, AnyObject, AnyObject, PrincipalKind>,
) {
  const path = spec.path.replace(/:([A-Za-z_]+)/g, "{$1}");
  const needsKey = !spec.auth.includes("none");
  app.openAPIRegistry.registerPath({
    method: spec.method,
    path,
    summary: spec.summary,
    tags: spec.tags,
    ...(needsKey ? { security: [{ bearerAuth: [] }] } : {}),
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.method !== "post" && spec.query ? { query: spec.query } : {}),
      ...(spec.method === "post" && spec.body
        ? {
            body: {
              content: { "application/x-www-form-urlencoded": { schema: spec.body } },
            },
          }
        : {}),
    },
    responses: {
      [spec.status ?? 200]: {
        description: spec.summary,
        content: {
          [spec.produces ?? "application/json"]: { schema: responseJsonSchema(spec.response) },
        },
      },
      ...(spec.method === "post" ? { 413: bodyTooLargeResponse } : {}),
      429: rateLimitedResponse,
      503: unavailableResponse,
      default: errorResponse,
    },
  });
}
