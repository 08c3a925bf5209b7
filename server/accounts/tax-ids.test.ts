import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";

// `company[tax_id]` and a person's `id_number` by the account's country's rule
// (protocol/objects/tax-ids.ts, the frames check the same): a malformed one is a 400 naming
// its param with nothing written, a valid one is kept normalised (its last four on file).

const t = setupTestDatabase();
const api = testApi(t);

async function accountIn(country: string) {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", country },
  });
  expect(account.status).toBe(200);
  return { key: p.secretKey, id: account.body.id as string };
}

/** Per country: a valid tax id as typed, and one refused (its check digit where it has one). */
const taxIds: [country: string, valid: string, invalid: string][] = [
  ["US", "12-3456789", "12-345678"],
  ["GB", "SC 123456", "1234567"],
  // A prefix Companies House does not use.
  ["GB", "NI 123456", "XX123456"],
  ["DE", "DE 136 695 976", "DE136695977"],
  ["FR", "732 829 320", "732829321"],
  ["CA", "123456782", "123456789"],
  ["AU", "51 824 753 556", "51 824 753 557"],
  ["JP", "7000-0120-50002", "8000012050002"],
];

/** Per country: a valid id number as typed, its last four normalised, and one refused. */
const idNumbers: [country: string, valid: string, last4: string, invalid: string][] = [
  ["US", "123-45-6789", "6789", "666-12-3456"],
  ["GB", "ab 12 34 56 c", "456C", "QQ 12 34 56 C"],
  ["DE", "86 095 742 719", "2719", "86095742718"],
  ["FR", "2 69 05 49 588 157 80", "5780", "269054958815781"],
  ["CA", "123 456 782", "6782", "123 456 789"],
  ["AU", "123 456 782", "6782", "123 456 783"],
  ["JP", "1234 5678 9018", "9018", "1234 5678 9017"],
];

describe("company[tax_id] by the account's country", () => {
  it.each(taxIds)(
    "%s: %s is taken, %s refused on its param with nothing written",
    async (country, valid, invalid) => {
      const a = await accountIn(country);
      const refused = await api.post(`/v1/accounts/${a.id}`, {
        key: a.key,
        params: { business_type: "company", company: { name: "Rocket Rides", tax_id: invalid } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        type: "invalid_request_error",
        code: "tax_id_invalid",
        param: "company[tax_id]",
      });
      const unchanged = await api.get(`/v1/accounts/${a.id}`, { key: a.key });
      expect(unchanged.body.business_type ?? null).toBeNull();
      expect(unchanged.body.company ?? null).toBeNull();

      const taken = await api.post(`/v1/accounts/${a.id}`, {
        key: a.key,
        params: { business_type: "company", company: { name: "Rocket Rides", tax_id: valid } },
      });
      expect(taken.status).toBe(200);
      expect(taken.body.company).toMatchObject({ name: "Rocket Rides", tax_id_provided: true });
    },
  );

  it("a new account's tax id is checked by the country it names", async () => {
    const p = await api.platform();
    const refused = await api.post("/v1/accounts", {
      key: p.secretKey,
      params: { type: "custom", country: "AU", company: { tax_id: "51 824 753 557" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.param).toBe("company[tax_id]");
    const list = await api.get("/v1/accounts", { key: p.secretKey });
    expect(list.body.data).toEqual([]);
  });
});

describe("a person's id_number by the account's country", () => {
  it.each(idNumbers)(
    "%s individual: %s is taken as …%s, %s refused on its param",
    async (country, valid, last4, invalid) => {
      const a = await accountIn(country);
      const refused = await api.post(`/v1/accounts/${a.id}`, {
        key: a.key,
        params: { individual: { first_name: "Ada", id_number: invalid } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        type: "invalid_request_error",
        code: "id_number_invalid",
        param: "individual[id_number]",
      });
      const unchanged = await api.get(`/v1/accounts/${a.id}`, { key: a.key });
      expect(unchanged.body.individual ?? null).toBeNull();

      const taken = await api.post(`/v1/accounts/${a.id}`, {
        key: a.key,
        params: { individual: { first_name: "Ada", id_number: valid } },
      });
      expect(taken.status).toBe(200);
      expect(taken.body.individual).toMatchObject({ first_name: "Ada", id_number_provided: true });
      const stored = await t.db
        .selectFrom("persons")
        .select("id_number_last4")
        .where("account_id", "=", a.id)
        .executeTakeFirstOrThrow();
      expect(stored.id_number_last4).toBe(last4);
    },
  );

  it.each(idNumbers)(
    "%s person: %s is taken as …%s, %s refused on its param",
    async (country, valid, last4, invalid) => {
      const a = await accountIn(country);
      const refused = await api.post(`/v1/accounts/${a.id}/persons`, {
        key: a.key,
        params: { first_name: "Ada", id_number: invalid },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "id_number_invalid", param: "id_number" });
      const none = await api.get(`/v1/accounts/${a.id}/persons`, { key: a.key });
      expect(none.body.data).toEqual([]);

      const created = await api.post(`/v1/accounts/${a.id}/persons`, {
        key: a.key,
        params: { first_name: "Ada" },
      });
      const refusedUpdate = await api.post(`/v1/accounts/${a.id}/persons/${created.body.id}`, {
        key: a.key,
        params: { last_name: "Lovelace", id_number: invalid },
      });
      expect(refusedUpdate.status).toBe(400);
      expect(refusedUpdate.body.error.param).toBe("id_number");
      const updated = await api.post(`/v1/accounts/${a.id}/persons/${created.body.id}`, {
        key: a.key,
        params: { last_name: "Lovelace", id_number: valid },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ last_name: "Lovelace", id_number_provided: true });
      expect(JSON.stringify(updated.body)).not.toContain(valid);
      const stored = await t.db
        .selectFrom("persons")
        .select("id_number_last4")
        .where("id", "=", created.body.id)
        .executeTakeFirstOrThrow();
      expect(stored.id_number_last4).toBe(last4);
    },
  );

  it("the sandbox's magic id numbers pass in every country", async () => {
    const a = await accountIn("JP");
    const r = await api.post(`/v1/accounts/${a.id}`, {
      key: a.key,
      params: { individual: { id_number: "000000000" }, company: { tax_id: "000000000" } },
    });
    expect(r.status).toBe(200);
  });
});

describe("a person's postal code on the persons routes", () => {
  it("one of another country is refused on address[postal_code] with nothing written; the account's country's is taken", async () => {
    const a = await accountIn("DE");
    const refused = await api.post(`/v1/accounts/${a.id}/persons`, {
      key: a.key,
      params: {
        first_name: "Ada",
        address: { line1: "Unter den Linden 1", postal_code: "SW1A 1AA" },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "postal_code_invalid",
      param: "address[postal_code]",
    });
    expect((await api.get(`/v1/accounts/${a.id}/persons`, { key: a.key })).body.data).toEqual([]);
    const created = await api.post(`/v1/accounts/${a.id}/persons`, {
      key: a.key,
      params: { first_name: "Ada", address: { postal_code: "10115" } },
    });
    expect(created.status).toBe(200);
    // An address naming its country is checked by that country's rule.
    const update = (address: Record<string, string>) =>
      api.post(`/v1/accounts/${a.id}/persons/${created.body.id}`, {
        key: a.key,
        params: { address },
      });
    expect((await update({ country: "GB", postal_code: "10115" })).body.error?.param).toBe(
      "address[postal_code]",
    );
    expect((await update({ country: "GB", postal_code: "SW1A 1AA" })).status).toBe(200);
  });
});
