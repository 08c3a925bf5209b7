/**
 * Telemetry intake (issue 3 item 4): the analytics, metrics and error reports the data layer
 * POSTs as JSON to the paths of `protocol/endpoints.ts`, kept one row per event, metric or
 * report, and listed for the platform with its secret key.
 *
 * Who sent it (issue 14 item 9, docs/security.md). The data layer posts telemetry with the
 * session's key when it has one, and the spec allows beacons (which carry no header), so a
 * keyless POST is accepted. A row belongs only to what the key itself proves: an
 * account-session or user key gives its own platform and account (attribution `key`), a
 * publishable key its platform only; the caller's session metadata and account header are
 * kept as data, never trusted for attribution, and a keyless row belongs to nobody (`none`,
 * never listed). A secret key is refused: it has no business in a browser.
 *
 * Limits. Each writer — the key, or for a keyless POST the client address — may post
 * `telemetryLimits.requestsPerMinute` times a minute (429 after, nothing written), and the
 * rows kept are capped: per platform, and for the unattributed rows together, the oldest
 * beyond the cap are dropped as new ones arrive.
 *
 * `defineRoute` takes form bodies only (JSON is a 415 there), so the three POSTs are declared
 * here with the same edge rules: the caller first, then the content type, the byte cap, the
 * strict schema (a 400 naming the field), and only then a write.
 *
 * Bodies (issue 16). JSON, or a form body as the provider's analytics logger and beacons send
 * it (a CORS-simple request): analytics `events=<JSON array>&client_id=<id>`, metrics
 * `payload=<JSON>`, an error report `report=<JSON>`; each JSON field then meets the same
 * strict schema. Every row carries the sender's user agent parsed here (`user-agent.ts`:
 * browser, OS, device class, bot), and the listings take `bots=exclude` (or `only`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ExpressionBuilder } from "kysely";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import { apiErrorResponseSchema } from "../../protocol/objects/api-error.schema.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import {
  type TelemetryRecord,
  telemetryObjectNames,
  telemetryReceiptSchema,
  telemetryRecordSchema,
} from "../../protocol/objects/telemetry-record.schema.ts";
import type {
  Database,
  TelemetryAttribution,
  TelemetryKind,
  TelemetryRecordsTable,
} from "../db/schema.ts";
import { requireKind, resolvePrincipal } from "../http/auth.ts";
import type { AppEnv, Deps, Principal } from "../http/context.ts";
import { ApiError, invalidRequest } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { takeSlot } from "../http/rate-limit.ts";
import { declareResponse, defineRoute, responseJsonSchema } from "../http/route.ts";
import { newId, sha256 } from "../http/secrets.ts";
import { validate } from "../http/validate.ts";
import { clientAddress } from "../users/sign-in.routes.ts";
import {
  ANALYTICS_INTAKE_MAX_BYTES,
  type AnalyticsPayload,
  analyticsPayloadSchema,
  ERRORS_INTAKE_MAX_BYTES,
  type ErrorReportPayload,
  errorReportPayloadSchema,
  METRICS_INTAKE_MAX_BYTES,
  type MetricsPayload,
  metricsPayloadSchema,
} from "./telemetry.schema.ts";
import { parseUserAgent } from "./user-agent.ts";

export const telemetryApp = new OpenAPIHono<AppEnv>();

const intakeKinds = ["none", "publishable", "account_session", "user"] as const;

interface Attributed {
  platform_id: string | null;
  account_id: string | null;
  livemode: boolean;
  attribution: TelemetryAttribution;
}

const unattributed: Attributed = {
  platform_id: null,
  account_id: null,
  livemode: false,
  attribution: "none",
};

/** What the key proves, and only that. */
function attribute(principal: Principal): Attributed {
  switch (principal.kind) {
    case "account_session":
    case "user":
      return {
        platform_id: principal.platformId,
        account_id: principal.accountId,
        livemode: principal.livemode,
        attribution: "key",
      };
    case "publishable":
      return {
        platform_id: principal.platformId,
        account_id: null,
        livemode: principal.livemode,
        attribution: "key",
      };
    default:
      return unattributed;
  }
}

export const telemetryLimits = {
  /** POSTs per writer (key, or client address when keyless) per minute. */
  requestsPerMinute: 120,
  /** Rows kept per platform; the oldest beyond are dropped. */
  rowsPerPlatform: 100_000,
  /** Unattributed (keyless) rows kept, all writers together. */
  unattributedRows: 10_000,
} as const;

const telemetryRateLimited = () =>
  new ApiError(429, "rate_limit_error", "Too many telemetry requests. Slow down.", {
    code: "rate_limited",
  });

/** The writer a rate limit counts: the key's own id, the platform's, or the client address. */
function writerScope(c: Context<AppEnv>, deps: Deps, principal: Principal): string {
  switch (principal.kind) {
    case "account_session":
    case "user":
    case "embedded_flags":
      return `telemetry:key:${principal.keyId}`;
    case "publishable":
    case "secret":
      return `telemetry:platform:${principal.platformId}:${principal.livemode}`;
    default:
      return `telemetry:client:${clientAddress(c, deps.config.trustedProxies)}`;
  }
}

