import { describe, expect, it } from "vitest";
import { getInitialSnapshot } from "xstate";
import * as z from "zod/mini";
import {
  type BannerEmitted,
  type BannerEvent,
  type BannerInput,
  lastRiskPage,
  notificationBannerMachine,
  RISK_FORM_NAME,
} from "../../machines/components/notification-banner/notification-banner.machine.ts";
import type {
  BannerNotification,
  CollectionChoice,
  NotificationStatus,
} from "../../machines/components/notification-banner/notifications.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import { type Account, accountSchema } from "../../protocol/objects/account.schema.ts";
import { type ApiList, listOf } from "../../protocol/objects/api-fields.schema.ts";
import { personOf } from "../../protocol/objects/person.fixture.ts";
import { type Person, personSchema } from "../../protocol/objects/person.schema.ts";
import { requirementsOf } from "../../protocol/objects/requirements.fixture.ts";
import type { Requirements } from "../../protocol/objects/requirements.schema.ts";
import {
  type RiskIntervention,
  riskFormPages,
  riskInterventionSchema,
  riskSubmissionContextSchema,
} from "../../protocol/objects/risk-intervention.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel, simplePaths } from "./harness.ts";

/**
 * The notification banner's machine walked through its graph: the account read (one owing
 * its website with its tax id in review, one owing an owner's date of birth and address,
 * one owing nothing), then its risk interventions (one open, one in review, an identity
 * challenge of the owner, all resolved), then — when a requirement or a challenge is a
 * person's — its persons, so the entries name the owner; any read failing (500) or refused
 * (401), a retry, a refresh; entries opened (those needing action, one in review, an
 * unknown one), the multi-page risk form paged forward and back past both ends, a
 * requirement's form, the challenge's document form, each closed or resolved; the mobile
 * dismiss and toggle. Under two `collectionOptions`:
 * what is currently due, and what is eventually due with the future requirements.
 *
 * The fake provider answers with objects parsed by the protocol's schemas, and each answer
 * is checked against the schema the machine asked with. The entries expected after each
 * load are written out by hand per fixture, not computed with the machine's helper.
 *
 * States are told apart by what the banner shows (`distinguish`): where it is, the account
 * read, the entries, the counts last reported, whether it is dismissed, and in a form the
 * entry open and the risk form's page; `expanded` and the failure kept change nothing else
 * and are checked on each step instead.
 */

type Machine = typeof notificationBannerMachine;
type Snapshot = ReturnType<typeof getInitialSnapshot<Machine>>;

// ---- The provider's objects, parsed by the protocol schemas -------------------------------

const CREATED = 1_767_000_000;
const DAY = 86_400;

const accountOf = (
  stage: string,
  requirements: Requirements,
  future_requirements: Requirements,
): Account =>
  accountSchema.parse({
    id: "acct_1",
    object: "account",
    type: "custom",
    controller: { losses: { payments: "application" } },
    country: "US",
    default_currency: "usd",
    email: "owner@example.com",
    business_type: "company",
    business_profile: {
      name: "Riverside Books",
      url: null,
      mcc: "5942",
      product_description: "Second-hand books, sold in the shop and online.",
      support_email: "help@example.com",
      support_phone: null,
      support_url: null,
    },
    company: {
      name: "Riverside Books LLC",
      address: {
        line1: "1 Main St",
        line2: null,
        city: "Springfield",
        state: "IL",
        postal_code: "62701",
        country: "US",
      },
      phone: "+12175550100",
      tax_id_provided: true,
      directors_provided: true,
      owners_provided: true,
      executives_provided: true,
      structure: null,
    },
    capabilities: { card_payments: "pending", transfers: "pending" },
    tos_acceptance: {
      date: CREATED,
      ip: "203.0.113.7",
      user_agent: null,
      service_agreement: "full",
    },
    requirements,
    future_requirements,
    details_submitted: true,
    charges_enabled: false,
    payouts_enabled: false,
    external_accounts: {
      object: "list",
      url: "/v1/accounts/acct_1/external_accounts",
      has_more: false,
      data: [],
    },
    metadata: { stage },
    created: CREATED,
  });

