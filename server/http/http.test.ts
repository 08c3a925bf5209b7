import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import { RATE_LIMIT_CODE, RATE_LIMIT_ERROR_TYPE } from "../../protocol/messages/rate-limit.ts";
import { apiErrorResponseSchema } from "../../protocol/objects/api-error.schema.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import type { AppEnv } from "./context.ts";
import { defineRoute } from "./route.ts";

const t = setupTestDatabase();
const api = testApi(t);

const countAccounts = async () =>
  Number(
    (
      await t.db
        .selectFrom("accounts")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("conventions: errors, Request-Id, keys and headers", () => {
  it("every response carries a Request-Id, errors and unknown URLs included", async () => {
    const { secretKey } = await api.platform();
    const ok = await api.post("/v1/accounts", { key: secretKey, params: { type: "custom" } });
    const unauthenticated = await api.get("/v1/accounts");
    const missing = await api.get("/v1/nothing_here", { key: secretKey });
    for (const r of [ok, unauthenticated, missing]) {
      expect(r.headers.get("Request-Id")).toMatch(/^req_[0-9A-Za-z]{24}$/);
    }
    expect(unauthenticated.body.error.request_id).toBe(unauthenticated.headers.get("Request-Id"));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "url_invalid",
    });
  });

  it("no key is a 401 authentication_error; an unknown key too, shown redacted", async () => {
    const none = await api.get("/v1/accounts");
    expect(none.status).toBe(401);
    expect(none.body.error.type).toBe("authentication_error");
    const bogus = await api.get("/v1/accounts", { key: "sk_test_doesnotexist1234" });
    expect(bogus.status).toBe(401);
    expect(bogus.body.error.message).toContain("sk_test_");
    expect(bogus.body.error.message).toContain("1234");
    expect(bogus.body.error.message).not.toContain("doesnotexist");
  });

  it("a publishable key cannot write", async () => {
    const { publishableKey } = await api.platform();
    const r = await api.post("/v1/accounts", { key: publishableKey, params: { type: "custom" } });
    expect(r.status).toBe(403);
    expect(r.body.error.type).toBe("permission_error");
    expect(await countAccounts()).toBe(0);
  });

  it("a secret key of platform P cannot act for an account of platform Q", async () => {
    const p = await api.platform();
    const q = await api.platform();
    const qAccount = await api.post("/v1/accounts", {
      key: q.secretKey,
      params: { type: "express" },
    });
    const viaHeader = await api.get("/v1/accounts", {
      key: p.secretKey,
      headers: { [api.headers.account]: qAccount.body.id },
    });
    expect(viaHeader.status).toBe(403);
    expect(viaHeader.body.error.code).toBe("account_invalid");
    const direct = await api.get(`/v1/accounts/${qAccount.body.id}`, { key: p.secretKey });
    expect(direct.status).toBe(404);
    // The placeholder header value means "no account" and is ignored.
    const placeholder = await api.get("/v1/accounts", {
      key: p.secretKey,
      headers: { [api.headers.account]: "empty_account_header" },
    });
    expect(placeholder.status).toBe(200);
  });

  it("an unknown version or a livemode header that contradicts the key is refused", async () => {
    const { secretKey } = await api.platform();
    const version = await api.get("/v1/accounts", {
      key: secretKey,
      headers: { [api.headers.version]: "1999-01-01" },
    });
    expect(version.status).toBe(400);
    expect(version.body.error.code).toBe("api_version_invalid");
    const live = await api.get("/v1/accounts", {
      key: secretKey,
      headers: { [api.headers.livemode]: "true" },
    });
    expect(live.status).toBe(400);
    expect(live.body.error.code).toBe("livemode_mismatch");
    const fine = await api.get("/v1/accounts", {
      key: secretKey,
      headers: { [api.headers.livemode]: "false", [api.headers.version]: "2020-08-27" },
    });
    expect(fine.status).toBe(200);
    expect(fine.headers.get(api.headers.version)).toBe("2020-08-27");
  });
});

