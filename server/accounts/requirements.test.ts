import { describe, expect, it } from "vitest";
import { blankFacts } from "./requirements.fixture.ts";
import {
  type AccountFacts,
  accountStatus,
  checkDelay,
  interventionGrace,
  type PersonFacts,
} from "./requirements.ts";
import { submitIdentity } from "./verification.ts";

const now = 1_750_000_000;
const blank = (over: Partial<AccountFacts> = {}): AccountFacts => blankFacts(now, over);

function person(over: Partial<PersonFacts> = {}, verifiedAt = now - checkDelay): PersonFacts {
  const p: PersonFacts = {
    id: "person_1",
    first_name: "Jenny",
    last_name: "Rosen",
    email: "jenny@example.com",
    phone: "+15555550100",
    dob: { day: 1, month: 1, year: 1901 },
    address: { line1: "1 Main St", city: "Austin", postal_code: "78701", state: "TX" },
    relationship: { representative: true, title: "CEO" },
    id_number_provided: true,
    ssn_last_4_provided: true,
    verification: {},
    ...over,
  };
  const verification =
    over.verification ??
    submitIdentity(
      {},
      {
        first_name: p.first_name,
        last_name: p.last_name,
        dob: p.dob,
        address: p.address,
        id_number_result: "unknown",
        document: undefined,
      },
      verifiedAt,
    );
  return { ...p, verification };
}

const bank = {
  id: "ba_1",
  currency: "usd",
  default_for_currency: true,
  created: now - checkDelay,
  bank_outcome: "verified" as const,
};

/** A US individual with everything on file and verified. */
const enabledIndividual = (over: Partial<AccountFacts> = {}) =>
  blank({
    business_type: "individual",
    business_profile: { mcc: "5734", url: "https://example.com" },
    tos_acceptance: { date: now - 100, ip: "203.0.113.7" },
    individual: person({ id: "individual", relationship: {} }),
    external_accounts: [bank],
    ...over,
  });

