import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { newId } from "../http/secrets.ts";
import { testApi } from "../test/api.ts";
import { passExternalAccountChallenge } from "../test/challenge.ts";
import { setupTestDatabase } from "../test/db.ts";
import { identityFile } from "../test/interventions.ts";
import { checkDelay } from "./requirements.ts";

const t = setupTestDatabase();
const api = testApi(t);

const usBank = {
  object: "bank_account",
  country: "US",
  currency: "usd",
  routing_number: "110000000",
  account_number: "000123456789",
};

const verifiedRepresentative = {
  first_name: "Jenny",
  last_name: "Rosen",
  email: "jenny@example.com",
  phone: "+15555550100",
  dob: { day: 1, month: 1, year: 1901 },
  address: { line1: "1 Main St", city: "Austin", postal_code: "78701", state: "TX" },
  ssn_last_4: "0000",
  relationship: { representative: true, title: "CEO" },
};

async function platformWithAccount(params: Record<string, unknown> = {}) {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", ...params },
  });
  expect(account.status).toBe(200);
  return { ...p, accountId: account.body.id as string, account: account.body };
}

async function sessionKeys(
  p: { secretKey: string; publishableKey: string },
  accountId: string,
  components: Record<string, unknown>,
) {
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: accountId, components },
  });
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  const sessionKey = claimed.body.api_key as string;
  /** A new external_account key: each allows one change (issue 14 item 3). */
  const freshExternalAccountKey = async () =>
    (
      await passExternalAccountChallenge(api, {
        sessionKey,
        secretKey: p.secretKey,
        accountId: claimed.body.account_id,
      })
    ).body.key as string | undefined;
  return {
    sessionKey,
    externalAccountKey: await freshExternalAccountKey(),
    freshExternalAccountKey,
    claimed: claimed.body,
  };
}

const rowCounts = async () => ({
  persons: (await t.db.selectFrom("persons").select("id").execute()).length,
  external: (await t.db.selectFrom("external_accounts").select("id").execute()).length,
  payouts: (await t.db.selectFrom("payouts").select("id").execute()).length,
  ledger: (await t.db.selectFrom("balance_transactions").select("id").execute()).length,
});

