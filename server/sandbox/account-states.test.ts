import { describe, expect, it } from "vitest";
import { factsOf, loadOnFile, onFileColumns, onFileOf, statusOf } from "../accounts/model.ts";
import { accountStatus, checkDelay } from "../accounts/requirements.ts";
import { createPlatform } from "../platforms/platforms.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createEnabledAccount, seedAccountStates } from "./account-states.ts";

const t = setupTestDatabase();
const now = 1_750_000_000;

const statusAt = async (id: string, at: number) => {
  const account = await t.db
    .selectFrom("accounts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return statusOf(t.db, account, at);
};

describe("seeded accounts are in the onboarding state their label names", () => {
  it("every state for custom, express and standard, as the account model computes it", async () => {
    const { platform } = await createPlatform(t.db, { business_name: "Demo" }, now);
    const seeded = await seedAccountStates(t.db, platform.id, now);
    expect(seeded).toHaveLength(18);
    expect(new Set(seeded.map((s) => `${s.type}:${s.state}`)).size).toBe(18);
    for (const s of seeded) {
      const status = await statusAt(s.id, now);
      const r = status.requirements;
      expect(s.label.toLowerCase()).toContain(s.type);
      switch (s.state) {
        case "new":
          expect(r.currently_due).toContain("business_type");
          expect(status.details_submitted).toBe(false);
          break;
        case "currently_due":
          expect(r.currently_due).not.toContain("business_type");
          expect(r.currently_due).toEqual(
            expect.arrayContaining([
              "external_account",
              "tos_acceptance.date",
              "representative.first_name",
            ]),
          );
          expect(r.disabled_reason).toBe("requirements.past_due");
          expect(status.details_submitted).toBe(false);
          break;
        case "in_review":
          expect(r.currently_due).toEqual([]);
          expect(r.pending_verification.length).toBeGreaterThan(0);
          expect(r.disabled_reason).toBe("requirements.pending_verification");
          expect(status.details_submitted).toBe(true);
          expect(status.charges_enabled).toBe(false);
          // ...and it clears when the sandbox clock passes the check.
          expect((await statusAt(s.id, now + checkDelay)).charges_enabled).toBe(true);
          break;
        case "restricted":
          expect(r.currently_due).toEqual([expect.stringMatching(/^interv_/)]);
          expect(r.disabled_reason).toBe("under_review");
          expect(status.details_submitted).toBe(true);
          expect(status.charges_enabled).toBe(false);
          expect(status.payouts_enabled).toBe(false);
          break;
        case "identity_challenge": {
          // An open challenge of the representative: due by its id, nothing restricted yet.
          expect(r.currently_due).toEqual([expect.stringMatching(/^interv_/)]);
          expect(r.past_due).toEqual([]);
          expect(r.disabled_reason).toBeNull();
          expect(status.charges_enabled && status.payouts_enabled).toBe(true);
          const challenge = await t.db
            .selectFrom("risk_interventions")
            .innerJoin("persons", "persons.id", "risk_interventions.person_id")
            .select(["risk_interventions.kind", "persons.account_id", "persons.relationship"])
            .where("risk_interventions.id", "=", r.currently_due[0]!)
            .executeTakeFirstOrThrow();
          expect(challenge).toMatchObject({
            kind: "identity_verification",
            account_id: s.id,
            relationship: expect.objectContaining({ representative: true }),
          });
          break;
        }
        case "enabled":
          expect(r.currently_due).toEqual([]);
          expect(r.errors).toEqual([]);
          expect(status).toMatchObject({
            details_submitted: true,
            charges_enabled: true,
            payouts_enabled: true,
          });
          break;
      }
      if (s.state !== "enabled" && s.state !== "identity_challenge")
        expect(status.charges_enabled && status.payouts_enabled).toBe(false);
    }
  });

  it("createEnabledAccount is fully enabled in US, GB, DE, FR, CA and AU, with a default external account", async () => {
    const { platform } = await createPlatform(t.db, {}, now);
    for (const country of ["US", "GB", "DE", "FR", "CA", "AU"]) {
      const id = await createEnabledAccount(
        t.db,
        platform.id,
        { type: "express", country, businessName: `Demo ${country}`, email: "demo@example.com" },
        now,
      );
      const status = await statusAt(id, now);
      expect({ country, ...status.requirements }).toMatchObject({
        country,
        currently_due: [],
        errors: [],
        disabled_reason: null,
      });
      expect(status).toMatchObject({
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      });
      const destination = await t.db
        .selectFrom("external_accounts")
        .select(["default_for_currency", "currency"])
        .where("account_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(destination.default_for_currency).toBe(true);
    }
  });
});

describe("the claim's one-statement read of what is on file (accounts/model.ts, onFileColumns)", () => {
  it("gives every seeded state the rows and the status that loadOnFile's three queries give", async () => {
    const { platform } = await createPlatform(t.db, { business_name: "Demo" }, now);
    const seeded = await seedAccountStates(t.db, platform.id, now);
    // The seed makes companies: an individual, and a deleted person that must not show.
    const first = seeded[0]!.id;
    await t.db
      .insertInto("persons")
      .values([
        {
          id: "person_ind",
          platform_id: platform.id,
          account_id: first,
          is_individual: true,
          first_name: "Ada",
          dob: JSON.stringify({ day: 1, month: 2, year: 1990 }),
          created: now,
        },
        {
          id: "person_gone",
          platform_id: platform.id,
          account_id: first,
          first_name: "Gone",
          created: now,
          deleted_at: now,
        },
      ])
      .execute();
    const seen = { individual: 0, persons: 0, externalAccounts: 0, interventions: 0 };
    for (const s of seeded) {
      const { on_file_persons, on_file_external_accounts, on_file_interventions, ...account } =
        await t.db
          .selectFrom("accounts")
          .selectAll("accounts")
          .select((eb) => onFileColumns(eb))
          .where("accounts.id", "=", s.id)
          .executeTakeFirstOrThrow();
      const onFile = onFileOf(on_file_persons, on_file_external_accounts, on_file_interventions);
      const loaded = (await loadOnFile(t.db, [s.id])).get(s.id)!;
      // Row for row, type for type (numbers stay numbers, JSON columns objects), same order.
      expect(onFile).toStrictEqual(loaded);
      for (const at of [now, now + checkDelay]) {
        expect(accountStatus(factsOf(account, onFile), at)).toStrictEqual(
          await statusOf(t.db, account, at),
        );
      }
      if (onFile.individual) seen.individual++;
      seen.persons += onFile.persons.length;
      seen.externalAccounts += onFile.externalAccounts.length;
      seen.interventions += onFile.interventions.length;
    }
    // Every kind of row was compared at least once.
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(0);
  });
});