describe("requirements are computed from what is on file", () => {
  it("a new account owes the basics: business_type, ToS, profile and an external_account, all past due", () => {
    const s = accountStatus(blank(), now);
    expect(s.requirements.currently_due).toEqual([
      "business_profile.mcc",
      "business_profile.url",
      "business_type",
      "external_account",
      "tos_acceptance.date",
      "tos_acceptance.ip",
    ]);
    expect(s.requirements.past_due).toEqual(s.requirements.currently_due);
    expect(s.requirements.disabled_reason).toBe("requirements.past_due");
    expect(s.capabilities).toEqual({ card_payments: "inactive", transfers: "inactive" });
    expect(s).toMatchObject({
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
    });
  });

  it("an account that requests no capability owes nothing and is not enabled", () => {
    const s = accountStatus(blank({ capabilities: {} }), now);
    expect(s.requirements.currently_due).toEqual([]);
    expect(s.requirements.disabled_reason).toBeNull();
    expect(s.charges_enabled).toBe(false);
  });

  it("a US individual owes names, dob, address with state, email, phone and ssn_last_4 (field paths under individual.)", () => {
    const s = accountStatus(blank({ business_type: "individual" }), now);
    expect(s.requirements.currently_due).toEqual(
      expect.arrayContaining([
        "individual.first_name",
        "individual.dob.day",
        "individual.dob.month",
        "individual.dob.year",
        "individual.address.state",
        "individual.ssn_last_4",
        "individual.email",
        "individual.phone",
      ]),
    );
    expect(s.requirements.eventually_due).toContain("individual.id_number");
  });

  it("a GB individual owes no state and no ssn_last_4", () => {
    const s = accountStatus(blank({ country: "GB", business_type: "individual" }), now);
    expect(s.requirements.currently_due).toContain("individual.address.line1");
    expect(s.requirements.currently_due).not.toContain("individual.address.state");
    expect(s.requirements.currently_due).not.toContain("individual.ssn_last_4");
  });

  it("companies: GB and EU (DE, FR) need directors_provided, the US executives_provided, CA and AU neither", () => {
    const due = (country: string) =>
      accountStatus(blank({ country, business_type: "company" }), now).requirements.currently_due;
    for (const country of ["GB", "DE", "FR"]) {
      expect(due(country)).toContain("company.directors_provided");
      expect(due(country)).not.toContain("company.executives_provided");
    }
    expect(due("US")).toContain("company.executives_provided");
    expect(due("US")).toContain("representative.relationship.title");
    for (const country of ["CA", "AU"]) {
      expect(due(country)).not.toContain("company.directors_provided");
      expect(due(country)).toContain("company.address.state");
    }
    expect(due("DE")).not.toContain("company.address.state");
    for (const country of ["US", "GB", "DE", "CA", "AU"]) {
      expect(due(country)).toEqual(
        expect.arrayContaining([
          "company.name",
          "company.tax_id",
          "company.owners_provided",
          "representative.first_name",
        ]),
      );
    }
  });

  it("a non-profit owes no owners_provided; a representative on file is named by its person id", () => {
    const s = accountStatus(
      blank({ business_type: "non_profit", persons: [person({ id: "person_rep", dob: null })] }),
      now,
    );
    expect(s.requirements.currently_due).not.toContain("company.owners_provided");
    expect(s.requirements.currently_due).toContain("person_rep.dob.day");
    expect(s.requirements.currently_due).not.toContain("representative.first_name");
  });

  it("an owner whose identity document the sandbox rejected owes another, with the reason in errors; one that verifies owes none", () => {
    const checked = (document: string, at: number) =>
      submitIdentity(
        {},
        {
          first_name: "Grace",
          last_name: "Hopper",
          dob: { day: 9, month: 12, year: 1966 },
          address: null,
          id_number_result: undefined,
          document,
        },
        at,
      );
    const owner = (document: string, at: number) =>
      person({
        id: "person_owner",
        relationship: { owner: true, percent_ownership: 40 },
        verification: checked(document, at),
      });
    const company = (p: PersonFacts) =>
      blank({ country: "GB", business_type: "company", persons: [p] });
    const rejected = accountStatus(
      company(owner("file_identity_document_failure", now - checkDelay)),
      now,
    );
    expect(rejected.requirements.currently_due).toContain("person_owner.verification.document");
    expect(rejected.requirements.errors).toContainEqual({
      requirement: "person_owner.verification.document",
      code: "verification_document_failed_other",
      reason: "The identity document could not be verified.",
    });
    const pending = accountStatus(company(owner("file_ok", now - 60)), now);
    expect(pending.requirements.pending_verification).toContain(
      "person_owner.verification.document",
    );
    expect(pending.requirements.errors).toEqual([]);
    const verified = accountStatus(company(owner("file_ok", now - checkDelay)), now);
    expect(verified.requirements.currently_due).not.toContain("person_owner.verification.document");
    expect(verified.requirements.pending_verification).toEqual([]);
  });

  it("card_payments alone does not need an external_account; transfers alone does not need the mcc", () => {
    const cards = accountStatus(
      blank({ capabilities: { card_payments: { requested: true, requested_at: now } } }),
      now,
    );
    expect(cards.requirements.currently_due).not.toContain("external_account");
    const transfers = accountStatus(
      blank({ capabilities: { transfers: { requested: true, requested_at: now } } }),
      now,
    );
    expect(transfers.requirements.currently_due).not.toContain("business_profile.mcc");
    expect(transfers.requirements.currently_due).toContain("external_account");
  });

  it("everything on file and verified: both capabilities active, charges and payouts enabled", () => {
    const s = accountStatus(enabledIndividual(), now);
    expect(s.requirements).toMatchObject({
      currently_due: [],
      past_due: [],
      pending_verification: [],
      errors: [],
      disabled_reason: null,
    });
    expect(s.capabilities).toEqual({ card_payments: "active", transfers: "active" });
    expect(s).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
  });

  it("verification goes pending first and resolves when the clock passes the check's delay", () => {
    const submitted = now;
    const facts = enabledIndividual({
      individual: person({ id: "individual", relationship: {} }, submitted),
    });
    const before = accountStatus(facts, submitted + 60);
    expect(before.requirements.pending_verification).toContain("individual.dob.day");
    expect(before.requirements.disabled_reason).toBe("requirements.pending_verification");
    expect(before.capabilities.card_payments).toBe("pending");
    expect(before.details_submitted).toBe(true);
    expect(before.charges_enabled).toBe(false);
    const after = accountStatus(facts, submitted + checkDelay);
    expect(after.requirements.pending_verification).toEqual([]);
    expect(after.charges_enabled).toBe(true);
  });

  it("dob 1900-01-01 fails verification: an errors entry and a document currently due", () => {
    const s = accountStatus(
      enabledIndividual({
        individual: person({
          id: "individual",
          relationship: {},
          dob: { day: 1, month: 1, year: 1900 },
        }),
      }),
      now,
    );
    expect(s.requirements.errors).toEqual([
      expect.objectContaining({
        requirement: "individual.verification.document",
        code: "verification_failed_keyed_identity",
      }),
    ]);
    expect(s.requirements.currently_due).toEqual(["individual.verification.document"]);
    expect(s.charges_enabled).toBe(false);
    // A document is not information the account forgot to give.
    expect(s.details_submitted).toBe(true);
  });

  it("an errored bank account is an errors entry and external_account becomes due", () => {
    const s = accountStatus(
      enabledIndividual({ external_accounts: [{ ...bank, bank_outcome: "errored" }] }),
      now,
    );
    expect(s.requirements.currently_due).toEqual(["external_account"]);
    expect(s.requirements.errors[0]).toMatchObject({ requirement: "external_account" });
    expect(s.payouts_enabled).toBe(false);
    expect(s.charges_enabled).toBe(true);
  });

  it("a restricting risk intervention is currently due by its interv_ id and sets disabled_reason", () => {
    const s = accountStatus(
      enabledIndividual({
        interventions: [
          {
            id: "interv_1",
            disabled_reason: "rejected.fraud",
            deadline: null,
            created: now,
            submitted_at: null,
          },
        ],
      }),
      now,
    );
    expect(s.requirements.currently_due).toEqual(["interv_1"]);
    expect(s.requirements.past_due).toEqual(["interv_1"]);
    expect(s.requirements.disabled_reason).toBe("rejected.fraud");
    expect(s).toMatchObject({ charges_enabled: false, payouts_enabled: false });
  });

  it("an unrestricting intervention has a current_deadline, and is past due after it", () => {
    const facts = enabledIndividual({
      interventions: [
        { id: "interv_2", disabled_reason: null, deadline: null, created: now, submitted_at: null },
      ],
    });
    const s = accountStatus(facts, now);
    expect(s.requirements.currently_due).toEqual(["interv_2"]);
    expect(s.requirements.current_deadline).toBe(now + interventionGrace);
    expect(s.charges_enabled).toBe(true);
    const late = accountStatus(facts, now + interventionGrace);
    expect(late.requirements.past_due).toEqual(["interv_2"]);
    expect(late.requirements.disabled_reason).toBe("requirements.past_due");
    expect(late.charges_enabled).toBe(false);
  });

  it("an answered intervention is in review until the check settles, then resolved", () => {
    const facts = enabledIndividual({
      interventions: [
        {
          id: "interv_3",
          disabled_reason: "under_review",
          deadline: null,
          created: now,
          submitted_at: now,
        },
      ],
    });
    const s = accountStatus(facts, now);
    expect(s.requirements.currently_due).toEqual([]);
    expect(s.requirements.pending_verification).toEqual(["interv_3"]);
    expect(s.requirements.disabled_reason).toBe("under_review");
    const settled = accountStatus(facts, now + checkDelay);
    expect(settled.requirements.pending_verification).toEqual([]);
    expect(settled.requirements.disabled_reason).toBeNull();
    expect(settled.charges_enabled).toBe(true);
  });

  it("future_requirements name rules not yet in force and block nothing", () => {
    const s = accountStatus(
      blank({ business_type: "company", company: { name: "Rocket Rides" } }),
      now,
    );
    expect(s.future_requirements.currently_due).toEqual([
      "business_profile.support_phone",
      "company.structure",
    ]);
    expect(s.future_requirements.disabled_reason).toBeNull();
  });
});
