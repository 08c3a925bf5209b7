import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { provider } from "../../protocol/provider.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createUser } from "../users/users.ts";

const t = setupTestDatabase();
const api = testApi(t);

const password = "correct horse";
let users = 0;

/** A company account with its primary provider user, and a claimed session key for it. */
async function managed(components: Record<string, unknown>) {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", business_type: "company" },
  });
  const accountId = account.body.id as string;
  users += 1;
  const email = `owner${users}@example.com`;
  await createUser(t.db, { email, password, accountId, isPrimary: true }, api.clock.now);
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: accountId, components },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  const sessionKey = claimed.body.api_key as string;
  /** The popup's sign-in, exchanged for the user's key acting for the session. */
  const userKey = async () => {
    const popup = await api.post(endpoints.connectSignIn, {
      params: { email, password, account: accountId },
    });
    const exchanged = await api.post(endpoints.userAuthedKey, {
      key: sessionKey,
      params: { embedded_api_key: popup.body.api_key },
    });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    return exchanged.body.embedded_session_api_key as string;
  };
  const persons = async () =>
    (await api.get(`/v1/accounts/${accountId}/persons`, { key: p.secretKey })).body.data as {
      id: string;
      first_name: string | null;
    }[];
  const account_ = async () =>
    (await api.get(`/v1/accounts/${accountId}`, { key: p.secretKey })).body;
  const addPerson = async (first: string) =>
    (
      await api.post(`/v1/accounts/${accountId}/persons`, {
        key: p.secretKey,
        params: { first_name: first, relationship: { director: "true" } },
      })
    ).body.id as string;
  return { ...p, accountId, sessionKey, userKey, persons, account: account_, addPerson };
}

const management = { account_management: { enabled: "true" } };

describe("account management's changes behind the provider user's sign-in", () => {
  it("the session's own key may not change the details, add, update or remove a person: a typed 403, nothing changed", async () => {
    const m = await managed(management);
    const director = await m.addPerson("Alan");
    const base = `/v1/accounts/${m.accountId}/persons`;
    const refusals = [
      await api.post("/v1/account", {
        key: m.sessionKey,
        params: { company: { tax_id: "12-3456789" } },
      }),
      await api.post("/v1/account", {
        key: m.sessionKey,
        params: { business_profile: { url: "https://shop.example" } },
      }),
      await api.post(base, { key: m.sessionKey, params: { first_name: "Mallory" } }),
      await api.post(`${base}/${director}`, { key: m.sessionKey, params: { last_name: "Turing" } }),
      await api.del(`${base}/${director}`, { key: m.sessionKey }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        type: "permission_error",
        code: "user_authentication_required",
      });
    }
    expect(await m.persons()).toEqual([
      expect.objectContaining({ id: director, first_name: "Alan" }),
    ]);
    const account = await m.account();
    expect(account.business_profile.url).toBeNull();
    expect(account.company.tax_id_provided).toBe(false);
    // Reading stays open to the session's key.
    expect((await api.get(base, { key: m.sessionKey })).status).toBe(200);
  });

  it("the signed-in provider user's key, acting for the session, may change them", async () => {
    const m = await managed(management);
    const director = await m.addPerson("Alan");
    const key = await m.userKey();
    const base = `/v1/accounts/${m.accountId}/persons`;
    const details = await api.post("/v1/account", {
      key,
      params: { business_profile: { url: "https://shop.example" } },
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body.business_profile.url).toBe("https://shop.example");
    const added = await api.post(base, { key, params: { first_name: "Grace" } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const removed = await api.del(`${base}/${director}`, { key });
    expect(removed.body).toMatchObject({ id: director, deleted: true });
    expect((await m.persons()).map((p) => p.first_name)).toEqual(["Grace"]);
  });

  it("the session's own key may where the session sets disable_{provider}_user_authentication, or enables a component that collects the details before any sign-in", async () => {
    for (const components of [
      {
        account_management: {
          enabled: "true",
          features: { [provider.flags.disableUserAuthentication]: "true" },
        },
      },
      { ...management, account_onboarding: { enabled: "true" } },
      { ...management, notification_banner: { enabled: "true" } },
    ]) {
      const m = await managed(components);
      const added = await api.post(`/v1/accounts/${m.accountId}/persons`, {
        key: m.sessionKey,
        params: { first_name: "Grace" },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const details = await api.post("/v1/account", {
        key: m.sessionKey,
        params: { business_profile: { url: "https://shop.example" } },
      });
      expect(details.status, JSON.stringify(details.body)).toBe(200);
    }
  });
});