const interventionOf = (
  id: string,
  status: RiskIntervention["status"],
  created: number,
): RiskIntervention =>
  riskInterventionSchema.parse({
    id,
    object: "risk_intervention",
    account: "acct_1",
    reason: "We need to know more about how your business handles disputes.",
    disabled_reason: status === "resolved" ? null : "under_review",
    deadline: created + 7 * DAY,
    created,
    status,
    kind: "questionnaire",
    person: null,
    last_error: null,
    submitted_at: status === "action_required" ? null : created + DAY,
    resolved_at: status === "resolved" ? created + 2 * DAY : null,
  });

/** An identity challenge of the owner (`person_1`), open: its last document refused. */
const challengeOf = (id: string, created: number): RiskIntervention =>
  riskInterventionSchema.parse({
    id,
    object: "risk_intervention",
    account: "acct_1",
    reason: "Confirm the identity of your business's owner.",
    disabled_reason: null,
    deadline: created + 7 * DAY,
    created,
    status: "action_required",
    kind: "identity_verification",
    person: "person_1",
    last_error: {
      code: "verification_document_failed_other",
      reason: "The document could not be verified.",
    },
    submitted_at: created,
    resolved_at: null,
  });

const interventionList = (data: RiskIntervention[]): ApiList<RiskIntervention> =>
  listOf(riskInterventionSchema).parse({
    object: "list",
    url: "/v1/account/risk_interventions",
    has_more: false,
    data,
  }) as ApiList<RiskIntervention>;

/** An entry as the tests name it: its kind, id and status. */
type Entry = `${BannerNotification["kind"]} ${string}: ${NotificationStatus}`;
const action = (kind: BannerNotification["kind"], id: string): Entry =>
  `${kind} ${id}: action_required`;
const review = (kind: BannerNotification["kind"], id: string): Entry => `${kind} ${id}: in_review`;

const COLLECTIONS = [
  { label: "currently due", collection: { fields: "currently_due" } },
  {
    label: "eventually due, future included",
    collection: { fields: "eventually_due", future_requirements: "include" },
  },
] as const satisfies readonly { label: string; collection: CollectionChoice }[];
type CollectionLabel = (typeof COLLECTIONS)[number]["label"];

interface AccountFixture {
  label: string;
  account: Account;
  /** The requirement entries expected, per collection: those due, then those in review. */
  expected: Record<CollectionLabel, Entry[]>;
}

/**
 * The open intervention `interv_2` is currently due on the account (as the provider lists
 * it): the banner shows it from the interventions, never as a requirement.
 */
const ACCOUNTS: AccountFixture[] = [
  {
    label: "owes its website, tax id in review",
    account: accountOf(
      "owes its website, tax id in review",
      requirementsOf({
        currently_due: ["business_profile.url", "company.tax_id", "interv_2"],
        eventually_due: [
          "business_profile.support_phone",
          "business_profile.url",
          "company.tax_id",
          "interv_2",
        ],
        past_due: ["business_profile.url", "interv_2"],
        pending_verification: ["company.tax_id"],
        disabled_reason: "requirements.past_due",
      }),
      requirementsOf({
        currently_due: ["company.structure"],
        eventually_due: ["company.structure"],
      }),
    ),
    expected: {
      "currently due": [
        action("requirement", "business_profile.url"),
        review("requirement", "company.tax_id"),
      ],
      "eventually due, future included": [
        action("requirement", "business_profile.support_phone"),
        action("requirement", "business_profile.url"),
        action("requirement", "company.structure"),
        review("requirement", "company.tax_id"),
      ],
    },
  },
  {
    label: "owes an owner's date of birth",
    account: accountOf(
      "owes an owner's date of birth",
      requirementsOf({
        currently_due: ["person_1.dob.day", "person_1.dob.month", "person_1.dob.year"],
        eventually_due: [
          "person_1.address.city",
          "person_1.address.line1",
          "person_1.dob.day",
          "person_1.dob.month",
          "person_1.dob.year",
        ],
        past_due: ["person_1.dob.day", "person_1.dob.month", "person_1.dob.year"],
        disabled_reason: "requirements.past_due",
      }),
      requirementsOf(),
    ),
    // The parts of one thing are one entry: the date of birth, the address.
    expected: {
      "currently due": [action("requirement", "person_1.dob")],
      "eventually due, future included": [
        action("requirement", "person_1.address"),
        action("requirement", "person_1.dob"),
      ],
    },
  },
  {
    label: "owes nothing",
    account: accountOf("owes nothing", requirementsOf(), requirementsOf()),
    expected: { "currently due": [], "eventually due, future included": [] },
  },
];

