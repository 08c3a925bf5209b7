/**
 * Every route of the API host answers what it declares: a walk through the API, as a
 * platform and its embedded components would use it, calls each route the app mounts
 * (enumerated from the app itself, so a new route cannot be missed), and parses each real
 * answer against the route's declared response schema (`protocol/objects/`), strictly: an
 * unknown or missing field fails. Expandable fields are also called with every `expand[]`
 * path at once, so the expanded objects are checked too.
 */

import { describe, expect, it } from "vitest";
import { endpoints } from "../protocol/endpoints.ts";
import { safeParseMessage } from "../protocol/parse.ts";
import { openApiPath } from "./app.ts";
import { storeFile } from "./files/files.ts";
import { declaredResponse } from "./http/route.ts";
import { failingBankAccount, sandboxBankAccount } from "./money/money-test.ts";
import { type Called, type CallOptions, testApi } from "./test/api.ts";
import { setupTestDatabase } from "./test/db.ts";
import { challengeContext, riskFormBody } from "./test/interventions.ts";
import { createWebhookWorker } from "./webhooks/worker.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** `METHOD /v1/a/:id` for every handler the app mounts (middleware aside). */
function mountedRoutes(): string[] {
  const keys = api.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
}

const patternOf = (route: string) => {
  const [method, path] = route.split(" ") as [string, string];
  const source = path.replace(/:[A-Za-z_]+/g, "[^/]+");
  return { method, path, regex: new RegExp(`^${source}$`) };
};

class Walk {
  readonly routes = mountedRoutes().map(patternOf);
  readonly called = new Set<string>();
  readonly problems: string[] = [];

  /** Calls a route, expects its declared success, and parses the answer with its schema. */
  async call(method: string, url: string, options: CallOptions = {}): Promise<Called> {
    const path = url.split("?")[0]!;
    const route = this.routes.find((r) => r.method === method && r.regex.test(path));
    if (!route) throw new Error(`${method} ${path} is no route of the app`);
    this.called.add(`${route.method} ${route.path}`);
    const r = await api.call(method, url, options);
    const declared = declaredResponse(route.method, route.path);
    const where = `${method} ${url}`;
    if (!declared) {
      this.problems.push(`${route.method} ${route.path}: no declared response schema`);
      return r;
    }
    expect(r.status, `${where}: ${JSON.stringify(r.body)}`).toBe(declared.status);
    const mediaType = (r.headers.get("content-type") ?? "").split(";")[0];
    if (mediaType !== (declared.mediaType ?? "application/json")) {
      this.problems.push(`${where}: answered ${mediaType}, declared ${declared.mediaType}`);
    }
    const parsed = safeParseMessage(declared.schema, r.body);
    if (!parsed.ok) this.problems.push(`${where}: ${parsed.error.message}`);
    return r;
  }

  /** A GET, then the same GET with every `expand[]` path the route accepts. */
  async read(url: string, options: CallOptions = {}): Promise<Called> {
    const r = await this.call("GET", url, options);
    const route = this.routes.find((p) => p.method === "GET" && p.regex.test(url));
    const expandable = route ? (declaredResponse("GET", route.path)?.expandable ?? []) : [];
    if (expandable.length > 0) {
      const expanded = await this.call("GET", url, {
        ...options,
        params: { ...options.params, expand: [...expandable] },
      });
      for (const path of expandable) {
        const field = path.replace(/^data\./, "");
        const objects = path.startsWith("data.") ? expanded.body.data : [expanded.body];
        // An expanded field is an object wherever it names one (or null).
        for (const object of objects) {
          const value = object[field];
          if (typeof value === "string") this.problems.push(`${url}: ${path} not expanded`);
        }
      }
    }
    return r;
  }

  post = (url: string, options: CallOptions = {}) => this.call("POST", url, options);
  del = (url: string, options: CallOptions = {}) => this.call("DELETE", url, options);
}