describe("malformed bodies: a 400 naming the parameter, and nothing written", () => {
  const cases: [string, string, string][] = [
    ["unknown parameter", "type=custom&colour=red", "colour"],
    [
      "unknown nested parameter",
      "type=custom&business_profile[slogan]=x",
      "business_profile[slogan]",
    ],
    ["wrong type (enum)", "type=bogus", "type"],
    ["wrong type (hash given a value)", "type=custom&metadata=x", "metadata"],
    ["missing required", "country=US", "type"],
    ["too deep", "type=custom&metadata[a][b][c][d][e][f]=1", "metadata[a][b][c][d][e][f]"],
    [
      "huge array",
      `type=custom&${Array.from({ length: 101 }, (_, i) => `metadata[k][]=${i}`).join("&")}`,
      "metadata[k]",
    ],
    ["value and hash at once", "type=custom&metadata[a]=1&metadata[a][b]=2", "metadata[a]"],
  ];
  for (const [name, body, param] of cases) {
    it(`${name} → 400 with param ${param}`, async () => {
      const { secretKey } = await api.platform();
      const r = await api.post("/v1/accounts", { key: secretKey, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: "invalid_request_error", param });
      expect(await countAccounts()).toBe(0);
    });
  }

  it("a JSON body is refused: bodies are form-encoded", async () => {
    const { secretKey } = await api.platform();
    const r = await api.post("/v1/accounts", {
      key: secretKey,
      body: JSON.stringify({ type: "custom" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(r.status).toBe(415);
    expect(await countAccounts()).toBe(0);
  });

  it("a body larger than the limit is refused", async () => {
    const { secretKey } = await api.platform();
    const r = await api.post("/v1/accounts", {
      key: secretKey,
      body: `type=custom&email=${"a".repeat(300 * 1024)}`,
    });
    expect(r.status).toBe(413);
    expect(await countAccounts()).toBe(0);
  });

  it("a chunked body (no Content-Length) is counted as it arrives: reading stops past the limit, answered with a typed 413", async () => {
    const { secretKey } = await api.platform();
    const chunk = new TextEncoder().encode(`email=${"a".repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 1024) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const r = await api.app.request("/v1/accounts", {
      method: "POST",
      body,
      duplex: "half",
      headers: {
        Authorization: `Bearer ${secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    } as RequestInit);
    expect(r.status).toBe(413);
    const answer = (await r.json()) as { error: { type: string; code: string } };
    expect(answer.error).toMatchObject({ type: "invalid_request_error", code: "body_too_large" });
    // 256 KB is four or five chunks of 64 KB: the other 60 MB were never read.
    expect(sent).toBeLessThan(16);
    expect(await countAccounts()).toBe(0);
  });
});

describe("Idempotency-Key on POST", () => {
  const create = (key: string, idem: string, type = "custom") =>
    api.post("/v1/accounts", {
      key,
      params: { type, metadata: { n: "1" } },
      headers: { [api.headers.idempotencyKey]: idem },
    });

  it("same key twice → one object, the same response", async () => {
    const { secretKey } = await api.platform();
    const first = await create(secretKey, "k1");
    const second = await create(secretKey, "k1");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.headers.get("Original-Request")).toBe(first.headers.get("Request-Id"));
    expect(await countAccounts()).toBe(1);
  });

  it("a second API process over the same database replays the stored response", async () => {
    const { secretKey } = await api.platform();
    const second = testApi(t);
    second.clock.now = api.clock.now;
    const first = await create(secretKey, "k-shared");
    const replay = await second.post("/v1/accounts", {
      key: secretKey,
      params: { type: "custom", metadata: { n: "1" } },
      headers: { [api.headers.idempotencyKey]: "k-shared" },
    });
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await countAccounts()).toBe(1);
  });

  it("same key with other parameters → idempotency_error", async () => {
    const { secretKey } = await api.platform();
    await create(secretKey, "k2", "custom");
    const other = await create(secretKey, "k2", "express");
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe("idempotency_error");
    expect(await countAccounts()).toBe(1);
  });

  it("20 concurrent requests with one key → exactly one object; the others 409 or replay", async () => {
    const { secretKey } = await api.platform();
    const results = await Promise.all(Array.from({ length: 20 }, () => create(secretKey, "k3")));
    expect(await countAccounts()).toBe(1);
    const ids = new Set(results.filter((r) => r.status === 200).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.type).toBe("idempotency_error");
    }
  });

  it("keys are scoped to the platform, and forgotten after 24 hours", async () => {
    const p = await api.platform();
    const q = await api.platform();
    const a = await create(p.secretKey, "shared");
    const b = await create(q.secretKey, "shared");
    expect(b.body.id).not.toBe(a.body.id);
    api.clock.now += 24 * 60 * 60;
    const later = await create(p.secretKey, "shared");
    expect(later.status).toBe(200);
    expect(later.body.id).not.toBe(a.body.id);
    expect(await countAccounts()).toBe(3);
    api.clock.now -= 24 * 60 * 60;
  });

  it("a request refused by validation stores nothing under its key", async () => {
    const { secretKey } = await api.platform();
    const bad = await api.post("/v1/accounts", {
      key: secretKey,
      params: { type: "bogus" },
      headers: { [api.headers.idempotencyKey]: "k4" },
    });
    expect(bad.status).toBe(400);
    const good = await create(secretKey, "k4");
    expect(good.status).toBe(200);
  });
});

describe("list pagination", () => {
  async function seed(n: number) {
    const p = await api.platform();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      // Two accounts per second: ties on `created` are broken by id.
      api.clock.now += i % 2;
      const r = await api.post("/v1/accounts", { key: p.secretKey, params: { type: "custom" } });
      ids.push(r.body.id);
    }
    const newestFirst = (
      await t.db
        .selectFrom("accounts")
        .select("id")
        .where("platform_id", "=", p.platform.id)
        .orderBy("created", "desc")
        .orderBy("id", "desc")
        .execute()
    ).map((r) => r.id);
    return { ...p, ids: newestFirst };
  }

  it("an empty list", async () => {
    const { secretKey } = await api.platform();
    const r = await api.get("/v1/accounts", { key: secretKey });
    expect(r.body).toEqual({ object: "list", url: "/v1/accounts", has_more: false, data: [] });
  });

  it("defaults to 10, newest first, and walks forward and back by cursor", async () => {
    const { secretKey, ids } = await seed(13);
    const first = await api.get("/v1/accounts", { key: secretKey });
    expect(first.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(0, 10));
    expect(first.body.has_more).toBe(true);
    const second = await api.get("/v1/accounts", {
      key: secretKey,
      params: { starting_after: ids[9] },
    });
    expect(second.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(10));
    expect(second.body.has_more).toBe(false);
    const back = await api.get("/v1/accounts", {
      key: secretKey,
      params: { ending_before: ids[10], limit: 3 },
    });
    expect(back.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(7, 10));
    expect(back.body.has_more).toBe(true);
  });

  it("an exact page boundary has has_more false", async () => {
    const { secretKey, ids } = await seed(4);
    const page = await api.get("/v1/accounts", { key: secretKey, params: { limit: 4 } });
    expect(page.body.data).toHaveLength(4);
    expect(page.body.has_more).toBe(false);
    const after = await api.get("/v1/accounts", {
      key: secretKey,
      params: { limit: 2, starting_after: ids[1] },
    });
    expect(after.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(2));
    expect(after.body.has_more).toBe(false);
  });

  it("starting_after a deleted object still pages from its place", async () => {
    const { secretKey, ids } = await seed(5);
    await api.del(`/v1/accounts/${ids[1]}`, { key: secretKey });
    const r = await api.get("/v1/accounts", { key: secretKey, params: { starting_after: ids[1] } });
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(2));
  });

  it("starting_after a foreign or unknown id, both cursors, limit 0 or 101 → 400", async () => {
    const other = await seed(1);
    const { secretKey, ids } = await seed(2);
    const foreign = await api.get("/v1/accounts", {
      key: secretKey,
      params: { starting_after: other.ids.find((id) => !ids.includes(id)) },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.param).toBe("starting_after");
    const both = await api.get("/v1/accounts", {
      key: secretKey,
      params: { starting_after: ids[0], ending_before: ids[1] },
    });
    expect(both.status).toBe(400);
    for (const limit of ["0", "101", "ten"]) {
      const r = await api.get("/v1/accounts", { key: secretKey, params: { limit } });
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe("limit");
    }
    const unknown = await api.get("/v1/accounts", { key: secretKey, params: { sort: "asc" } });
    expect(unknown.body.error.param).toBe("sort");
  });
});