describe("POST /v1/accounts/:id updates the account model with bracket-nested params", () => {
  it("business_type, business_profile, company, capabilities and tos_acceptance are kept and shown", async () => {
    const a = await platformWithAccount({ country: "GB" });
    const r = await api.post(`/v1/accounts/${a.accountId}`, {
      key: a.secretKey,
      params: {
        business_type: "company",
        business_profile: {
          name: "Rocket Rides",
          url: "https://rocketrides.example",
          mcc: "4121",
          support_email: "help@rocketrides.example",
        },
        company: {
          name: "Rocket Rides Ltd",
          address: { line1: "1 High St", city: "London", postal_code: "EC1A 1AA" },
          phone: "+442071234567",
          tax_id: "12345678",
          structure: "private_corporation",
        },
        capabilities: { transfers: { requested: "false" } },
        tos_acceptance: { date: "1749999000", ip: "203.0.113.7", user_agent: "Mozilla/5.0" },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      business_type: "company",
      business_profile: { name: "Rocket Rides", mcc: "4121", url: "https://rocketrides.example" },
      company: {
        name: "Rocket Rides Ltd",
        tax_id_provided: true,
        structure: "private_corporation",
        address: { city: "London" },
      },
      tos_acceptance: { date: 1749999000, ip: "203.0.113.7", service_agreement: "full" },
      capabilities: { card_payments: "inactive" },
    });
    expect(r.body.capabilities.transfers).toBeUndefined();
    expect(JSON.stringify(r.body)).not.toContain("12345678");
    expect(r.body.requirements.currently_due).toEqual(
      expect.arrayContaining([
        "company.directors_provided",
        "company.owners_provided",
        "representative.first_name",
      ]),
    );
    expect(r.body.requirements.currently_due).not.toContain("company.tax_id");
    const again = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(again.body).toEqual(r.body);
  });

  it("an unknown parameter at any depth is a 400 naming it, and nothing is written", async () => {
    const a = await platformWithAccount();
    for (const [params, param] of [
      [{ business_profile: { colour: "red" } }, "business_profile[colour]"],
      [{ company: { address: { planet: "Mars" } } }, "company[address][planet]"],
      [
        { individual: { dob: { day: "1", month: "1", year: "1901", hour: "3" } } },
        "individual[dob][hour]",
      ],
      [{ nickname: "x" }, "nickname"],
    ] as const) {
      const r = await api.post(`/v1/accounts/${a.accountId}`, { key: a.secretKey, params });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "parameter_unknown", param });
    }
    const bad = await api.post(`/v1/accounts/${a.accountId}`, {
      key: a.secretKey,
      params: {
        business_type: "individual",
        individual: { dob: { day: "31", month: "2", year: "1990" } },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("individual[dob]");
    const after = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(after.body.business_type).toBeNull();
    expect((await rowCounts()).persons).toBe(0);
  });

  it("an individual with the magic dob 1901-01-01 is pending, then verified when the clock moves", async () => {
    const a = await platformWithAccount();
    const r = await api.post(`/v1/accounts/${a.accountId}`, {
      key: a.secretKey,
      params: {
        business_type: "individual",
        business_profile: { mcc: "5734", product_description: "Bike repairs" },
        individual: { ...verifiedRepresentative, relationship: undefined, id_number: "000000000" },
        tos_acceptance: { date: String(api.clock.now), ip: "203.0.113.7" },
        external_account: usBank,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.individual).toMatchObject({
      first_name: "Jenny",
      id_number_provided: true,
      verification: { status: "pending" },
    });
    expect(JSON.stringify(r.body)).not.toContain("000000000");
    const stored = await t.db.selectFrom("persons").selectAll().executeTakeFirstOrThrow();
    expect(stored.id_number_last4).toBe("0000");
    expect(JSON.stringify(stored)).not.toContain("000000000");
    expect(r.body.requirements).toMatchObject({
      currently_due: [],
      disabled_reason: "requirements.pending_verification",
    });
    expect(r.body).toMatchObject({ details_submitted: true, charges_enabled: false });
    api.clock.now += checkDelay;
    const later = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(later.body.individual.verification.status).toBe("verified");
    expect(later.body).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { card_payments: "active", transfers: "active" },
    });
    expect(later.body.external_accounts.data[0]).toMatchObject({
      status: "verified",
      last4: "6789",
    });
  });

  it("id_number 111111111 fails: an errors entry once the check settles", async () => {
    const a = await platformWithAccount();
    await api.post(`/v1/accounts/${a.accountId}`, {
      key: a.secretKey,
      params: {
        business_type: "individual",
        individual: {
          first_name: "A",
          last_name: "B",
          dob: { day: "2", month: "3", year: "1980" },
          id_number: "111111111",
        },
      },
    });
    api.clock.now += checkDelay;
    const r = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(r.body.requirements.errors).toEqual([
      expect.objectContaining({ code: "verification_failed_id_number_match" }),
    ]);
    expect(r.body.individual.verification).toMatchObject({
      status: "unverified",
      details_code: "verification_failed_id_number_match",
    });
  });
});

describe("identity documents (sandbox files)", () => {
  it("a person the keyed check cannot verify owes a document; file_identity_document_success verifies them", async () => {
    const a = await platformWithAccount({ business_type: "company" });
    const person = await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: {
        ...verifiedRepresentative,
        dob: { day: "5", month: "6", year: "1985" },
        address: { line1: "2 Elm St", city: "Austin", postal_code: "78701", state: "TX" },
      },
    });
    api.clock.now += checkDelay;
    const owed = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(owed.body.requirements.currently_due).toContain(
      `${person.body.id}.verification.document`,
    );
    const sent = await api.post(`/v1/accounts/${a.accountId}/persons/${person.body.id}`, {
      key: a.secretKey,
      params: { verification: { document: { front: "file_identity_document_success" } } },
    });
    expect(sent.body.verification).toMatchObject({
      status: "pending",
      document: { provided: true },
    });
    api.clock.now += checkDelay;
    const done = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(done.body.requirements.currently_due).not.toContain(
      `${person.body.id}.verification.document`,
    );
    const bad = await api.post(`/v1/accounts/${a.accountId}/persons/${person.body.id}`, {
      key: a.secretKey,
      params: { verification: { document: { front: "not-a-file" } } },
    });
    expect(bad.body.error.param).toBe("verification[document][front]");
  });
});