/** The persons the account with a person's requirements has: its owner, named. */
const PERSONS = listOf(personSchema).parse({
  object: "list",
  url: "/v1/accounts/acct_1/persons",
  has_more: false,
  data: [
    personOf({
      id: "person_1",
      first_name: "Ada",
      last_name: "Lovelace",
      relationship: { owner: true, percent_ownership: 60 },
    }),
  ],
}) as ApiList<Person>;
/**
 * Whether the provider's answers name a person: a person's requirement, or an open identity
 * challenge of one (then the persons are read).
 */
const namesAPerson = (account: Account, list: ApiList<RiskIntervention>) =>
  [account.requirements, account.future_requirements].some((r) =>
    [r.currently_due, r.eventually_due, r.pending_verification].some((paths) =>
      paths.some((p) => p.startsWith("person_")),
    ),
  ) || list.data.some((i) => i.person !== null && i.status !== "resolved");

interface ListFixture {
  label: string;
  list: ApiList<RiskIntervention>;
  /** The intervention entries expected, newest first, resolved ones left out. */
  expected: Entry[];
}

const LISTS: ListFixture[] = [
  {
    label: "one open",
    list: interventionList([
      interventionOf("interv_2", "action_required", CREATED + DAY),
      interventionOf("interv_1", "resolved", CREATED),
    ]),
    expected: [action("intervention", "interv_2")],
  },
  {
    label: "one in review",
    list: interventionList([
      interventionOf("interv_2", "in_review", CREATED + DAY),
      interventionOf("interv_1", "resolved", CREATED),
    ]),
    expected: [review("intervention", "interv_2")],
  },
  {
    label: "a challenge of the owner",
    list: interventionList([
      challengeOf("interv_3", CREATED + 2 * DAY),
      interventionOf("interv_1", "resolved", CREATED),
    ]),
    expected: [action("intervention", "interv_3")],
  },
  {
    label: "all resolved",
    list: interventionList([
      interventionOf("interv_2", "resolved", CREATED + DAY),
      interventionOf("interv_1", "resolved", CREATED),
    ]),
    expected: [],
  },
];

/** Anything due or in review in what the provider answered (the banner is blank otherwise). */
function anythingDue(account: Account, list: ApiList<RiskIntervention>, c: CollectionChoice) {
  const paths = [
    ...account.requirements[c.fields],
    ...(c.future_requirements === "include" ? account.future_requirements[c.fields] : []),
    ...account.requirements.pending_verification,
  ];
  return (
    list.data.some((i) => i.status !== "resolved") || paths.some((p) => !p.startsWith("interv_"))
  );
}

// ---- The model ----------------------------------------------------------------------------

const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];

const invokeOf = (step: "account" | "persons" | "interventions") =>
  notificationBannerMachine.getStateNodeById(`notificationBanner.loading.${step}`).invoke[0]!.id;
const ACCOUNT_CALL = invokeOf("account");
const PERSONS_CALL = invokeOf("persons");
const INTERVENTIONS_CALL = invokeOf("interventions");

