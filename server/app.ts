/**
 * The reference provider's API app, without a socket: `createApp({db, config})` for tests
 * (`app.request()`), served by `main.ts`. Routes are grouped by domain, each a small app
 * mounted here; the OpenAPI 3.1 document is generated from their zod schemas.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import type { Kysely } from "kysely";
import { openApiDocumentSchema } from "../protocol/objects/openapi-document.schema.ts";
import { provider } from "../protocol/provider.ts";
import { accountSessionsApp } from "./account-sessions/account-sessions.routes.ts";
import { accountApps } from "./accounts/index.ts";
import { defaultConfig, type ServerConfig } from "./config.ts";
import type { Database } from "./db/schema.ts";
import { documentsApp } from "./documents/documents.routes.ts";
import { embeddedApp } from "./embedded/embedded.routes.ts";
import { hostedDashboardPreviewApp } from "./embedded/hosted-dashboard-preview.routes.ts";
import { filesApp } from "./files/files.routes.ts";
import { supportedVersions } from "./http/auth.ts";
import { limitBody } from "./http/body-limit.ts";
import type { AppEnv, FaultHooks } from "./http/context.ts";
import { answerErrorsAsApi } from "./http/errors.ts";
import { declareResponse } from "./http/route.ts";
import { newId } from "./http/secrets.ts";
import type { Drain } from "./http/shutdown.ts";
import { moneyApps } from "./money/index.ts";
import { paymentMethodSettingsApp } from "./payment-method-settings/payment-method-settings.routes.ts";
import { reportingApp } from "./reporting/reporting.routes.ts";
import { reportsApp } from "./reports/reports.routes.ts";
import { sandboxApp } from "./sandbox/sandbox.routes.ts";
import { telemetryApp } from "./telemetry/telemetry.routes.ts";
import { claimApp } from "./users/claim.routes.ts";
import { signInApp } from "./users/sign-in.routes.ts";
import { usersApp } from "./users/users.routes.ts";
import { webhooksApp } from "./webhooks/webhooks.routes.ts";

export interface AppOptions {
  db: Kysely<Database>;
  config?: Partial<ServerConfig> | ServerConfig;
  /** Tests only: faults injected into writing requests (`http/context.ts`). */
  faults?: FaultHooks;
  /**
   * The served process's drain (`http/shutdown.ts`): counts the requests in flight, refuses
   * new ones once the process is shutting down, and keeps the cut-off ones from committing.
   */
  drain?: Drain;
  /** More domain apps to mount (built with `defineRoute`), after the built-in ones. */
  domains?: readonly OpenAPIHono<AppEnv>[];
}

export const openApiPath = "/v1/openapi.json";

export function createApp(options: AppOptions) {
  const config = defaultConfig(options.config);
  const deps = {
    db: options.db,
    config,
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.drain ? { shutdown: options.drain } : {}),
  };
  const app = new OpenAPIHono<AppEnv>();

  app.use("*", async (c, next) => {
    const requestId = newId("req");
    c.set("requestId", requestId);
    // On the wall clock until the caller is known (`http/auth.ts` applies its platform's clock).
    c.set("deps", deps);
    await next();
    c.header(provider.headers.requestId, requestId);
    c.header(
      provider.headers.version,
      c.req.header(provider.headers.version) ?? supportedVersions[0],
    );
  });

  // Once the process is shutting down, a new request is answered 503 before anything runs.
  if (options.drain) app.use("*", options.drain.middleware);

  // A body over the limit is refused before anything reads it, chunked or not.
  app.use("*", limitBody(config.maxBodyBytes));

  // Browsers may call the API only from the configured connect origin(s).
  app.use(
    "/v1/*",
    cors({
      origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
      allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "Accept-Language",
        provider.headers.account,
        provider.headers.version,
        provider.headers.livemode,
        provider.headers.merchantOverride,
        provider.headers.livemodeOverride,
        provider.headers.idempotencyKey,
      ],
      exposeHeaders: [
        provider.headers.requestId,
        "Idempotent-Replayed",
        "Original-Request",
        // A 429's and a 503's wait, which the data layer honours before it retries a GET.
        "Retry-After",
        // A download (a CSV export) names its file.
        "Content-Disposition",
      ],
      maxAge: 600,
    }),
  );

  for (const accounts of accountApps) app.route("/", accounts);
  app.route("/", accountSessionsApp);
  app.route("/", embeddedApp);
  app.route("/", hostedDashboardPreviewApp);
  app.route("/", usersApp);
  app.route("/", signInApp);
  app.route("/", claimApp);
  app.route("/", filesApp);
  app.route("/", telemetryApp);
  for (const money of moneyApps) app.route("/", money);
  app.route("/", reportingApp);
  app.route("/", reportsApp);
  app.route("/", documentsApp);
  app.route("/", paymentMethodSettingsApp);
  app.route("/", sandboxApp);
  app.route("/", webhooksApp);
  for (const domain of options.domains ?? []) app.route("/", domain);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
  });
  declareResponse("get", openApiPath, {
    status: 200,
    schema: openApiDocumentSchema,
    expandable: [],
  });
  app.get(openApiPath, (c) =>
    c.json(
      app.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: `${provider.name} API (reference provider)`,
          version: provider.apiVersion,
        },
        servers: [{ url: config.hosts.api }],
      }),
    ),
  );

  answerErrorsAsApi(app);

  return app;
}

export type App = ReturnType<typeof createApp>;
