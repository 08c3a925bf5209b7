/**
 * Telemetry intake (issue 3 item 4): the analytics, metrics and error reports the data layer
 * POSTs as JSON to the paths of `protocol/endpoints.ts`, kept one row per event, metric or
 * report, and listed for the platform with its secret key.
 *
 * Who sent it. The data layer posts telemetry without a key today, and the spec allows
 * beacons (which carry no header), so a keyless POST is accepted. A row is tied to an
 * account by the strongest thing the request carries: an account-session or user key
 * (attribution `key`), a publishable key (`key` for the platform; the account comes from the
 * account header or the session metadata if it is one of that platform's accounts), else the
 * session metadata alone when it names an existing account of the named platform
 * (`metadata`: unverified), else nothing (`none`, never listed). A secret key is refused: it
 * has no business in a browser.
 *
 * `defineRoute` takes form bodies only (JSON is a 415 there), so the three POSTs are declared
 * here with the same edge rules: the caller first, then the content type, the byte cap, the
 * strict schema (a 400 naming the field), and only then a write.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
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
import type { TelemetryAttribution, TelemetryKind, TelemetryRecordsTable } from "../db/schema.ts";
import { requireKind, resolvePrincipal } from "../http/auth.ts";
import type { AppEnv, Deps, Principal } from "../http/context.ts";
import { ApiError, invalidRequest } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { declareResponse, defineRoute, responseJsonSchema } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import { validate } from "../http/validate.ts";
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

export const telemetryApp = new OpenAPIHono<AppEnv>();

const intakeKinds = ["none", "publishable", "account_session", "user"] as const;

type SessionMetadata = { connected_account_id: string; platform_id: string } | null;

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

/** An account of `platformId`, not deleted; undefined otherwise. */
async function accountOf(deps: Deps, platformId: string, accountId: string) {
  return deps.db
    .selectFrom("accounts")
    .select(["id", "livemode"])
    .where("id", "=", accountId)
    .where("platform_id", "=", platformId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The account a row belongs to: from the key when there is one, else from the metadata. */
async function attribute(
  deps: Deps,
  principal: Principal,
  metadata: SessionMetadata,
): Promise<Attributed> {
  switch (principal.kind) {
    case "account_session":
    case "user":
      return {
        platform_id: principal.platformId,
        account_id: principal.accountId,
        livemode: principal.livemode,
        attribution: "key",
      };
    case "publishable": {
      let accountId = principal.accountId;
      if (accountId === null && metadata) {
        const account = await accountOf(deps, principal.platformId, metadata.connected_account_id);
        accountId = account?.id ?? null;
      }
      return {
        platform_id: principal.platformId,
        account_id: accountId,
        livemode: principal.livemode,
        attribution: "key",
      };
    }
    default: {
      if (!metadata) return unattributed;
      const account = await accountOf(deps, metadata.platform_id, metadata.connected_account_id);
      if (!account) return unattributed;
      return {
        platform_id: metadata.platform_id,
        account_id: account.id,
        livemode: account.livemode,
        attribution: "metadata",
      };
    }
  }
}

type NewRow = Omit<
  TelemetryRecordsTable,
  "id" | "created" | "request_id" | keyof Attributed | "data" | "session_metadata"
> & { data: Record<string, unknown>; session_metadata: Record<string, unknown> | null };

interface IntakeSpec<S extends z.ZodType> {
  path: string;
  kind: TelemetryKind;
  summary: string;
  schema: S;
  maxBytes: number;
  metadata(payload: z.output<S>): SessionMetadata;
  rows(payload: z.output<S>): NewRow[];
}

const unsupportedMediaType = () =>
  new ApiError(415, "invalid_request_error", "Telemetry bodies must be application/json.", {
    code: "content_type_invalid",
  });

const tooLarge = (max: number) =>
  new ApiError(413, "invalid_request_error", `The request body is larger than ${max} bytes.`, {
    code: "body_too_large",
  });

async function readJson(c: Context<AppEnv>, maxBytes: number): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw unsupportedMediaType();
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
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
      body: { content: { "application/json": { schema: spec.schema } }, required: true },
    },
    responses: {
      202: {
        description: "Received and kept",
        content: { "application/json": { schema: responseJsonSchema(telemetryReceiptSchema) } },
      },
      default: {
        description: "An error object",
        content: { "application/json": { schema: apiErrorResponseSchema } },
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
    const payload = validate(spec.schema, await readJson(c, spec.maxBytes));
    const who = await attribute(deps, principal, spec.metadata(payload));
    const created = deps.config.now();
    const rows = spec.rows(payload).map((row) => ({
      ...row,
      ...who,
      id: newId("tel"),
      data: JSON.stringify(row.data),
      session_metadata: row.session_metadata === null ? null : JSON.stringify(row.session_metadata),
      request_id: requestId,
      created,
    }));
    await deps.db.insertInto("telemetry_records").values(rows).execute();
    return c.json({ object: "telemetry_receipt" as const, received: rows.length }, 202);
  });
}

defineIntake({
  path: endpoints.analyticsIntake,
  kind: "analytics",
  summary: "Receive a batch of analytics events from the data layer",
  schema: analyticsPayloadSchema,
  maxBytes: ANALYTICS_INTAKE_MAX_BYTES,
  metadata: () => null,
  rows: (payload: AnalyticsPayload) =>
    payload.events.map((event) => ({
      kind: "analytics" as const,
      name: event.event_name,
      data: event,
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
  metadata: (payload: MetricsPayload) => payload.session_metadata,
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
  metadata: (payload: ErrorReportPayload) => payload.session_metadata,
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
});

type Row = Omit<TelemetryRecordsTable, "data" | "session_metadata"> & {
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