const entryOf = (n: BannerNotification): Entry => `${n.kind} ${n.id}: ${n.status}`;
const inForm = (s: Snapshot) =>
  s.matches({ ready: "riskForm" }) ||
  s.matches({ ready: "requirementForm" }) ||
  s.matches({ ready: "challengeForm" });
/** The form an entry needing action opens. */
const formOf = (entry: BannerNotification) =>
  entry.kind === "requirement"
    ? "requirementForm"
    : entry.intervention.kind === "questionnaire"
      ? "riskForm"
      : "challengeForm";
const UNKNOWN_ENTRY = "interv_unknown";

function modelFor(input: BannerInput): MachineModel<Machine> {
  return {
    machine: notificationBannerMachine,
    input,
    events: {
      // Every entry shown (those in review too), and one the banner does not show.
      "entry.open": (snapshot: Snapshot) => [
        ...snapshot.context.notifications.map((n) => ({ type: "entry.open" as const, id: n.id })),
        { type: "entry.open" as const, id: UNKNOWN_ENTRY },
      ],
      [`${DONE}${ACCOUNT_CALL}`]: ACCOUNTS.map(({ account }) => ({
        type: `${DONE}${ACCOUNT_CALL}`,
        output: account,
      })),
      [`${DONE}${PERSONS_CALL}`]: [{ type: `${DONE}${PERSONS_CALL}`, output: PERSONS }],
      [`${DONE}${INTERVENTIONS_CALL}`]: LISTS.map(({ list }) => ({
        type: `${DONE}${INTERVENTIONS_CALL}`,
        output: list,
      })),
      [`${ERROR}${ACCOUNT_CALL}`]: FAILURES.map(({ error }) => ({
        type: `${ERROR}${ACCOUNT_CALL}`,
        error,
      })),
      [`${ERROR}${PERSONS_CALL}`]: FAILURES.map(({ error }) => ({
        type: `${ERROR}${PERSONS_CALL}`,
        error,
      })),
      [`${ERROR}${INTERVENTIONS_CALL}`]: FAILURES.map(({ error }) => ({
        type: `${ERROR}${INTERVENTIONS_CALL}`,
        error,
      })),
    } as MachineModel<Machine>["events"],
    describeEvent: (event) => {
      const e = event as BannerEvent | { type: string; output?: unknown; error?: unknown };
      const failure = FAILURES.find((f) => "error" in e && f.error === e.error)?.label;
      if (e.type === `${DONE}${ACCOUNT_CALL}`)
        return `account: ${ACCOUNTS.find((a) => "output" in e && a.account === e.output)?.label}`;
      if (e.type === `${DONE}${PERSONS_CALL}`) return "persons: its owner";
      if (e.type === `${DONE}${INTERVENTIONS_CALL}`)
        return `interventions: ${LISTS.find((l) => "output" in e && l.list === e.output)?.label}`;
      if (e.type === `${ERROR}${ACCOUNT_CALL}`) return `account ${failure}`;
      if (e.type === `${ERROR}${PERSONS_CALL}`) return `persons ${failure}`;
      if (e.type === `${ERROR}${INTERVENTIONS_CALL}`) return `interventions ${failure}`;
      if (e.type === "entry.open" && "id" in e) return `open ${e.id}`;
      return e.type;
    },
    distinguish: (snapshot) => {
      const { context } = snapshot;
      return {
        value: snapshot.value,
        account: context.account?.metadata.stage ?? null,
        persons: context.persons.length,
        entries: context.notifications.map(entryOf),
        reported: context.reported,
        dismissed: context.dismissed,
        // While the persons are read, the interventions already read make the entries.
        ...(snapshot.matches({ loading: "persons" })
          ? { interventions: context.interventions.map((i) => `${i.id}: ${i.status}`) }
          : {}),
        // Outside a form the entry last open and its page no longer matter: a load clears
        // the entry, and opening one starts at the first page.
        ...(inForm(snapshot) ? { open: context.open?.id, page: context.page } : {}),
      };
    },
  };
}

