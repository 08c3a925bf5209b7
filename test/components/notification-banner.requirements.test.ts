import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import {
  type BannerNotification,
  countsOf,
  namesPersons,
  notificationsOf,
  requirementGroupOf,
} from "../../machines/components/notification-banner/notifications.ts";
import { type Account, businessTypes } from "../../protocol/objects/account.schema.ts";
import { personOf as person } from "../../protocol/objects/person.fixture.ts";
import type { Person } from "../../protocol/objects/person.schema.ts";
import { requirementsOf } from "../../protocol/objects/requirements.fixture.ts";
import {
  type RiskIntervention,
  riskInterventionSchema,
} from "../../protocol/objects/risk-intervention.schema.ts";
import { blankFacts } from "../../server/accounts/requirements.fixture.ts";
import {
  type AccountFacts,
  accountStatus,
  checkDelay,
  type PersonFacts,
} from "../../server/accounts/requirements.ts";
import {
  humanisedRequirement,
  requirementEntryText,
  requirementMessage,
} from "../../ui/components/notification-banner/requirement-labels.ts";
import deDE from "../../ui/i18n/messages/de-DE.json" with { type: "json" };
import enUS from "../../ui/i18n/messages/en-US.json" with { type: "json" };

// The notification banner names every requirement the provider can produce in words. The
// paths are not listed by hand: they are what the provider's own requirement rules
// (server/accounts/requirements.ts, `accountStatus`) answer for accounts of every country
// whose rules differ and every business type, with nothing on file, with persons of every
// role and nothing about them, with a failed identity check and with checks pending.

const now = 1_750_000_000;
const countries = ["US", "GB", "FR", "DE", "CA", "AU", "JP"] as const;
const blank = (country: string, over: Partial<AccountFacts> = {}) =>
  blankFacts(now, { country, ...over });

const emptyPerson = (id: string, relationship: PersonFacts["relationship"]): PersonFacts => ({
  id,
  first_name: null,
  last_name: null,
  email: null,
  phone: null,
  dob: null,
  address: null,
  relationship,
  id_number_provided: false,
  ssn_last_4_provided: false,
  verification: {},
});

/** A person with identity on file, checked at `submitted_at` with `outcome`. */
const checkedPerson = (
  id: string,
  relationship: PersonFacts["relationship"],
  verification: PersonFacts["verification"],
): PersonFacts => ({
  ...emptyPerson(id, relationship),
  first_name: "Jenny",
  last_name: "Rosen",
  dob: { day: 1, month: 1, year: 1990 },
  id_number_provided: true,
  verification,
});

const failed = { submitted_at: now - 2 * checkDelay, outcome: "failed" as const };
const pending = { submitted_at: now, outcome: "verified" as const, document_provided: true };

/** Accounts in every state the rules tell apart, per country and business type. */
function everyAccount(): AccountFacts[] {
  const out: AccountFacts[] = [];
  for (const country of countries) {
    out.push(blank(country));
    for (const business_type of businessTypes) {
      const persons = [
        emptyPerson("person_owner", { owner: true }),
        emptyPerson("person_director", { director: true }),
        emptyPerson("person_executive", { executive: true }),
      ];
      out.push(blank(country, { business_type }));
      out.push(
        blank(country, {
          business_type,
          persons: [emptyPerson("person_rep", { representative: true }), ...persons],
        }),
      );
      for (const verification of [failed, pending]) {
        out.push(
          blank(country, {
            business_type,
            individual: checkedPerson("person_ind", {}, verification),
            persons: [checkedPerson("person_rep", { representative: true }, verification)],
          }),
        );
      }
    }
  }
  return out;
}

/** Every requirement path the provider's rules produce (interventions aside). */
function providerPaths(): Set<string> {
  const paths = new Set<string>();
  for (const facts of everyAccount()) {
    const status = accountStatus(facts, now);
    for (const r of [status.requirements, status.future_requirements])
      for (const list of [r.currently_due, r.eventually_due, r.past_due, r.pending_verification])
        for (const path of list) paths.add(path);
  }
  return paths;
}

const intlOf = (locale: string, messages: Record<string, string>) =>
  createIntl({ locale, messages, onError: () => {} });
const en = intlOf("en-US", enUS);

const personOf = (
  id: string,
  first: string | null,
  relationship: Partial<Person["relationship"]>,
) => person({ id, first_name: first, last_name: first === null ? null : "Rosen", relationship });

/** The banner's entries for the provider's answer about `facts` (what is currently due). */
function bannerOf(facts: AccountFacts, persons: Person[] = [], individual?: Person) {
  const status = accountStatus(facts, now);
  const account = {
    requirements: status.requirements,
    future_requirements: status.future_requirements,
    ...(individual ? { individual } : {}),
  } as Pick<Account, "requirements" | "future_requirements" | "individual">;
  return notificationsOf(account, [], { fields: "currently_due" }, persons);
}