describe("identity documents (uploaded files)", () => {
  it("a document must be a file of the platform, for this account or none, with an identity purpose", async () => {
    const a = await platformWithAccount({ business_type: "individual" });
    const other = await platformWithAccount();
    const file = async (accountId: string | null, purpose: string, platformId = a.platform.id) => {
      const id = newId("file");
      await t.db
        .insertInto("files")
        .values({
          id,
          platform_id: platformId,
          account_id: accountId,
          livemode: false,
          purpose,
          type: "png",
          filename: "id.png",
          size: 4,
          content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
          created: api.clock.now,
        })
        .execute();
      return id;
    };
    const update = (front: string) =>
      api.post(`/v1/accounts/${a.accountId}`, {
        key: a.secretKey,
        params: {
          individual: {
            first_name: "A",
            last_name: "B",
            dob: { day: "2", month: "3", year: "1980" },
            verification: { document: { front } },
          },
        },
      });
    const foreign = await update(
      await file(other.accountId, "identity_document", other.platform.id),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: "resource_missing",
      param: "individual[verification][document][front]",
    });
    const logo = await update(await file(a.accountId, "business_logo"));
    expect(logo.body.error.code).toBe("file_purpose_invalid");
    expect((await rowCounts()).persons).toBe(0);
    const ok = await update(await file(a.accountId, "identity_document"));
    expect(ok.status).toBe(200);
    expect(ok.body.individual.verification).toMatchObject({
      status: "pending",
      document: { provided: true },
    });
  });
});