describe("expand[]", () => {
  it("refuses paths deeper than 4 levels and paths the route cannot expand", async () => {
    const { secretKey } = await api.platform();
    const account = await api.post("/v1/accounts", { key: secretKey, params: { type: "custom" } });
    const deep = await api.post("/v1/account_sessions", {
      key: secretKey,
      params: {
        account: account.body.id,
        components: { payments: { enabled: true } },
        expand: ["account.a.b.c.d"],
      },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatchObject({ code: "expand_too_deep", param: "expand[0]" });
    const unknown = await api.post("/v1/account_sessions", {
      key: secretKey,
      params: {
        account: account.body.id,
        components: { payments: { enabled: true } },
        expand: ["platform"],
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe("expand[0]");
    const expanded = await api.post("/v1/account_sessions", {
      key: secretKey,
      params: {
        account: account.body.id,
        components: { payments: { enabled: true } },
        expand: ["account"],
      },
    });
    expect(expanded.body.account).toMatchObject({ id: account.body.id, object: "account" });
  });
});

describe("CORS and the OpenAPI document", () => {
  it("answers preflights from the connect origin only", async () => {
    const preflight = (origin: string) =>
      api.app.request("/v1/account_sessions/claim", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
    const connect = await preflight("http://127.0.0.1:4100");
    expect(connect.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:4100");
    expect(connect.headers.get("Request-Id")).toBeTruthy();
    const platform = await preflight("http://localhost:4000");
    expect(platform.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("serves an OpenAPI 3.1 document generated from the route schemas", async () => {
    const r = await api.get("/v1/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    const create = r.body.paths["/v1/accounts"].post;
    const form = create.requestBody.content["application/x-www-form-urlencoded"].schema;
    expect(form.properties.type.enum).toEqual(["custom", "express", "standard"]);
    expect(form.required).toContain("type");
    expect(r.body.paths["/v1/accounts/{id}"].get.parameters[0].name).toBe("id");
    expect(r.body.paths["/v1/account_sessions/claim"].post).toBeDefined();
  });

  it("documents the rate-limit answer (429 with Retry-After) on every route and the body limit (413) on POSTs", async () => {
    const { paths } = (await api.get("/v1/openapi.json")).body;
    const limited = paths["/v1/accounts"].get.responses["429"];
    expect(limited.headers["Retry-After"].schema.type).toBe("integer");
    expect(limited.description).toContain("rate_limit");
    expect(paths["/v1/accounts"].post.responses["429"]).toBeDefined();
    expect(paths["/v1/accounts"].post.responses["413"].description).toContain("body_too_large");
    expect(paths["/v1/accounts"].get.responses["413"]).toBeUndefined();
  });

  it("documents every session and auth call of SPEC.md §7 at its protocol path", async () => {
    const { paths } = (await api.get("/v1/openapi.json")).body;
    const calls: [string, string][] = [
      ["post", endpoints.claim],
      ["get", endpoints.retrieveEmbeddedFlags],
      ["post", endpoints.riskSignals],
      ["delete", endpoints.connectSession],
      ["post", endpoints.userAuthedKey],
      ["get", endpoints.connectUser],
      ["post", endpoints.requiresExternalAccountVerification],
      ["post", endpoints.externalAccountChallenge],
      ["get", endpoints.identityChallenge],
      ["post", endpoints.embeddedAuthenticationLinks],
      ["post", endpoints.accountSessions],
    ];
    for (const [method, path] of calls)
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

const gated = new OpenAPIHono<AppEnv>();
defineRoute(
  gated,
  {
    method: "get",
    path: "/v1/test_gated_payouts",
    summary: "a payouts endpoint",
    tags: ["Test"],
    auth: ["account_session"],
    components: ["payouts", "balances"],
    response: z.object({ ok: z.boolean() }),
  },
  async () => ({ ok: true }),
);
const gatedApi = testApi(t, {}, [gated]);

describe("component enablement of account-session keys", () => {
  it("a claimed key cannot reach the endpoints of a component its session did not enable", async () => {
    const { secretKey, publishableKey } = await gatedApi.platform();
    const account = await gatedApi.post("/v1/accounts", {
      key: secretKey,
      params: { type: "custom" },
    });
    const claimWith = async (components: Record<string, unknown>) => {
      const session = await gatedApi.post("/v1/account_sessions", {
        key: secretKey,
        params: { account: account.body.id, components },
      });
      const claimed = await gatedApi.post("/v1/account_sessions/claim", {
        params: { client_secret: session.body.client_secret, key: publishableKey },
      });
      return claimed.body.api_key as string;
    };
    const paymentsOnly = await claimWith({ payments: { enabled: true } });
    const denied = await gatedApi.get("/v1/test_gated_payouts", { key: paymentsOnly });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("component_not_enabled");
    const balances = await claimWith({ balances: { enabled: true } });
    const allowed = await gatedApi.get("/v1/test_gated_payouts", { key: balances });
    expect(allowed.status).toBe(200);
  });
});

describe("per-key rate limits", () => {
  it("past the limit in one second a key is answered 429 with Retry-After, across API processes; the next second it works again, and other keys are not limited", async () => {
    const { secretKey } = await api.platform();
    const other = await api.platform();
    const second = { now: 1_800_000_000 };
    const config = { rateLimitPerSecond: 3, rateLimitNow: () => second.now };
    const one = testApi(t, config);
    const two = testApi(t, config);
    const list = (app: typeof one, key: string) => app.get("/v1/accounts", { key });
    expect((await list(one, secretKey)).status).toBe(200);
    expect((await list(two, secretKey)).status).toBe(200);
    expect((await list(one, secretKey)).status).toBe(200);
    const limited = await list(two, secretKey);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("1");
    // The answer the frames read (protocol/messages/rate-limit.ts), by the schema the data
    // layer's fake 429 is parsed with (actors/data-layer/fakes.ts).
    expect(apiErrorResponseSchema.parse(limited.body).error).toMatchObject({
      type: RATE_LIMIT_ERROR_TYPE,
      code: RATE_LIMIT_CODE,
      request_id: limited.headers.get("Request-Id"),
    });
    const refusedWrite = await one.post("/v1/accounts", {
      key: secretKey,
      params: { type: "custom" },
    });
    expect(refusedWrite.status).toBe(429);
    expect(await countAccounts()).toBe(0);
    expect((await list(one, other.secretKey)).status).toBe(200);
    second.now += 1;
    expect((await list(one, secretKey)).status).toBe(200);
  });
  // The hit is counted in the key lookup's own statement (rate-limit.ts, lookUpCounted):
  // these check it still counts for every kind of key, found or not, across processes.
  it("an account session's key is counted in the same windows across API processes, and a claim counts for its publishable key", async () => {
    const { secretKey, publishableKey } = await api.platform();
    const account = await api.post("/v1/accounts", { key: secretKey, params: { type: "custom" } });
    const session = await api.post("/v1/account_sessions", {
      key: secretKey,
      params: { account: account.body.id, components: { payments: { enabled: true } } },
    });
    const second = { now: 1_800_000_100 };
    const config = { rateLimitPerSecond: 2, rateLimitNow: () => second.now };
    const one = testApi(t, config);
    const two = testApi(t, config);
    const claim = await one.post(endpoints.claim, {
      key: publishableKey,
      params: { client_secret: session.body.client_secret, key: publishableKey },
    });
    expect(claim.status).toBe(200);
    const sessionKey = claim.body.api_key as string;
    expect((await one.get("/v1/charges", { key: sessionKey })).status).toBe(200);
    expect((await two.get("/v1/charges", { key: sessionKey })).status).toBe(200);
    const limited = await one.get("/v1/charges", { key: sessionKey });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("1");
    // The claim was the publishable key's first hit of the window: one more passes, then 429.
    expect((await two.get("/v1/balance", { key: publishableKey })).status).not.toBe(429);
    expect((await one.get("/v1/balance", { key: publishableKey })).status).toBe(429);
    const rows = await t.db
      .selectFrom("rate_limit_windows")
      .select(["hits"])
      .where("window_start", "=", second.now)
      .orderBy("hits")
      .execute();
    expect(rows.map((r) => r.hits)).toEqual([3, 3]);
    second.now += 1;
    expect((await two.get("/v1/charges", { key: sessionKey })).status).toBe(200);
  });

  it("an unknown key is counted too: 401 within the limit, 429 past it; with no limit nothing is counted", async () => {
    const second = { now: 1_800_000_200 };
    const one = testApi(t, { rateLimitPerSecond: 2, rateLimitNow: () => second.now });
    const two = testApi(t, { rateLimitPerSecond: 2, rateLimitNow: () => second.now });
    for (const key of ["sk_test_doesnotexist1234", "ek_test_doesnotexist1234"]) {
      expect((await one.get("/v1/accounts", { key })).status).toBe(401);
      expect((await two.get("/v1/accounts", { key })).status).toBe(401);
      expect((await one.get("/v1/accounts", { key })).status).toBe(429);
    }
    const unlimited = testApi(t, { rateLimitPerSecond: 0, rateLimitNow: () => second.now + 1 });
    const { secretKey } = await api.platform();
    for (let i = 0; i < 4; i++) {
      expect((await unlimited.get("/v1/accounts", { key: secretKey })).status).toBe(200);
    }
    const counted = await t.db
      .selectFrom("rate_limit_windows")
      .select("hits")
      .where("window_start", "=", second.now + 1)
      .execute();
    expect(counted).toEqual([]);
  });
});