/** The events of a dismissed banner's life: loads answering, a dismiss, a refresh. */
const DISMISS_WALK = new Set(["dismiss", "refresh"]);
const inDismissWalk = (_s: Snapshot, e: { type: string }) =>
  DISMISS_WALK.has(e.type) || e.type.startsWith(DONE);

const cases = COLLECTIONS.flatMap(({ label, collection }) => {
  const model = modelFor({ collection });
  const paths = new Map(
    coveringPaths(model, { maxDepth: 4, dedupe: true }).map((p) => [p.name, p]),
  );
  // A dismiss then a load of the same or other counts is 6 steps: walked on its own events.
  for (const p of simplePaths(model, { maxDepth: 6, dedupe: true, filterEvents: inDismissWalk }))
    paths.set(p.name, p);
  return [...paths.values()].map((path) => ({
    name: `${label}: ${path.name}`,
    collection: label,
    model,
    path,
  }));
});

/** The graph's loads after a dismiss: whether the counts changed. */
/** Whether the step is the last read of a load (the interventions, or the persons after them). */
const settles = (type: string, now: Snapshot) =>
  (type.startsWith(`${DONE}${INTERVENTIONS_CALL}`) || type.startsWith(`${DONE}${PERSONS_CALL}`)) &&
  now.matches("ready");

const loadsAfterDismiss = cases.flatMap(({ path }) =>
  path.steps.flatMap((step, i) => {
    const was = (i === 0 ? null : path.steps[i - 1]!.expected) as Snapshot | null;
    const now = step.expected as Snapshot;
    if (!settles(step.event.type, now) || !was?.context.dismissed) return [];
    return [JSON.stringify(now.context.reported) === JSON.stringify(was.context.reported)];
  }),
);

const countsOfEntries = (entries: readonly Entry[]) => ({
  total: entries.length,
  actionRequired: entries.filter((e) => e.endsWith(": action_required")).length,
});

describe("the notification banner's machine, model-based", () => {
  it("walks every answer and failure of the three reads, retry, refresh, every entry opened (an identity challenge too), the risk form paged, each form closed and resolved, dismiss and toggle", () => {
    const walked = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      ...ACCOUNTS.map((a) => `account: ${a.label}`),
      ...LISTS.map((l) => `interventions: ${l.label}`),
      "persons: its owner",
      ...FAILURES.flatMap((f) => [
        `account ${f.label}`,
        `persons ${f.label}`,
        `interventions ${f.label}`,
      ]),
      "retry",
      "refresh",
      "open interv_2",
      "open interv_3",
      "open business_profile.url",
      "open company.tax_id",
      "open company.structure",
      "open person_1.dob",
      `open ${UNKNOWN_ENTRY}`,
      "page.next",
      "page.back",
      "entry.close",
      "resolved",
      "dismiss",
      "toggle",
    ])
      expect(walked).toContain(label);
    const reached = cases.map((c) => JSON.stringify(c.path.target.value));
    for (const state of [
      { ready: "list" },
      { ready: "riskForm" },
      { ready: "requirementForm" },
      { ready: "challengeForm" },
      { loading: "account" },
      { loading: "persons" },
      { loading: "interventions" },
      "failed",
    ])
      expect(reached).toContain(JSON.stringify(state));
    // The risk form reaches its last page.
    expect(cases.some((c) => c.path.target.context.page === lastRiskPage)).toBe(true);
    // A dismissed banner is loaded again with the same counts, and with others.
    expect(loadsAfterDismiss).toContain(true);
    expect(loadsAfterDismiss).toContain(false);
  });
});