describe("persons: /v1/accounts/:id/persons", () => {
  it("create, retrieve, update, delete and list with keyset pagination; the representative is named by its id", async () => {
    const a = await platformWithAccount({ business_type: "company" });
    const rep = await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { first_name: "Jenny", relationship: { representative: "true", title: "CEO" } },
    });
    expect(rep.status).toBe(200);
    expect(rep.body).toMatchObject({
      object: "person",
      account: a.accountId,
      relationship: { representative: true },
    });
    const ids = [rep.body.id as string];
    for (const name of ["Owner1", "Owner2"]) {
      api.clock.now += 1;
      const o = await api.post(`/v1/accounts/${a.accountId}/persons`, {
        key: a.secretKey,
        params: { first_name: name, relationship: { owner: "true", percent_ownership: "40.5" } },
      });
      ids.push(o.body.id);
    }
    const page1 = await api.get(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { limit: "2" },
    });
    expect(page1.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await api.get(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { limit: "2", starting_after: ids[1] },
    });
    expect(page2.body.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(page2.body.has_more).toBe(false);

    const account = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(account.body.requirements.currently_due).toContain(`${ids[0]}.last_name`);
    expect(account.body.requirements.currently_due).toContain(`${ids[1]}.last_name`);

    const updated = await api.post(`/v1/accounts/${a.accountId}/persons/${ids[1]}`, {
      key: a.secretKey,
      params: { last_name: "Smith", relationship: { percent_ownership: "50" } },
    });
    expect(updated.body).toMatchObject({
      last_name: "Smith",
      relationship: { owner: true, percent_ownership: 50 },
    });
    const got = await api.get(`/v1/accounts/${a.accountId}/persons/${ids[1]}`, {
      key: a.secretKey,
    });
    expect(got.body).toEqual(updated.body);

    const deleted = await api.del(`/v1/accounts/${a.accountId}/persons/${ids[2]}`, {
      key: a.secretKey,
    });
    expect(deleted.body).toEqual({ id: ids[2], object: "person", deleted: true });
    expect(
      (await api.get(`/v1/accounts/${a.accountId}/persons/${ids[2]}`, { key: a.secretKey })).status,
    ).toBe(404);
    // A deleted person still works as a cursor.
    const after = await api.get(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { ending_before: ids[2] },
    });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual([]);
  });

  it("refuses removing the representative or the individual with a typed 400, and keeps them", async () => {
    const a = await platformWithAccount({ business_type: "company" });
    const representative = await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { first_name: "A", relationship: { representative: "true" } },
    });
    const refused = await api.del(`/v1/accounts/${a.accountId}/persons/${representative.body.id}`, {
      key: a.secretKey,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "person_is_representative",
      param: "person",
    });
    const kept = await api.get(`/v1/accounts/${a.accountId}/persons/${representative.body.id}`, {
      key: a.secretKey,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.relationship.representative).toBe(true);

    const i = await platformWithAccount({
      business_type: "individual",
      individual: { first_name: "Jenny" },
    });
    const individualId = i.account.individual.id as string;
    const refusedIndividual = await api.del(`/v1/accounts/${i.accountId}/persons/${individualId}`, {
      key: i.secretKey,
    });
    expect(refusedIndividual.status).toBe(400);
    expect(refusedIndividual.body.error).toMatchObject({
      code: "person_is_individual",
      param: "person",
    });
    const after = await api.get(`/v1/accounts/${i.accountId}`, { key: i.secretKey });
    expect(after.body.individual).toMatchObject({ id: individualId, first_name: "Jenny" });
  });

  it("naming a new representative takes the role from the previous one", async () => {
    const a = await platformWithAccount({ business_type: "company" });
    const first = await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { first_name: "A", relationship: { representative: "true" } },
    });
    await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: { first_name: "B", relationship: { representative: "true" } },
    });
    const old = await api.get(`/v1/accounts/${a.accountId}/persons/${first.body.id}`, {
      key: a.secretKey,
    });
    expect(old.body.relationship.representative).toBe(false);
  });

  it("platform P cannot touch Q's accounts or persons", async () => {
    const q = await platformWithAccount({ business_type: "company" });
    const person = await api.post(`/v1/accounts/${q.accountId}/persons`, {
      key: q.secretKey,
      params: { first_name: "Q" },
    });
    const p = await api.platform();
    for (const r of [
      await api.get(`/v1/accounts/${q.accountId}`, { key: p.secretKey }),
      await api.post(`/v1/accounts/${q.accountId}`, {
        key: p.secretKey,
        params: { email: "x@example.com" },
      }),
      await api.get(`/v1/accounts/${q.accountId}/persons`, { key: p.secretKey }),
      await api.get(`/v1/accounts/${q.accountId}/persons/${person.body.id}`, { key: p.secretKey }),
      await api.post(`/v1/accounts/${q.accountId}/persons/${person.body.id}`, {
        key: p.secretKey,
        params: { first_name: "X" },
      }),
      await api.del(`/v1/accounts/${q.accountId}/persons/${person.body.id}`, { key: p.secretKey }),
      await api.post(`/v1/accounts/${q.accountId}/external_accounts`, {
        key: p.secretKey,
        params: { external_account: usBank },
      }),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("resource_missing");
    }
    const still = await api.get(`/v1/accounts/${q.accountId}/persons/${person.body.id}`, {
      key: q.secretKey,
    });
    expect(still.body.first_name).toBe("Q");
  });

  it("an owner's photo named file_identity_document_failure fails the sandbox's check: a day later the document is due with its reason; another photo is accepted", async () => {
    const a = await platformWithAccount({ business_type: "company" });
    const upload = (filename: string) =>
      identityFile(
        t.db,
        { platformId: a.platform.id, accountId: a.accountId, now: api.clock.now },
        filename,
      );
    const owner = await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: a.secretKey,
      params: {
        first_name: "Grace",
        last_name: "Hopper",
        dob: { day: "9", month: "12", year: "1966" },
        relationship: { owner: "true", percent_ownership: "60" },
        verification: {
          document: { front: await upload("file_identity_document_failure.png") },
        },
      },
    });
    expect(owner.status).toBe(200);
    const path = `${owner.body.id}.verification.document`;
    const requirements = async () =>
      (await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey })).body.requirements;
    expect((await requirements()).pending_verification).toContain(path);
    api.clock.now += checkDelay;
    const rejected = await requirements();
    expect(rejected.currently_due).toContain(path);
    expect(rejected.errors).toEqual([
      {
        requirement: path,
        code: "verification_document_failed_other",
        reason: "The identity document could not be verified.",
      },
    ]);
    await api.post(`/v1/accounts/${a.accountId}/persons/${owner.body.id}`, {
      key: a.secretKey,
      params: { verification: { document: { front: await upload("passport.png") } } },
    });
    api.clock.now += checkDelay;
    const accepted = await requirements();
    expect(accepted.currently_due).not.toContain(path);
    expect(accepted.errors).toEqual([]);
    const person = await api.get(`/v1/accounts/${a.accountId}/persons/${owner.body.id}`, {
      key: a.secretKey,
    });
    expect(person.body.verification).toMatchObject({ status: "verified" });
  });
});

