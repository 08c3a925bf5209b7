import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { endpoints } from "../../protocol/endpoints.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import {
  paymentMethodConfigurationSchema,
  paymentMethodTypes,
} from "../../protocol/objects/payment-method-configuration.schema.ts";
import { connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createUser } from "../users/users.ts";

const t = setupTestDatabase();
const api = testApi(t);

const configurationList = listOf(paymentMethodConfigurationSchema);
const parse = (body: unknown) => z.parse(paymentMethodConfigurationSchema, body);
const pref = (method: string, value: "on" | "off") => ({
  [method]: { display_preference: { preference: value } },
});

/** A US account in usd, its provider user signed in through the popup: the user's key. */
async function signedIn(email = "ines@example.com", components: Record<string, unknown> = {}) {
  const a = await connectedAccount(api);
  await createUser(
    t.db,
    { email, password: "correct horse", accountId: a.accountId, isPrimary: true },
    api.clock.now,
  );
  const sessionKey = await a.sessionKey({
    payment_method_settings: { enabled: true },
    ...components,
  });
  const popup = await api.post(endpoints.connectSignIn, {
    params: { email, password: "correct horse", account: a.accountId },
  });
  const exchanged = await api.post(endpoints.userAuthedKey, {
    key: sessionKey,
    params: { embedded_api_key: popup.body.api_key },
  });
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return { a, sessionKey, userKey: exchanged.body.embedded_session_api_key as string };
}

describe("payment method configurations", () => {
  it("the default is made on first read, once, each method computed from the account's country, currency and state", async () => {
    const { a, userKey } = await signedIn();
    const first = await api.get("/v1/payment_method_configurations", { key: userKey });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const list = z.parse(configurationList, first.body);
    expect(list.data).toHaveLength(1);
    const pmc = list.data[0]!;
    expect(pmc).toMatchObject({
      account: a.accountId,
      is_default: true,
      country: "US",
      currency: "usd",
    });
    expect(pmc.id).toMatch(/^pmc_/);
    // Offered in the US in usd, a bank debit that needs a support email the account lacks.
    expect(pmc.us_bank_account).toMatchObject({
      kind: "bank_debit",
      available: true,
      unavailable_reason: null,
      requirements: ["business_profile.support_email"],
      display_preference: { preference: "off", value: "off" },
    });
    // Not offered: SEPA by country, konbini by country too; iDEAL needs euros.
    expect(pmc.sepa_debit).toMatchObject({ available: false, unavailable_reason: "country" });
    expect(pmc.konbini.available).toBe(false);
    expect(pmc.ideal.available).toBe(false);
    // Every method is there, grouped by kind.
    expect(paymentMethodTypes.every((type) => pmc[type].kind !== undefined)).toBe(true);
    const again = await api.get("/v1/payment_method_configurations", { key: userKey });
    expect(again.body.data.map((c: { id: string }) => c.id)).toEqual([pmc.id]);
    const byId = await api.get(`/v1/payment_method_configurations/${pmc.id}`, { key: userKey });
    expect(parse(byId.body)).toEqual(pmc);
    // The platform's key sees the same.
    const platform = await api.get(`/v1/payment_method_configurations/${pmc.id}`, a.as);
    expect(platform.body).toEqual(pmc);
  });

  it("a method is switched on once its requirement is met, off again, and the provider keeps it; idempotent with Idempotency-Key", async () => {
    const { a, userKey } = await signedIn();
    const pmc = parse(
      (await api.get("/v1/payment_method_configurations", { key: userKey })).body.data[0],
    );
    const on = () =>
      api.post(`/v1/payment_method_configurations/${pmc.id}`, {
        key: userKey,
        params: pref("us_bank_account", "on"),
      });
    const refused = await on();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "payment_method_requirements_unmet",
      param: "us_bank_account[display_preference][preference]",
    });
    const updated = await api.post(`/v1/accounts/${a.accountId}`, {
      key: a.secretKey,
      params: { business_profile: { support_email: "help@example.com" } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const turnedOn = await on();
    expect(turnedOn.status, JSON.stringify(turnedOn.body)).toBe(200);
    expect(parse(turnedOn.body).us_bank_account).toMatchObject({
      requirements: [],
      capability: "active",
      display_preference: { preference: "on", value: "on" },
    });
    const headers = { [api.headers.idempotencyKey]: "pms-off-1" };
    const off = () =>
      api.post(`/v1/payment_method_configurations/${pmc.id}`, {
        key: userKey,
        headers,
        params: pref("us_bank_account", "off"),
      });
    const first = await off();
    const replay = await off();
    expect(first.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const read = parse((await api.get(`/v1/payment_method_configurations/${pmc.id}`, a.as)).body);
    expect(read.us_bank_account).toMatchObject({
      capability: "inactive",
      display_preference: { preference: "off", value: "off" },
    });
  });

  it("refuses a method the account's country does not offer and a bad value, naming the param", async () => {
    const { userKey } = await signedIn();
    const pmc = parse(
      (await api.get("/v1/payment_method_configurations", { key: userKey })).body.data[0],
    );
    const path = `/v1/payment_method_configurations/${pmc.id}`;
    const sepa = await api.post(path, { key: userKey, params: pref("sepa_debit", "on") });
    expect(sepa.status).toBe(400);
    expect(sepa.body.error).toMatchObject({
      code: "payment_method_unavailable",
      param: "sepa_debit[display_preference][preference]",
    });
    const bad = await api.post(path, {
      key: userKey,
      params: { card: { display_preference: { preference: "maybe" } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("card[display_preference][preference]");
    const unknown = await api.post(path, { key: userKey, params: pref("cheque", "on") });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "parameter_unknown", param: "cheque" });
    // Turning off a method that is not offered is harmless.
    const off = await api.post(path, { key: userKey, params: pref("sepa_debit", "off") });
    expect(off.status).toBe(200);
  });

  it("the payment-method-configuration attribute's id: another configuration of the account by id, none of another account", async () => {
    const { a, userKey } = await signedIn();
    const created = await api.post("/v1/payment_method_configurations", {
      ...a.as,
      params: { name: "Checkout" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const second = parse(created.body);
    expect(second.is_default).toBe(false);
    const read = await api.get(`/v1/payment_method_configurations/${second.id}`, { key: userKey });
    expect(parse(read.body).name).toBe("Checkout");
    const list = z.parse(
      configurationList,
      (await api.get("/v1/payment_method_configurations", { key: userKey })).body,
    );
    expect(list.data.map((c) => c.is_default)).toEqual([true, false]);
    const other = await signedIn("olek@example.com");
    const missing = await api.get(`/v1/payment_method_configurations/${second.id}`, {
      key: other.userKey,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.param).toBe("id");
    // Only the platform creates configurations.
    const bySession = await api.post("/v1/payment_method_configurations", {
      key: userKey,
      params: { name: "Mine" },
    });
    expect(bySession.status).toBe(403);
  });

  it("a session key reaches them only through payment_method_settings and only once the provider user signed in", async () => {
    const { sessionKey } = await signedIn();
    const own = await api.get("/v1/payment_method_configurations", { key: sessionKey });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe("user_authentication_required");
    const a = await connectedAccount(api);
    const payoutsOnly = await a.sessionKey({ payouts: { enabled: true } });
    const refused = await api.get("/v1/payment_method_configurations", { key: payoutsOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("component_not_enabled");
  });
});