/** Drops the oldest rows of `platformId` (null: the unattributed ones) beyond the cap. */
async function prune(deps: Deps, platformId: string | null) {
  const cap =
    platformId === null ? telemetryLimits.unattributedRows : telemetryLimits.rowsPerPlatform;
  const owner = (eb: ExpressionBuilder<Database, "telemetry_records">) =>
    platformId === null ? eb("platform_id", "is", null) : eb("platform_id", "=", platformId);
  await deps.db
    .deleteFrom("telemetry_records")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("telemetry_records")
        .select("id")
        .where(owner)
        .orderBy("created", "desc")
        .orderBy("id", "desc")
        .offset(cap),
    )
    .execute();
}

type NewRow = Omit<
  TelemetryRecordsTable,
  | "id"
  | "created"
  | "request_id"
  | keyof Attributed
  | "data"
  | "session_metadata"
  | "browser"
  | "os"
  | "device_class"
  | "is_bot"
> & { data: Record<string, unknown>; session_metadata: Record<string, unknown> | null };

interface IntakeSpec<S extends z.ZodType> {
  path: string;
  kind: TelemetryKind;
  summary: string;
  schema: S;
  maxBytes: number;
  /** The payload of a form body (its JSON fields parsed), before the schema. */
  fromForm(form: URLSearchParams): unknown;
  rows(payload: z.output<S>): NewRow[];
}

const unsupportedMediaType = () =>
  new ApiError(
    415,
    "invalid_request_error",
    "Telemetry bodies must be application/json or application/x-www-form-urlencoded.",
    { code: "content_type_invalid" },
  );

/** A form field holding JSON; a 400 naming the field when it does not parse. */
export function jsonField(form: URLSearchParams, name: string): unknown {
  const raw = form.get(name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidRequest(`The ${name} field is not valid JSON.`, {
      code: "json_invalid",
      param: name,
    });
  }
}

const tooLarge = (max: number) =>
  new ApiError(413, "invalid_request_error", `The request body is larger than ${max} bytes.`, {
    code: "body_too_large",
  });

async function readBody(
  c: Context<AppEnv>,
  maxBytes: number,
  fromForm: (form: URLSearchParams) => unknown,
): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const form = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !form) throw unsupportedMediaType();
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalidRequest("The request body is not valid UTF-8.", { code: "json_invalid" });
  }
  if (form) return fromForm(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest("The request body is not valid JSON.", { code: "json_invalid" });
  }
}

function defineIntake<S extends z.ZodType>(spec: IntakeSpec<S>) {
  telemetryApp.openAPIRegistry.registerPath({
    method: "post",
    path: spec.path,
    summary: spec.summary,
    tags: ["Telemetry"],
    request: {
      body: {
        content: {
          "application/json": { schema: responseJsonSchema(spec.schema, "input") },
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              description:
                "The same payload, its JSON in form fields (analytics: events, client_id; metrics: payload; errors: report).",
            },
          },
        },
        required: true,
      },
    },
    responses: {
      202: {
        description: "Received and kept",
        content: { "application/json": { schema: responseJsonSchema(telemetryReceiptSchema) } },
      },
      default: {
        description: "An error object",
        content: { "application/json": { schema: responseJsonSchema(apiErrorResponseSchema) } },
      },
    },
  });
  declareResponse("post", spec.path, {
    status: 202,
    schema: telemetryReceiptSchema,
    expandable: [],
  });
  telemetryApp.post(spec.path, async (c) => {
    const deps = c.get("deps");
    const requestId = c.get("requestId");
    const principal = await resolvePrincipal(c, deps);
    requireKind(principal, intakeKinds);
    const created = deps.config.now();
    const used = await takeSlot(deps.db, sha256(writerScope(c, deps, principal)), created, 60);
    if (used > telemetryLimits.requestsPerMinute) throw telemetryRateLimited();
    const payload = validate(spec.schema, await readBody(c, spec.maxBytes, spec.fromForm));
    const who = attribute(principal);
    const agent = parseUserAgent(c.req.header("user-agent"));
    const rows = spec.rows(payload).map((row) => ({
      ...row,
      ...who,
      browser: agent.browser,
      os: agent.os,
      device_class: agent.device_class,
      is_bot: agent.bot,
      id: newId("tel"),
      data: JSON.stringify(row.data),
      session_metadata: row.session_metadata === null ? null : JSON.stringify(row.session_metadata),
      request_id: requestId,
      created,
    }));
    await deps.db.insertInto("telemetry_records").values(rows).execute();
    await prune(deps, who.platform_id);
    return c.json({ object: "telemetry_receipt" as const, received: rows.length }, 202);
  });
}