describe("external accounts: /v1/accounts/:id/external_accounts", () => {
  it("bank accounts are checked by country (US routing checksum, IBAN) and the number is never stored whole", async () => {
    const a = await platformWithAccount();
    const badRouting = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: { external_account: { ...usBank, routing_number: "110000001" } },
    });
    expect(badRouting.status).toBe(400);
    expect(badRouting.body.error.param).toBe("external_account[routing_number]");
    const badIban = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: {
        external_account: {
          object: "bank_account",
          country: "DE",
          currency: "eur",
          account_number: "DE89370400440532013001",
        },
      },
    });
    expect(badIban.status).toBe(400);
    expect(badIban.body.error.param).toBe("external_account[account_number]");
    const iban = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: {
        external_account: {
          object: "bank_account",
          country: "DE",
          currency: "eur",
          account_number: "DE89 3704 0044 0532 0130 00",
        },
      },
    });
    expect(iban.status).toBe(200);
    expect(iban.body).toMatchObject({
      object: "bank_account",
      last4: "3000",
      status: "new",
      default_for_currency: true,
    });
    const rows = await t.db.selectFrom("external_accounts").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain("0532013000");
    api.clock.now += checkDelay;
    const settled = await api.get(`/v1/accounts/${a.accountId}/external_accounts/${iban.body.id}`, {
      key: a.secretKey,
    });
    expect(settled.body.status).toBe("validated");
  });

  it.each([
    {
      country: "CA",
      currency: "cad",
      routing: "11000-000",
      stored: "11000000",
      account: "000123456789",
      last4: "6789",
      errored: "000111111116",
      failing: "000111111113",
      badRouting: ["1100-000", "11000-00", "110000000"],
      badAccount: ["123456", "1234567890123"],
    },
    {
      country: "AU",
      currency: "aud",
      routing: "110-000",
      stored: "110000",
      account: "000123456",
      last4: "3456",
      errored: "000111116",
      failing: "000111113",
      badRouting: ["11000", "1100000", "11a000"],
      badAccount: ["1234", "1234567890"],
    },
    {
      country: "JP",
      currency: "jpy",
      routing: "1100000",
      stored: "1100000",
      account: "1234",
      last4: "1234",
      errored: "0111116",
      failing: "0111113",
      badRouting: ["110000", "11000000", "1100-00a"],
      badAccount: ["12345678", "12a4"],
    },
  ])(
    "$country bank accounts take the local routing and account numbers (protocol rules), and refuse others on their param",
    async (c) => {
      const a = await platformWithAccount({ country: c.country });
      const bank = (routing_number: string, account_number: string) => ({
        object: "bank_account",
        country: c.country,
        currency: c.currency,
        routing_number,
        account_number,
      });
      const post = (routing: string, account: string) =>
        api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
          key: a.secretKey,
          params: { external_account: bank(routing, account) },
        });
      for (const routing of c.badRouting) {
        const refused = await post(routing, c.account);
        expect(refused.status, routing).toBe(400);
        expect(refused.body.error).toMatchObject({
          type: "invalid_request_error",
          code: "parameter_invalid",
          param: "external_account[routing_number]",
        });
      }
      for (const account of c.badAccount) {
        const refused = await post(c.routing, account);
        expect(refused.status, account).toBe(400);
        expect(refused.body.error.param).toBe("external_account[account_number]");
      }
      const before = await api.get(`/v1/accounts/${a.accountId}/external_accounts`, {
        key: a.secretKey,
      });
      expect(before.body.data).toEqual([]);
      const added = await post(c.routing, c.account);
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        country: c.country,
        currency: c.currency,
        routing_number: c.stored,
        last4: c.last4,
        status: "new",
      });
      const errored = await post(c.routing, c.errored);
      // A payout to the failing magic number is returned with account_closed.
      const failing = await post(c.routing, c.failing);
      const failingRow = await t.db
        .selectFrom("external_accounts")
        .select("payout_failure_code")
        .where("id", "=", failing.body.id)
        .executeTakeFirstOrThrow();
      expect(failingRow.payout_failure_code).toBe("account_closed");
      api.clock.now += checkDelay;
      const settled = await api.get(
        `/v1/accounts/${a.accountId}/external_accounts/${added.body.id}`,
        {
          key: a.secretKey,
        },
      );
      // The sandbox's verified pair (a JP "1234" is padded to its "0001234").
      expect(settled.body.status).toBe("verified");
      const bad = await api.get(
        `/v1/accounts/${a.accountId}/external_accounts/${errored.body.id}`,
        {
          key: a.secretKey,
        },
      );
      expect(bad.body.status).toBe("errored");
    },
  );

  it("account 000111111116 errors once the check settles; a debit-card token becomes a card", async () => {
    const a = await platformWithAccount();
    const errored = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: { external_account: { ...usBank, account_number: "000111111116" } },
    });
    const card = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: { external_account: "tok_visa_debit" },
    });
    expect(card.body).toMatchObject({
      object: "card",
      brand: "Visa",
      last4: "5556",
      funding: "debit",
      default_for_currency: false,
    });
    const credit = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: { external_account: "tok_visa" },
    });
    expect(credit.body.error).toMatchObject({ code: "card_not_debit", param: "external_account" });
    api.clock.now += checkDelay;
    const list = await api.get(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: { object: "bank_account" },
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: errored.body.id, status: "errored" }),
    ]);
  });

  it("exactly one default per currency, and the default cannot be deleted while others exist", async () => {
    const a = await platformWithAccount();
    const path = `/v1/accounts/${a.accountId}/external_accounts`;
    const first = await api.post(path, { key: a.secretKey, params: { external_account: usBank } });
    const second = await api.post(path, {
      key: a.secretKey,
      params: { external_account: "tok_mastercard_debit" },
    });
    expect(first.body.default_for_currency).toBe(true);
    expect(second.body.default_for_currency).toBe(false);
    const refused = await api.del(`${path}/${first.body.id}`, { key: a.secretKey });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("default_external_account_delete");
    const unset = await api.post(`${path}/${first.body.id}`, {
      key: a.secretKey,
      params: { default_for_currency: "false" },
    });
    expect(unset.status).toBe(400);
    const moved = await api.post(`${path}/${second.body.id}`, {
      key: a.secretKey,
      params: { default_for_currency: "true" },
    });
    expect(moved.body.default_for_currency).toBe(true);
    const defaults = await t.db
      .selectFrom("external_accounts")
      .select("id")
      .where("default_for_currency", "=", true)
      .execute();
    expect(defaults.map((d) => d.id)).toEqual([second.body.id]);
    const removed = await api.del(`${path}/${first.body.id}`, { key: a.secretKey });
    expect(removed.body).toEqual({ id: first.body.id, object: "bank_account", deleted: true });
    const duplicate = await api.post(path, {
      key: a.secretKey,
      params: { external_account: "tok_mastercard_debit" },
    });
    expect(duplicate.body.error.code).toBe("external_account_exists");
  });
});