describe("every path: each read is asked with its schema and the answer fits it; after a load the entries are those due or in review (interventions first), blank exactly when nothing is due or in review, and the counts are emitted, equal to the entries needing action and the total, after the first load and whenever they change, never for a reload that finds the same; a failure keeps the entries, a 401 is one `unauthorized`, only the first load's failure is `load.failed`; only an entry needing action opens its form (a questionnaire the risk form, an identity challenge its document form, naming its person), at the first page; the risk form pages within its pages, each move emitted as its context record; a form closes back to the list, resolved loads again; a dismissed banner shows again exactly when the counts change", () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    "%s",
    async (_name, { collection: label, model, path }) => {
      const { collection } = COLLECTIONS.find((c) => c.label === label)!;
      const calls = new FakeCalls();
      // Unused: every answer is the one the path's done step names.
      const machine = notificationBannerMachine.provide({
        actors: {
          fetchResource: calls.logic<unknown, FetchResourceInput>("fetchResource", () => {
            throw new Error("every answer is named by the path");
          }),
        },
      });
      const run = await replayWithCalls(machine, model.input, path, calls);
      try {
        // On start: the account is asked for, nothing is emitted.
        expect(run.initialEffects).toEqual([]);
        expect(calls.calls.map((c) => (c.input as FetchResourceInput).url)).toContain(
          "/v1/account",
        );
        let before = getInitialSnapshot(notificationBannerMachine, model.input);
        let answered: Account | null = null;
        let answeredList: ApiList<RiskIntervention> | null = null;
        let loads = 0;
        let reports = 0;
        let lastCounts: unknown = null;
        for (const step of run.steps) {
          const now = step.snapshot as Snapshot;
          const { context } = now;
          const was = before.context;
          const effects = step.effects as BannerEmitted[];
          const event = step.event as BannerEvent | { type: string; output?: unknown };
          const where = `${step.label} in "${path.name}"`;

          // A call is started by a load only: the account first, then its interventions,
          // then its persons when a requirement or an identity challenge is a person's.
          for (const call of step.started) {
            const input = call.input as FetchResourceInput;
            if (now.matches({ loading: "account" })) {
              expect(input.url, where).toBe("/v1/account");
              expect(input.schema, where).toBe(accountSchema);
            } else if (now.matches({ loading: "persons" })) {
              expect(input.url, where).toBe("/v1/accounts/acct_1/persons?limit=100");
              expect(
                namesAPerson(context.account!, interventionList(context.interventions)),
                where,
              ).toBe(true);
            } else {
              expect(now.matches({ loading: "interventions" }), where).toBe(true);
              expect(input.url, where).toBe("/v1/account/risk_interventions");
            }
          }
          // The answer is what the machine's own request schema accepts.
          if (step.call && "output" in event) {
            const { schema } = step.call.input as FetchResourceInput;
            expect(z.parse(schema, event.output), where).toEqual(event.output);
          }
          // Only a load emits the counts; only a page move emits a move.
          if (!settles(event.type, now))
            expect(
              effects.filter((e) => e.type === "notifications.changed"),
              where,
            ).toEqual([]);
          if (event.type !== "page.next" && event.type !== "page.back")
            expect(
              effects.filter((e) => e.type === "risk.page.changed"),
              where,
            ).toEqual([]);
          // A form is open only on an entry that needs action, of its kind.
          if (now.matches({ ready: "riskForm" })) {
            expect(context.open?.kind, where).toBe("intervention");
            if (context.open?.kind === "intervention")
              expect(context.open.intervention.kind, where).toBe("questionnaire");
            expect(context.open?.status, where).toBe("action_required");
            expect(context.page, where).toBeGreaterThanOrEqual(0);
            expect(context.page, where).toBeLessThanOrEqual(lastRiskPage);
          } else if (now.matches({ ready: "challengeForm" })) {
            expect(context.open?.kind, where).toBe("intervention");
            if (context.open?.kind === "intervention")
              expect(context.open.intervention.kind, where).toBe("identity_verification");
            expect(context.open?.status, where).toBe("action_required");
          } else if (now.matches({ ready: "requirementForm" })) {
            expect(context.open?.kind, where).toBe("requirement");
            expect(context.open?.status, where).toBe("action_required");
          } else if (now.matches({ ready: "list" })) {
            expect(context.open, where).toBeNull();
          }
          // Only toggle changes `expanded`, only a dismiss or a load `dismissed`.
          if (event.type !== "toggle") expect(context.expanded, where).toBe(was.expanded);

          if (event.type === `${DONE}${ACCOUNT_CALL}`) {
            answered = (event as { output: Account }).output;
            expect(now.matches({ loading: "interventions" }), where).toBe(true);
            expect(context.account, where).toBe(answered);
            expect(context.notifications, where).toEqual(was.notifications);
            expect(effects, where).toEqual([]);
          } else if (
            event.type === `${DONE}${INTERVENTIONS_CALL}` &&
            namesAPerson(answered!, (event as { output: ApiList<RiskIntervention> }).output)
          ) {
            answeredList = (event as { output: ApiList<RiskIntervention> }).output;
            expect(now.matches({ loading: "persons" }), where).toBe(true);
            expect(context.interventions, where).toEqual(answeredList.data);
            expect(context.notifications, where).toEqual(was.notifications);
            expect(effects, where).toEqual([]);
          } else if (settles(event.type, now)) {
            if (event.type === `${DONE}${INTERVENTIONS_CALL}`) {
              answeredList = (event as { output: ApiList<RiskIntervention> }).output;
              expect(context.persons, where).toEqual([]);
            } else expect(context.persons, where).toEqual(PERSONS.data);
            const list = answeredList!;
            const account = ACCOUNTS.find((a) => a.account === answered)!;
            const interventions = LISTS.find((l) => l.list === list)!;
            const expected = [...interventions.expected, ...account.expected[label]];
            loads += 1;
            expect(now.matches({ ready: "list" }), where).toBe(true);
            expect(context.notifications.map(entryOf), where).toEqual(expected);
            // Each entry carries what it resolves: the intervention, or the requirement (its
            // path or group) and the provider's paths it stands for; a person's names them.
            for (const n of context.notifications) {
              if (n.kind === "intervention") {
                expect(n.intervention, where).toEqual(list.data.find((i) => i.id === n.id));
                // An identity challenge names its person, as the persons list has them.
                if (n.intervention.person !== null)
                  expect(n.subject, where).toEqual({
                    prefix: "person_1",
                    role: "owner",
                    name: "Ada Lovelace",
                  });
                else expect(n.subject, where).toBeUndefined();
              } else {
                expect(n.requirement, where).toBe(n.id);
                expect(n.paths.length, where).toBeGreaterThan(0);
                if (n.id.startsWith("person_"))
                  expect(n.subject, where).toEqual({
                    prefix: "person_1",
                    role: "owner",
                    name: "Ada Lovelace",
                  });
                else expect(n.subject, where).toBeUndefined();
              }
            }
            // Blank exactly when the provider lists nothing due and nothing in review.
            expect(context.notifications.length === 0, where).toBe(
              !anythingDue(account.account, list, collection),
            );
            const counts = countsOfEntries(expected);
            const same =
              was.reported !== null &&
              was.reported.total === counts.total &&
              was.reported.actionRequired === counts.actionRequired;
            // The host hears the counts after the first load and when they change only.
            expect(effects, where).toEqual(same ? [] : [{ type: "notifications.changed", counts }]);
            if (!same) reports += 1;
            expect(context.reported, where).toEqual(counts);
            lastCounts = counts;
            expect(context.dismissed, where).toBe(same && was.dismissed);
            expect(context.failure, where).toBeNull();
          } else if (event.type.startsWith(ERROR)) {
            const { error } = event as unknown as { error: unknown };
            const failure = failureOf(error);
            expect(now.matches("failed"), where).toBe(true);
            expect(context.failure, where).toEqual(failure);
            if (failure.kind === "http" && failure.status === 401)
              expect(effects, where).toEqual([{ type: "unauthorized" }]);
            else if (was.reported === null)
              expect(effects, where).toEqual([{ type: "load.failed", failure }]);
            else expect(effects, where).toEqual([]);
            // The entries already shown stay shown.
            expect(context.notifications, where).toEqual(was.notifications);
            expect(context.reported, where).toEqual(was.reported);
          } else {
            const e = event as BannerEvent;
            // The person's events emit nothing but page moves and leave the entries alone.
            if (e.type !== "page.next" && e.type !== "page.back")
              expect(effects, where).toEqual([]);
            expect(context.notifications, where).toEqual(was.notifications);
            switch (e.type) {
              case "retry":
                expect(before.matches("failed"), where).toBe(true);
                expect(now.matches({ loading: "account" }), where).toBe(true);
                expect(step.started, where).toHaveLength(1);
                break;
              case "refresh":
              case "resolved":
                expect(before.matches("ready"), where).toBe(true);
                expect(now.matches({ loading: "account" }), where).toBe(true);
                expect(step.started, where).toHaveLength(1);
                if (e.type === "resolved") {
                  expect(inForm(before), where).toBe(true);
                  expect(context.open, where).toBeNull();
                }
                break;
              case "entry.open": {
                expect(before.matches({ ready: "list" }), where).toBe(true);
                const entry = was.notifications.find((n) => n.id === e.id);
                if (entry?.status === "action_required") {
                  expect(now.matches({ ready: formOf(entry) }), where).toBe(true);
                  expect(context.open, where).toBe(entry);
                  expect(context.page, where).toBe(0);
                  expect(context.lastMove, where).toBeNull();
                } else {
                  // In review, or not shown: nothing opens.
                  expect(now.matches({ ready: "list" }), where).toBe(true);
                }
                expect(step.started, where).toEqual([]);
                break;
              }
              case "entry.close":
                expect(inForm(before), where).toBe(true);
                expect(now.matches({ ready: "list" }), where).toBe(true);
                expect(context.page, where).toBe(0);
                break;
              case "page.next":
              case "page.back": {
                expect(now.matches({ ready: "riskForm" }), where).toBe(true);
                expect(context.open, where).toBe(was.open);
                const to = was.page + (e.type === "page.next" ? 1 : -1);
                if (to < 0 || to > lastRiskPage) {
                  expect(context.page, where).toBe(was.page);
                  expect(effects, where).toEqual([]);
                  break;
                }
                const move = {
                  requirement_id: was.open!.id,
                  risk_experience_form_name: RISK_FORM_NAME,
                  is_multi_page_form: true,
                  current_page_index: was.page,
                  new_page_index: to,
                  start_page_type: riskFormPages[was.page]!.type,
                  end_page_type: riskFormPages[to]!.type,
                };
                expect(context.page, where).toBe(to);
                expect(effects, where).toEqual([{ type: "risk.page.changed", move }]);
                // The move is the protocol's risk-experience context record.
                riskSubmissionContextSchema.parse({
                  ...move,
                  risk_experience_surface: "notification_banner",
                  is_obo: false,
                });
                break;
              }
              case "dismiss":
                expect(before.matches("ready"), where).toBe(true);
                expect(context.dismissed, where).toBe(true);
                break;
              case "toggle":
                expect(context.expanded, where).toBe(!was.expanded);
                break;
            }
            if (e.type !== "dismiss") expect(context.dismissed, where).toBe(was.dismissed);
          }
          before = now;
        }
        // One report per change of counts, the last one what the banner holds; one
        // `unauthorized` per 401.
        const all = [...run.initialEffects, ...run.steps.flatMap((s) => s.effects)];
        expect(all.filter((e) => e.type === "notifications.changed")).toHaveLength(reports);
        if (loads > 0) expect(before.context.reported).toEqual(lastCounts);
        const refusals = run.steps.filter(
          (s) => (s.event as { error?: unknown }).error === FAILURES[1]!.error,
        ).length;
        expect(all.filter((e) => e.type === "unauthorized")).toHaveLength(refusals);
      } finally {
        run.actor.stop();
      }
    },
  );
});