const requirementEntries = (entries: BannerNotification[]) =>
  entries.flatMap((e) => (e.kind === "requirement" ? [e] : []));

describe("every requirement the provider can produce has a label", () => {
  const paths = providerPaths();

  it("derives the paths from the provider's rules (persons, groups, reviews, the future ones)", () => {
    for (const expected of [
      "business_type",
      "tos_acceptance.ip",
      "external_account",
      "company.address.state",
      "company.owners_provided",
      "company.directors_provided",
      "company.executives_provided",
      "company.structure",
      "business_profile.support_phone",
      "individual.ssn_last_4",
      "individual.id_number",
      "individual.verification.document",
      "representative.relationship.title",
      "representative.dob.year",
      "person_owner.first_name",
      "person_executive.address.postal_code",
      "person_rep.verification.document",
    ])
      expect(paths).toContain(expected);
  });

  it.each([...paths].filter((p) => !p.startsWith("interv_")).map((p) => [p]))("%s", (path) => {
    expect(requirementMessage(path), path).toBeDefined();
  });
});

describe("the banner's entries: one line per thing to do, in words", () => {
  it("a US company owing its representative and its own details: a date of birth, an address, a name, the terms are one entry each", () => {
    const facts = blank("US", { business_type: "company", company: { name: "Riverside" } });
    const entries = requirementEntries(bannerOf(facts));
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(["representative.dob", "company.address"]));
    expect(ids).toContain("representative.address");
    expect(ids).toContain("representative.name");
    expect(ids).toContain("tos_acceptance");
    expect(ids.filter((id) => id.includes(".dob."))).toEqual([]);
    const dob = entries.find((e) => e.id === "representative.dob")!;
    expect(dob.paths).toEqual([
      "representative.dob.day",
      "representative.dob.month",
      "representative.dob.year",
    ]);
    expect(entries.find((e) => e.id === "representative.address")!.paths).toHaveLength(4);
    // Every path currently due is in exactly one entry, and the counts are the lines shown.
    const due = accountStatus(facts, now).requirements.currently_due;
    expect(entries.flatMap((e) => e.paths).sort()).toEqual([...due].sort());
    expect(countsOf(entries)).toEqual({ total: ids.length, actionRequired: ids.length });
    expect(new Set(ids).size).toBe(ids.length);
    // Each line reads in words: no API path, no underscore.
    for (const entry of entries) {
      const text = requirementEntryText(en, entry);
      expect(text, entry.id).not.toMatch(/[_]|\.\w/);
      expect(text, entry.id).toMatch(/^Information needed: /);
    }
    expect(requirementEntryText(en, dob)).toBe(
      "Information needed: Date of birth (Representative)",
    );
    expect(requirementEntryText(en, entries.find((e) => e.id === "company.tax_id")!)).toBe(
      "Information needed: Company tax ID",
    );
  });

  it("a person's entry names them: first and last name when the provider has them, else their role", () => {
    const facts = blank("US", {
      business_type: "company",
      persons: [
        emptyPerson("person_owner", { owner: true }),
        { ...emptyPerson("person_exec", { executive: true }), first_name: "Ada" },
      ],
    });
    const persons = [
      personOf("person_owner", null, { owner: true }),
      personOf("person_exec", "Ada", { executive: true }),
    ];
    const status = accountStatus(facts, now);
    const account = {
      requirements: status.requirements,
      future_requirements: status.future_requirements,
    } as Pick<Account, "requirements" | "future_requirements">;
    const entries = requirementEntries(
      notificationsOf(account, [], { fields: "eventually_due" }, persons),
    );
    const text = (id: string) => requirementEntryText(en, entries.find((e) => e.id === id)!);
    expect(text("person_owner.name")).toBe("Information needed: Full legal name (Owner)");
    expect(text("person_owner.dob")).toBe("Information needed: Date of birth (Owner)");
    expect(text("person_exec.address")).toBe("Information needed: Home address (Ada Rosen)");
    // A person the list does not hold is "a person on the account".
    const unknown = requirementEntries(notificationsOf(account, [], { fields: "eventually_due" }));
    expect(requirementEntryText(en, unknown.find((e) => e.id === "person_owner.dob")!)).toBe(
      "Information needed: Date of birth (Person on the account)",
    );
  });

  it("the individual is named from the account, else as the account holder; in the user's language", () => {
    const facts = blank("DE", { business_type: "individual" });
    const jenny = personOf("person_ind", "Jenny", {});
    const named = requirementEntries(bannerOf(facts, [], jenny));
    const dob = named.find((e) => e.id === "individual.dob")!;
    expect(requirementEntryText(en, dob)).toBe("Information needed: Date of birth (Jenny Rosen)");
    const de = intlOf("de-DE", deDE);
    expect(requirementEntryText(de, dob)).toBe(
      `${deDE["notificationBanner.requirementEntry"].replace("{requirement}", deDE["notificationBanner.personDob"])} (Jenny Rosen)`,
    );
    const anonymous = requirementEntries(bannerOf(facts));
    expect(requirementEntryText(en, anonymous.find((e) => e.id === "individual.address")!)).toBe(
      "Information needed: Home address (Account holder)",
    );
  });

  it("an identity challenge names its person: the individual from the account (no persons to read), another from the persons; a questionnaire names no one", () => {
    const challenge = (id: string, personId: string | null): RiskIntervention =>
      riskInterventionSchema.parse({
        id,
        object: "risk_intervention",
        account: "acct_1",
        reason: "Confirm an identity.",
        disabled_reason: null,
        deadline: null,
        created: now,
        status: "action_required",
        kind: personId === null ? "questionnaire" : "identity_verification",
        person: personId,
        last_error: null,
        submitted_at: null,
        resolved_at: null,
      });
    const account = {
      requirements: requirementsOf(),
      future_requirements: requirementsOf(),
      individual: personOf("person_ind", "Jenny", {}),
    } as Pick<Account, "requirements" | "future_requirements" | "individual">;
    const ofIndividual = [challenge("interv_1", "person_ind"), challenge("interv_2", null)];
    expect(namesPersons(account, ofIndividual)).toBe(false);
    const [mine, questionnaire] = notificationsOf(account, ofIndividual, {
      fields: "currently_due",
    });
    expect(mine).toMatchObject({
      subject: { prefix: "person_ind", role: "individual", name: "Jenny Rosen" },
    });
    expect(questionnaire).toMatchObject({ kind: "intervention", id: "interv_2" });
    expect(questionnaire && "subject" in questionnaire).toBe(false);
    const ofOwner = [challenge("interv_3", "person_owner")];
    expect(namesPersons(account, ofOwner)).toBe(true);
    const [owner] = notificationsOf(account, ofOwner, { fields: "currently_due" }, [
      personOf("person_owner", "Ada", { owner: true }),
    ]);
    expect(owner).toMatchObject({
      subject: { prefix: "person_owner", role: "owner", name: "Ada Rosen" },
    });
  });

  it("a thing in review is one entry in review; a thing with a part still due needs action", () => {
    const facts = blank("US", {
      business_type: "individual",
      individual: checkedPerson("person_ind", {}, pending),
    });
    const entries = requirementEntries(bannerOf(facts));
    const status = Object.fromEntries(entries.map((e) => [e.id, e.status]));
    expect(status["individual.name"]).toBe("in_review");
    expect(status["individual.dob"]).toBe("in_review");
    expect(status["individual.verification.document"]).toBe("in_review");
    expect(status["individual.address"]).toBe("action_required");
    const account = {
      requirements: {
        ...accountStatus(facts, now).requirements,
        currently_due: ["individual.dob.year"],
        pending_verification: ["individual.dob.day", "individual.dob.month"],
      },
      future_requirements: accountStatus(facts, now).future_requirements,
    } as Pick<Account, "requirements" | "future_requirements">;
    const mixed = requirementEntries(notificationsOf(account, [], { fields: "currently_due" }));
    expect(mixed.map((e) => [e.id, e.status])).toEqual([["individual.dob", "action_required"]]);
  });

  it("an unknown future path still reads: humanised from its segments, never raw", () => {
    expect(humanisedRequirement("company.verification.additional_document")).toBe(
      "Company – verification – additional document",
    );
    expect(humanisedRequirement("person_1.verification.additional_document")).toBe(
      "Verification – additional document",
    );
    expect(requirementGroupOf("person_1.address.line2")).toBe("person_1.address");
    const account = {
      requirements: requirementsOf({
        currently_due: ["person_9.verification.additional_document", "settings.payouts_x"],
      }),
      future_requirements: requirementsOf(),
    };
    const texts = requirementEntries(notificationsOf(account, [], { fields: "currently_due" })).map(
      (e) => requirementEntryText(en, e),
    );
    expect(texts).toEqual([
      "Information needed: Verification – additional document (Person on the account)",
      "Information needed: Settings – payouts x",
    ]);
    // A person yet to add, named by the role the path gives.
    const toAdd = requirementEntries(
      notificationsOf(
        {
          requirements: requirementsOf({
            currently_due: ["directors.first_name", "owners.dob.day", "owners.dob.year"],
          }),
          future_requirements: requirementsOf(),
        },
        [],
        { fields: "currently_due" },
      ),
    );
    expect(toAdd.map((e) => [e.id, requirementEntryText(en, e)])).toEqual([
      ["directors.name", "Information needed: Full legal name (Director)"],
      ["owners.dob", "Information needed: Date of birth (Owner)"],
    ]);
  });
});