describe("one default per currency under concurrency", () => {
  it("8 concurrent new bank accounts in one currency leave exactly one default", async () => {
    const a = await platformWithAccount();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
          key: a.secretKey,
          params: { external_account: { ...usBank, account_number: `00098765432${i}` } },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const defaults = results.filter((r) => r.body.default_for_currency === true);
    expect(defaults).toHaveLength(1);
  });
});

describe("SPEC.md §6: external-account changes need the external_account key", () => {
  it("a session key may read but not change external accounts; the external_account key may", async () => {
    const a = await platformWithAccount();
    const keys = await sessionKeys(a, a.accountId, { account_management: { enabled: "true" } });
    const path = `/v1/accounts/${a.accountId}/external_accounts`;
    const before = await rowCounts();
    const refused = await api.post(path, {
      key: keys.sessionKey,
      params: { external_account: usBank },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      type: "permission_error",
      code: "external_account_key_required",
    });
    const ownAccount = await api.post("/v1/account", {
      key: keys.sessionKey,
      params: { external_account: usBank },
    });
    expect(ownAccount.status).toBe(403);
    expect(await rowCounts()).toEqual(before);

    const added = await api.post(path, {
      key: keys.externalAccountKey!,
      params: { external_account: usBank },
    });
    expect(added.status).toBe(200);
    const listed = await api.get(path, { key: keys.sessionKey });
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([added.body.id]);
    const deleteRefused = await api.del(`${path}/${added.body.id}`, { key: keys.sessionKey });
    expect(deleteRefused.body.error.code).toBe("external_account_key_required");
    const viaAccount = await api.post("/v1/account", {
      key: (await keys.freshExternalAccountKey())!,
      params: { external_account: "tok_visa_debit" },
    });
    expect(viaAccount.status).toBe(200);
    // The account's own external_account replaces the default for its currency.
    expect(viaAccount.body.external_accounts.data).toEqual([
      expect.objectContaining({ object: "card", default_for_currency: true }),
    ]);
  });

  it("a session key reaches only its own account, and only through a component that manages it", async () => {
    const a = await platformWithAccount();
    const other = await api.post("/v1/accounts", { key: a.secretKey, params: { type: "custom" } });
    const keys = await sessionKeys(a, a.accountId, { account_onboarding: { enabled: "true" } });
    const foreign = await api.get(`/v1/accounts/${other.body.id}/persons`, {
      key: keys.sessionKey,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("account_invalid");
    const foreignAdd = await api.post(`/v1/accounts/${other.body.id}/external_accounts`, {
      key: keys.externalAccountKey!,
      params: { external_account: usBank },
    });
    expect(foreignAdd.status).toBe(403);
    const own = await api.post(`/v1/accounts/${a.accountId}/persons`, {
      key: keys.sessionKey,
      params: { first_name: "Self" },
    });
    expect(own.status).toBe(200);
    const details = await api.post("/v1/account", {
      key: keys.sessionKey,
      params: { business_profile: { url: "https://shop.example" } },
    });
    expect(details.body.business_profile.url).toBe("https://shop.example");

    const payments = await sessionKeys(a, a.accountId, { payments: { enabled: "true" } });
    const denied = await api.get(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: payments.sessionKey,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("component_not_enabled");

    const payouts = await sessionKeys(a, a.accountId, { payouts: { enabled: "true" } });
    const profile = await api.post("/v1/account", {
      key: payouts.sessionKey,
      params: { business_profile: { url: "https://elsewhere.example" } },
    });
    expect(profile.status).toBe(403);
    expect(profile.body.error.code).toBe("component_not_enabled");
    const noCollection = await sessionKeys(a, a.accountId, {
      payouts: { enabled: "true", features: { external_account_collection: "false" } },
    });
    // Without external_account_collection the challenge is refused, so no external_account
    // key exists to add one with, and the session key alone cannot.
    expect(noCollection.externalAccountKey).toBeUndefined();
    const challenge = await api.post(endpoints.requiresExternalAccountVerification, {
      key: noCollection.sessionKey,
    });
    expect(challenge.status).toBe(403);
    expect(challenge.body.error.code).toBe("component_not_enabled");
    const add = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: noCollection.sessionKey,
      params: { external_account: "tok_visa_debit" },
    });
    expect(add.status).toBe(403);
  });
});

describe("payouts go to the default external account", () => {
  it("a payout is refused with no external account for its currency, writing nothing", async () => {
    const a = await platformWithAccount();
    const as = { key: a.secretKey, headers: { [api.headers.account]: a.accountId } };
    const charge = await api.post("/v1/charges", {
      ...as,
      params: { amount: "10000", currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(charge.status).toBe(200);
    api.clock.now += 5 * 24 * 60 * 60;
    const before = await rowCounts();
    const refused = await api.post("/v1/payouts", { ...as, params: { amount: "1000" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "no_external_account", param: "currency" });
    expect(await rowCounts()).toEqual(before);
    const bank = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
      key: a.secretKey,
      params: { external_account: usBank },
    });
    const paid = await api.post("/v1/payouts", { ...as, params: { amount: "1000" } });
    expect(paid.status).toBe(200);
    expect(paid.body.destination).toBe(bank.body.id);
  });
});

describe("risk interventions appear as requirements", () => {
  it("a restricting intervention is due by its interv_ id and disables the account until resolved", async () => {
    const a = await platformWithAccount();
    const opened = await api.post(`/v1/test_helpers/accounts/${a.accountId}/risk_interventions`, {
      key: a.secretKey,
      params: { reason: "Unusual refund rate", disabled_reason: "under_review" },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.id).toMatch(/^interv_/);
    const restricted = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(restricted.body.requirements.currently_due).toContain(opened.body.id);
    expect(restricted.body.requirements.disabled_reason).toBe("under_review");
    const resolved = await api.post(
      `/v1/test_helpers/accounts/${a.accountId}/risk_interventions/${opened.body.id}/resolve`,
      { key: a.secretKey },
    );
    expect(resolved.body.resolved_at).toBe(api.clock.now);
    const after = await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey });
    expect(after.body.requirements.currently_due).not.toContain(opened.body.id);
    const again = await api.post(
      `/v1/test_helpers/accounts/${a.accountId}/risk_interventions/${opened.body.id}/resolve`,
      { key: a.secretKey },
    );
    expect(again.status).toBe(404);
  });
});

describe("the claim's merchant_data comes from the model", () => {
  it("connected_account_details_submitted is false while information is owed", async () => {
    const a = await platformWithAccount();
    const keys = await sessionKeys(a, a.accountId, { account_onboarding: { enabled: "true" } });
    expect(keys.claimed.merchant_data.connected_account_details_submitted).toBe(false);
  });
});