defineIntake({
  path: endpoints.analyticsIntake,
  kind: "analytics",
  summary: "Receive a batch of analytics events from the data layer",
  schema: analyticsPayloadSchema,
  maxBytes: ANALYTICS_INTAKE_MAX_BYTES,
  fromForm: (form) => {
    const clientId = form.get("client_id");
    return { events: jsonField(form, "events"), ...(clientId ? { client_id: clientId } : {}) };
  },
  rows: (payload: AnalyticsPayload) =>
    payload.events.map((event) => ({
      kind: "analytics" as const,
      name: event.event_name,
      data: payload.client_id ? { ...event, client_id: payload.client_id } : event,
      session_metadata: null,
      host_env: null,
    })),
});

defineIntake({
  path: endpoints.metricsIntake,
  kind: "metric",
  summary: "Receive metrics with the session metadata and host_env",
  schema: metricsPayloadSchema,
  maxBytes: METRICS_INTAKE_MAX_BYTES,
  fromForm: (form) => jsonField(form, "payload"),
  rows: (payload: MetricsPayload) =>
    payload.metrics.map((metric) => ({
      kind: "metric" as const,
      name: metric.name,
      data: metric,
      session_metadata: payload.session_metadata,
      host_env: payload.host_env,
    })),
});

defineIntake({
  path: endpoints.errorIntake,
  kind: "error",
  summary: "Receive an error report (owner, level, tags) from the data layer",
  schema: errorReportPayloadSchema,
  maxBytes: ERRORS_INTAKE_MAX_BYTES,
  fromForm: (form) => jsonField(form, "report"),
  rows: (payload: ErrorReportPayload) => {
    const { session_metadata, host_env, ...report } = payload;
    return [
      {
        kind: "error" as const,
        name: report.error.name,
        data: report,
        session_metadata,
        host_env,
      },
    ];
  },
});

// ---------------------------------------------------------------------------------------------
// The platform's view: GET on the same paths, secret key, newest first
// ---------------------------------------------------------------------------------------------

const listQuery = z.strictObject({
  ...listQueryShape,
  /** Only this connected account's rows (the account header does the same). */
  account: z.string().min(1).max(255).optional(),
  /** Only rows with this event, metric or error name. */
  name: z.string().min(1).max(200).optional(),
  /** `exclude`: leave out what bots sent; `only`: nothing else; `include` (default): all. */
  bots: z.enum(["include", "exclude", "only"]).optional(),
});

type Row = Omit<TelemetryRecordsTable, "data" | "session_metadata" | "is_bot"> & {
  is_bot: boolean;
  data: Record<string, unknown>;
  session_metadata: Record<string, unknown> | null;
};

const render = (row: Row): TelemetryRecord => ({
  id: row.id,
  object: telemetryObjectNames[row.kind],
  created: row.created,
  livemode: row.livemode,
  account: row.account_id,
  attribution: row.attribution,
  name: row.name,
  data: row.data,
  session_metadata: row.session_metadata,
  host_env: row.host_env,
  request_id: row.request_id,
  user_agent:
    row.browser === null && row.os === null && row.device_class === null
      ? null
      : { browser: row.browser, os: row.os, device_class: row.device_class, bot: row.is_bot },
});

const listPaths: { path: string; kind: TelemetryKind; what: string }[] = [
  { path: endpoints.analyticsIntake, kind: "analytics", what: "analytics events" },
  { path: endpoints.metricsIntake, kind: "metric", what: "metrics" },
  { path: endpoints.errorIntake, kind: "error", what: "error reports" },
];

for (const { path, kind, what } of listPaths) {
  defineRoute(
    telemetryApp,
    {
      method: "get",
      path,
      summary: `List the ${what} received from the platform's embedded components`,
      tags: ["Telemetry"],
      auth: ["secret"],
      query: listQuery,
      response: listOf(telemetryRecordSchema),
    },
    async ({ deps, principal, query }) => {
      if (
        query.account !== undefined &&
        principal.accountId !== null &&
        query.account !== principal.accountId
      ) {
        throw invalidRequest("account and the account header name different accounts.", {
          code: "parameter_invalid",
          param: "account",
        });
      }
      const account = query.account ?? principal.accountId ?? undefined;
      const scoped = () => {
        let q = deps.db
          .selectFrom("telemetry_records")
          .selectAll()
          .where("platform_id", "=", principal.platformId)
          .where("kind", "=", kind)
          .where("livemode", "=", principal.livemode);
        if (account !== undefined) q = q.where("account_id", "=", account);
        if (query.name !== undefined) q = q.where("name", "=", query.name);
        if (query.bots === "exclude") q = q.where("is_bot", "=", false);
        if (query.bots === "only") q = q.where("is_bot", "=", true);
        return q;
      };
      return listPage({
        query,
        url: path,
        lookup: (id) =>
          deps.db
            .selectFrom("telemetry_records")
            .select(["created", "id"])
            .where("id", "=", id)
            .where("platform_id", "=", principal.platformId)
            .where("kind", "=", kind)
            .executeTakeFirst(),
        fetch: async (page) => {
          let q = scoped();
          if (page.cursor)
            q = q.where(keysetCondition("telemetry_records", page.cursor, page.direction));
          const order = keysetOrder(page.direction);
          return (await q
            .orderBy("created", order)
            .orderBy("id", order)
            .limit(page.fetch)
            .execute()) as Row[];
        },
        render,
      });
    },
  );
}