const json = (payload: unknown, key?: string): CallOptions => ({
  body: JSON.stringify(payload),
  headers: { "Content-Type": "application/json" },
  ...(key ? { key } : {}),
});

describe("the API host's routes", () => {
  it("every mounted route is called and its real answer parses against its declared schema", async () => {
    const walk = new Walk();
    const p = await api.platform();
    const sk = { key: p.secretKey };

    // The sandbox: a reset (accounts only), the clock.
    await walk.post("/v1/test_helpers/sandbox/reset", { ...sk, params: { payments: 0 } });
    await walk.read("/v1/test_helpers/clock", sk);

    // Accounts: an individual with a bank account, a company; read, update, list.
    const account = await walk.post("/v1/accounts", {
      ...sk,
      params: {
        type: "custom",
        business_type: "individual",
        individual: { first_name: "Ada", last_name: "Lovelace" },
        external_account: sandboxBankAccount,
        // The provider bears its losses, so it may add funds (top-ups).
        controller: { losses: { payments: "provider" } },
      },
    });
    const accountId = account.body.id as string;
    const company = await walk.post("/v1/accounts", {
      ...sk,
      params: { type: "express", business_type: "company", company: { name: "Acme" } },
    });
    await walk.read(`/v1/accounts/${accountId}`, sk);
    await walk.post(`/v1/accounts/${accountId}`, { ...sk, params: { metadata: { walk: "1" } } });
    await walk.read("/v1/accounts", sk);
    await walk.read(`/v1/accounts/${company.body.id}`, sk);

    // Persons.
    const person = await walk.post(`/v1/accounts/${company.body.id}/persons`, {
      ...sk,
      params: { first_name: "Grace", relationship: { director: true } },
    });
    const personPath = `/v1/accounts/${company.body.id}/persons/${person.body.id}`;
    await walk.read(personPath, sk);
    await walk.post(personPath, { ...sk, params: { last_name: "Hopper" } });
    await walk.read(`/v1/accounts/${company.body.id}/persons`, sk);
    await walk.del(personPath, sk);

    // External accounts: a debit card besides the bank account.
    const card = await walk.post(`/v1/accounts/${accountId}/external_accounts`, {
      ...sk,
      params: { external_account: "tok_visa_debit" },
    });
    const cardPath = `/v1/accounts/${accountId}/external_accounts/${card.body.id}`;
    await walk.read(cardPath, sk);
    await walk.post(cardPath, { ...sk, params: { metadata: { walk: "1" } } });
    await walk.read(`/v1/accounts/${accountId}/external_accounts`, sk);
    await walk.del(cardPath, sk);

    // Risk interventions (test helpers).
    const intervention = await walk.post(
      `/v1/test_helpers/accounts/${company.body.id}/risk_interventions`,
      { ...sk, params: { reason: "Walk", deadline: api.clock.now + 86_400 } },
    );
    await walk.post(
      `/v1/test_helpers/accounts/${company.body.id}/risk_interventions/${intervention.body.id}/resolve`,
      sk,
    );

    // Account sessions: created (and with its account expanded), claimed.
    const components = {
      account_management: { enabled: true },
      account_onboarding: { enabled: true },
      notification_banner: { enabled: true },
      payments: {
        enabled: true,
        features: { refund_management: true, dispute_management: true, capture_payments: true },
      },
      payouts: {
        enabled: true,
        features: { instant_payouts: true, standard_payouts: true, edit_payout_schedule: true },
      },
    };
    await walk.post("/v1/account_sessions", {
      ...sk,
      params: { account: accountId, components, expand: ["account"] },
    });
    const session = await walk.post("/v1/account_sessions", {
      ...sk,
      params: { account: accountId, components },
    });
    const claimed = await walk.post(endpoints.claim, {
      params: { client_secret: session.body.client_secret, key: p.publishableKey },
    });
    const sessionKey = { key: claimed.body.api_key as string };

    // The session's own calls.
    await walk.read(`${endpoints.retrieveEmbeddedFlags}?platform_id=${p.platform.id}`, sk);
    await walk.post(endpoints.riskSignals, sessionKey);
    // A challenge started, and answered with the code the account's user received (read as
    // a platform's test would): an external_account key.
    const passChallenge = async () => {
      await walk.post(endpoints.requiresExternalAccountVerification, sessionKey);
      const sent = await walk.read(
        `${endpoints.externalAccountChallengeCode}?account=${accountId}`,
        sk,
      );
      return walk.post(endpoints.externalAccountChallenge, {
        ...sessionKey,
        params: { code: sent.body.code },
      });
    };
    const challenge = await passChallenge();
    await walk.read(endpoints.identityChallenge, sessionKey);
    await walk.post(endpoints.embeddedAuthenticationLinks, sessionKey);
    await walk.read("/v1/account", sessionKey);
    // The hosted dashboard's pages under a platform's branding (the hosted dashboard preview).
    await walk.read("/v1/embedded/hosted_dashboard_preview", {
      ...sessionKey,
      params: { display_name: "Walk", icon: "https://cdn.example.com/walk.png" },
    });
    // The notification banner: the account's open interventions, one answered.
    const due = await walk.post(`/v1/test_helpers/accounts/${accountId}/risk_interventions`, {
      ...sk,
      params: { reason: "Walk the banner" },
    });
    await walk.read("/v1/account/risk_interventions", sessionKey);
    await walk.post(`/v1/account/risk_interventions/${due.body.id}/submit`, {
      ...sessionKey,
      params: riskFormBody(due.body.id),
    });
    // An identity challenge of the account's individual, answered with a document; the
    // platform reads it back.
    const individualId = (account.body.individual as { id: string }).id;
    const identity = await walk.post(`/v1/test_helpers/accounts/${accountId}/risk_interventions`, {
      ...sk,
      params: { reason: "Walk the challenge", kind: "identity_verification", person: individualId },
    });
    await walk.post(`/v1/account/risk_interventions/${identity.body.id}/verify_identity`, {
      ...sessionKey,
      params: {
        document: { front: "file_identity_document_success" },
        context: challengeContext(identity.body.id),
      },
    });
    await walk.read(`/v1/accounts/${accountId}/risk_interventions/${identity.body.id}`, sk);
    await walk.post("/v1/account", {
      key: challenge.body.key,
      params: { default_currency: "usd" },
    });
    // Bank connections: the institutions listed, one's account linked with a new key.
    const institutions = await walk.read(endpoints.bankConnectionInstitutions, {
      ...sessionKey,
      params: { country: "US", currency: "usd" },
    });
    const linking = await passChallenge();
    const linked = await walk.post(`/v1/accounts/${accountId}/external_accounts`, {
      key: linking.body.key,
      params: {
        bank_connection: {
          institution: institutions.body.data[0].id,
          account: institutions.body.data[0].accounts[1].id,
          currency: "usd",
        },
        default_for_currency: true,
      },
    });
    expect(linked.body.status).toBe("verified");

    // A provider user: the account's claim (its code read as a platform's test would), the
    // sign-in popup, the exchange, the user, logging out.
    await walk.read(endpoints.accountClaim, sessionKey);
    await walk.post(endpoints.accountClaim, {
      ...sessionKey,
      params: { email: "ada@example.com", password: "correct horse 1" },
    });
    const claimCode = await walk.read(`${endpoints.accountClaimCode}?account=${accountId}`, sk);
    await walk.post(endpoints.accountClaimVerify, {
      ...sessionKey,
      params: { code: claimCode.body.code },
    });
    const popup = await walk.post(endpoints.connectSignIn, {
      params: { email: "ada@example.com", password: "correct horse 1", account: accountId },
    });
    const exchanged = await walk.post(endpoints.userAuthedKey, {
      ...sessionKey,
      params: { embedded_api_key: popup.body.api_key },
    });
    const userKey = { key: exchanged.body.embedded_session_api_key as string };
    await walk.read(endpoints.connectUser, userKey);
    // Logging out without a user key revokes the refresh token's family.
    await walk.post(endpoints.revokeRefreshToken, {
      ...sessionKey,
      params: { refresh_token: exchanged.body.embedded_user_session_refresh_token },
    });
    await walk.del(endpoints.connectSession, userKey);

    // Files: metadata on the API host.
    const file = await storeFile(
      t.db,
      { kind: "secret", platformId: p.platform.id, accountId, livemode: false },
      {
        purpose: "dispute_evidence",
        filename: "receipt.pdf",
        bytes: new TextEncoder().encode("%PDF-1.4 walk"),
      },
      api.clock.now,
    );
    await walk.read(`/v1/files/${file.id}`, sk);

    // Telemetry: the three intakes and their listings.
    await walk.post(
      endpoints.analyticsIntake,
      json({ events: [{ event_name: "walk_event", properties: {}, page_path: null, created: 1 }] }),
    );
    const metric = { name: "component.load", kind: "timing", value: 1, tags: {} };
    await walk.post(
      endpoints.metricsIntake,
      json({ metrics: [metric], session_metadata: null, host_env: "prod" }),
    );
    await walk.post(
      endpoints.errorIntake,
      json({
        error: { name: "TypeError", message: "walk", stack: "at walk" },
        level: "error",
        owner: "accounts_ui",
        tags: {},
        session_metadata: null,
        host_env: "prod",
      }),
    );
    for (const path of [endpoints.analyticsIntake, endpoints.metricsIntake, endpoints.errorIntake])
      await walk.read(path, sk);

    // A webhook endpoint receives every event the walk makes from here on.
    const hook = await walk.post("/v1/webhook_endpoints", {
      ...sk,
      params: { url: "https://platform.example/webhooks", enabled_events: ["*"] },
    });

    // Money, acting for the account: a manual schedule, charges, a capture, refunds.
    const as = { ...sk, headers: { [api.headers.account]: accountId } };
    await walk.read("/v1/payout_schedule", as);
    await walk.post("/v1/payout_schedule", { ...as, params: { interval: "manual" } });
    const charge = (params: Record<string, unknown>) =>
      walk.post("/v1/charges", {
        ...as,
        params: { amount: 10_000, currency: "usd", payment_method: "pm_card_visa", ...params },
      });
    const paid = await charge({ customer: { email: "c@example.com" } });
    const held = await charge({ capture: false });
    const disputed = await charge({});
    const inquired = await charge({});
    await walk.post(`/v1/charges/${held.body.id}/capture`, as);
    const released = await charge({ capture: false });
    await walk.post(`/v1/charges/${released.body.id}/cancel`, as);
    await walk.read("/v1/exports/charges", { ...as, params: { amount: { gte: 1 } } });
    await walk.read(`/v1/charges/${paid.body.id}`, as);
    await walk.read("/v1/charges", as);
    const refund = await walk.post("/v1/refunds", {
      ...as,
      params: { charge: paid.body.id, amount: 1_000 },
    });
    await walk.read(`/v1/refunds/${refund.body.id}`, as);
    await walk.read("/v1/refunds", as);
    // The reporting charts' volume, summed by the provider.
    await walk.read("/v1/reporting/volume", {
      ...as,
      params: { report_name: "net_volume", interval_type: "week", time_zone: "Europe/Paris" },
    });

    // Disputes: evidence submitted and won; an inquiry escalated then accepted.
    const dispute = await walk.post(`/v1/test_helpers/charges/${disputed.body.id}/dispute`, as);
    await walk.post(`/v1/disputes/${dispute.body.id}`, {
      ...as,
      params: { evidence: { product_description: "A walk" }, submit: true },
    });
    await walk.post(`/v1/test_helpers/disputes/${dispute.body.id}/resolve`, {
      ...as,
      params: { outcome: "won" },
    });
    const inquiry = await walk.post(`/v1/test_helpers/charges/${inquired.body.id}/dispute`, {
      ...as,
      params: { status: "warning_needs_response" },
    });
    await walk.post(`/v1/test_helpers/disputes/${inquiry.body.id}/escalate`, as);
    await walk.post(`/v1/disputes/${inquiry.body.id}/close`, as);
    await walk.read(`/v1/disputes/${dispute.body.id}`, as);
    await walk.read("/v1/disputes", as);
    await walk.read("/v1/exports/disputes", { ...as, params: { status: ["lost", "won"] } });

    // Funds become available; payouts (one canceled), the balance and its transactions.
    await walk.post("/v1/test_helpers/clock/advance", { ...sk, params: { seconds: 5 * 86_400 } });
    const payout = await walk.post("/v1/payouts", { ...as, params: { amount: 1_000 } });
    const canceled = await walk.post("/v1/payouts", { ...as, params: { amount: 500 } });
    await walk.post(`/v1/payouts/${canceled.body.id}/cancel`, as);
    // A pending payout the sandbox bank will return (read once failed, below).
    const returned = await walk.post("/v1/payouts", { ...as, params: { amount: 300 } });
    await walk.post(`/v1/test_helpers/payouts/${returned.body.id}/fail`, {
      ...as,
      params: { failure_code: "no_account" },
    });
    // A payout to the failing test bank account, read once it failed.
    await walk.post(`/v1/accounts/${accountId}/external_accounts`, {
      ...sk,
      params: { external_account: failingBankAccount, default_for_currency: true },
    });
    const failing = await walk.post("/v1/payouts", { ...as, params: { amount: 700 } });
    api.clock.now += 2 * 86_400;
    const failed = await walk.read(`/v1/payouts/${failing.body.id}`, as);
    expect(failed.body.status).toBe("failed");
    const returnedLater = await walk.read(`/v1/payouts/${returned.body.id}`, as);
    expect(returnedLater.body).toMatchObject({ status: "failed", failure_code: "no_account" });
    await walk.read(`/v1/payouts/${payout.body.id}`, as);
    await walk.read("/v1/payouts", as);
    await walk.read("/v1/balance", as);
    await walk.read(`/v1/balance_transactions/${payout.body.balance_transaction}`, as);
    await walk.read("/v1/balance_transactions", as);
    // A top-up from the payout bank account, pending in the ledger.
    const topup = await walk.post("/v1/topups", { ...as, params: { amount: 2_000 } });
    await walk.read(`/v1/topups/${topup.body.id}`, as);
    await walk.read("/v1/topups", as);
    // What a payout settled; payouts filtered and exported; the reports of the last 30 days.
    await walk.read("/v1/balance_transactions", { ...as, params: { payout: payout.body.id } });
    await walk.read("/v1/payouts", { ...as, params: { status: ["failed"], amount: { gte: 1 } } });
    await walk.read("/v1/exports/payouts", { ...as, params: { status: ["failed", "paid"] } });
    const period = { interval_start: api.clock.now - 30 * 86_400, interval_end: api.clock.now };
    await walk.read("/v1/reports/balance", { ...as, params: period });
    await walk.read("/v1/exports/balance_report", { ...as, params: period });
    await walk.read("/v1/reports/payout_reconciliation", { ...as, params: period });
    await walk.read("/v1/exports/payout_reconciliation_report", { ...as, params: period });

    // Webhooks: the events recorded above (charges, disputes, payouts, the account), each
    // delivery attempted once by the worker (a failing endpoint), the log, a resend.
    // A payout (to the failing bank account, now the default) fails as the clock passes.
    await walk.post("/v1/payouts", { ...as, params: { amount: 100 } });
    await walk.post("/v1/test_helpers/clock/advance", { ...sk, params: { seconds: 3 * 86_400 } });
    await walk.read("/v1/webhook_endpoints", sk);
    await walk.read(`/v1/webhook_endpoints/${hook.body.id}`, sk);
    await walk.post(`/v1/webhook_endpoints/${hook.body.id}`, {
      ...sk,
      params: { description: "The walk's endpoint" },
    });
    const events = await walk.read("/v1/events", { ...sk, params: { limit: 100 } });
    const types = new Set(events.body.data.map((e: { type: string }) => e.type));
    expect([...types].sort()).toEqual([
      "account.updated",
      "charge.captured",
      "charge.dispute.closed",
      "charge.dispute.created",
      "charge.dispute.updated",
      "charge.refunded",
      "payout.failed",
    ]);
    await walk.read(`/v1/events/${events.body.data[0].id}`, sk);
    await createWebhookWorker({
      db: t.db,
      now: () => api.clock.now,
      fetch: async () => new Response(null, { status: 500 }),
      batchSize: 100,
    }).runDue();
    await walk.post(`/v1/webhook_endpoints/${hook.body.id}/resend`, {
      ...sk,
      params: { event: events.body.data[0].id },
    });
    await walk.read(`/v1/webhook_endpoints/${hook.body.id}/deliveries`, sk);
    await walk.del(`/v1/webhook_endpoints/${hook.body.id}`, sk);

    // Documents: the clock past the month's end, the month's fees are a tax invoice, its PDF.
    await walk.post("/v1/test_helpers/clock/advance", { ...sk, params: { seconds: 31 * 86_400 } });
    const invoices = await walk.read("/v1/tax_invoices", as);
    expect(invoices.body.data.length).toBeGreaterThan(0);
    await walk.read(`/v1/tax_invoices/${invoices.body.data[0].id}`, as);
    await walk.read(`/v1/tax_invoices/${invoices.body.data[0].id}/pdf`, as);

    // Payment method settings: the default made on first read, another, a method off.
    const configurations = await walk.read("/v1/payment_method_configurations", as);
    const pmc = configurations.body.data[0].id as string;
    await walk.post("/v1/payment_method_configurations", { ...as, params: { name: "Walk" } });
    await walk.read(`/v1/payment_method_configurations/${pmc}`, as);
    await walk.post(`/v1/payment_method_configurations/${pmc}`, {
      ...as,
      params: { card: { display_preference: { preference: "off" } } },
    });

    // The OpenAPI document; deleting an account.
    await walk.read(openApiPath);
    await walk.del(`/v1/accounts/${company.body.id}`, sk);

    expect(walk.problems).toEqual([]);
    const missed = walk.routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !walk.called.has(route));
    expect(missed, "routes the walk did not call").toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("documents every route's declared response as JSON Schema (a mini object schema included)", async () => {
    const doc = (await api.get(openApiPath)).body;
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, object>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const declared = declaredResponse(method, path);
        expect(declared, `${method} ${path}`).toBeDefined();
        const mediaType = declared!.mediaType ?? "application/json";
        const schema = operation.responses[declared!.status].content[mediaType].schema;
        expect(schema.type ?? schema.anyOf ?? schema.oneOf, `${method} ${path}`).toBeDefined();
        documented.push(`${method} ${path}`);
      }
    }
    expect(documented.length).toBeGreaterThan(50);
    const payout = doc.paths["/v1/payouts/{id}"].get.responses["200"].content["application/json"];
    expect(payout.schema.properties.status.enum).toContain("failed");
    expect(payout.schema.additionalProperties).toBe(false);
    // destination: null, or the id or the expanded external account (bank account or card).
    const [expandableDestination, nullable] = payout.schema.properties.destination.anyOf;
    expect(nullable).toEqual({ type: "null" });
    expect(
      expandableDestination.anyOf[1].oneOf.map(
        (o: { properties: { object: { const: string } } }) => o.properties.object.const,
      ),
    ).toEqual(["bank_account", "card"]);
  });
});
