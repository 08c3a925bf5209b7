import { describe, expect, it } from "vitest";
import type { CallFailure } from "../../machines/auth/failure.ts";
import type { SignInOutcome } from "../../machines/auth/sign-in.ts";
import {
  type AccountManagementEmitted,
  type AccountManagementInput,
  accountManagementMachine,
  accountRequest,
  personsRequest,
  type RemovePersonInput,
  sectionOfRequirement,
  sectionsNeeding,
} from "../../machines/components/account-management/account-management.machine.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import type { Account } from "../../protocol/objects/account.schema.ts";
import { personOf } from "../../protocol/objects/person.fixture.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * account-management's lifecycle walked through its graph, for the component (no focus; the
 * provider user must sign in), and for account-management-form (a focused section; one with
 * the sign-in turned off by the session, one on the payout bank account, whose own flow signs
 * in): the account read (an individual; a company, then its persons), failing (500) or refused
 * (401), retried; an edit opened, its sign-in (signed in, closed, blocked, failed), cancelled
 * or saved, the payout flow's save, the reads after a save. On every path: each read is the
 * session's account, or the persons of the account just read; no form opens before the
 * provider user signed in when the session asks for it; a load's failure is
 * `load.failed` (a refresh's is not), a 401 one `unauthorized`; a focused form closes (`closed`, once) when left,
 * the component never closes.
 */

type Machine = typeof accountManagementMachine;
const FETCH = "fetchResource";

const accountOf = (businessType: "individual" | "company"): Account =>
  ({
    id: "acct_1",
    object: "account",
    country: "US",
    business_type: businessType,
    business_profile: {},
    requirements: { currently_due: [] },
  }) as unknown as Account;
const INDIVIDUAL = accountOf("individual");
const COMPANY = accountOf("company");
const PERSONS = {
  object: "list",
  url: "/v1/accounts/acct_1/persons",
  has_more: false,
  data: [personOf({ id: "person_1", first_name: "Jenny" })],
};
const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];
const refusal = (status: number, code: string): CallFailure => ({
  kind: "http",
  status,
  error: { type: "invalid_request_error", code, message: code },
  requestId: `req_${status}`,
});
const REMOVAL_FAILURES = [
  { label: "removal refused (representative)", error: refusal(400, "person_is_representative") },
  { label: "removal needs sign-in", error: refusal(403, "user_authentication_required") },
  { label: "removal refused 401", error: http(401) },
];
const REMOVED = { id: "person_1", object: "person", deleted: true };
const KEY = "ik_remove_1";

const reading = (s: { matches(v: unknown): boolean }, part: "account" | "persons") =>
  s.matches({ loading: part }) || s.matches({ refreshing: part });

const modelFor = (input: AccountManagementInput): MachineModel<Machine> => ({
  machine: accountManagementMachine,
  input,
  events: {
    edit: [
      { type: "edit", target: { section: "support", person: null } },
      { type: "edit", target: { section: "external_account", person: null } },
    ],
    [`${DONE}${FETCH}`]: (s: Parameters<typeof reading>[0]) =>
      reading(s, "persons")
        ? [{ type: `${DONE}${FETCH}`, output: PERSONS }]
        : [
            { type: `${DONE}${FETCH}`, output: INDIVIDUAL },
            { type: `${DONE}${FETCH}`, output: COMPANY },
          ],
    [`${ERROR}${FETCH}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${FETCH}`, error })),
    [`${DONE}signIn`]: ["signed_in", "not_signed_in", "blocked"].map((output) => ({
      type: `${DONE}signIn`,
      output,
    })),
    [`${ERROR}signIn`]: [{ type: `${ERROR}signIn`, error: new Error("popup failed") }],
    remove: [
      { type: "remove", person: "person_1" },
      { type: "remove", person: "person_elsewhere" },
    ],
    "remove.confirm": [{ type: "remove.confirm", idempotencyKey: KEY }],
    [`${DONE}removePerson`]: [{ type: `${DONE}removePerson`, output: REMOVED }],
    [`${ERROR}removePerson`]: REMOVAL_FAILURES.map(({ error }) => ({
      type: `${ERROR}removePerson`,
      error,
    })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as {
      type: string;
      output?: unknown;
      error?: unknown;
      target?: { section: string };
    };
    if (e.type === "edit") return `edit ${e.target?.section}`;
    if (e.type === "remove") return `remove ${(e as { person?: string }).person}`;
    if (e.type === `${DONE}removePerson`) return "person removed";
    if (e.type === `${ERROR}removePerson`)
      return REMOVAL_FAILURES.find((f) => f.error === e.error)?.label ?? "removal fails";
    if (e.type === `${DONE}signIn`) return `popup ${String(e.output)}`;
    if (e.type === `${ERROR}signIn`) return "popup fails";
    if (e.type === `${DONE}${FETCH}`)
      return e.output === PERSONS
        ? "persons answer"
        : `account answers (${(e.output as Account).business_type})`;
    if (e.type === `${ERROR}${FETCH}`)
      return FAILURES.find((f) => f.error === e.error)?.label ?? "fails";
    return e.type;
  },
  distinguish: (snapshot) => ({
    value: snapshot.value,
    editing: snapshot.context.editing,
    saved: snapshot.context.saved,
    removing: snapshot.context.removing,
    refused: snapshot.context.removalFailure !== null,
    authorised: snapshot.context.authorised,
    businessType: snapshot.context.account?.business_type ?? null,
    persons: snapshot.context.persons.length,
  }),
});

const INPUTS: { label: string; input: AccountManagementInput }[] = [
  { label: "component", input: { signInRequired: true, signedIn: false, focus: null } },
  {
    label: "component, signed in already",
    input: { signInRequired: true, signedIn: true, focus: null },
  },
  {
    label: "form on support, sign-in off",
    input: { signInRequired: false, signedIn: false, focus: { section: "support", person: null } },
  },
  {
    label: "form on the payout account",
    input: {
      signInRequired: true,
      signedIn: false,
      focus: { section: "external_account", person: null },
    },
  },
];

const cases = INPUTS.flatMap(({ label, input }) =>
  coveringPaths(modelFor(input), { maxDepth: 7, dedupe: true }).map((path) => ({
    name: `${label}: ${path.name}`,
    input,
    path,
  })),
);

describe("account-management, model-based", () => {
  it("walks the reads, their failures, the sign-in, an edit cancelled and saved, the payout flow's save, and a focused form closing", () => {
    const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "account answers (individual)",
      "account answers (company)",
      "persons answer",
      "fails 500",
      "refused 401",
      "retry",
      "edit support",
      "edit external_account",
      "signIn.start",
      "popup signed_in",
      "popup not_signed_in",
      "popup blocked",
      "popup fails",
      "cancel",
      "section.saved",
      "section.signInRequired",
      "payout.saved",
      "remove person_1",
      "remove.confirm",
      "person removed",
      "removal refused (representative)",
      "removal needs sign-in",
      "removal refused 401",
    ])
      expect(labels).toContain(label);
    const reached = new Set(cases.map((c) => JSON.stringify(c.path.target.value)));
    for (const state of [
      '"shown"',
      '"editing"',
      '{"signingIn":"blocked"}',
      '"closed"',
      '"failed"',
      '"unauthorized"',
      '{"refreshing":"persons"}',
      '"confirmingRemoval"',
      '"removingPerson"',
    ])
      expect(reached).toContain(state);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { input, path }) => {
    const calls = new FakeCalls();
    const machine = accountManagementMachine.provide({
      actors: {
        signIn: calls.logic("signIn", (): SignInOutcome => "signed_in"),
        fetchResource: calls.logic<unknown, FetchResourceInput>(FETCH, () => INDIVIDUAL),
        removePerson: calls.logic<unknown, RemovePersonInput>("removePerson", () => REMOVED),
      },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      let signedIn = input.signedIn;
      // A read's failure while loading (not a refresh after a save) is the load error.
      let loading = true;
      let closed = 0;
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const effects = step.effects as AccountManagementEmitted[];
        const event = step.event as { type: string; output?: unknown; error?: unknown };
        for (const call of step.started.filter((c) => c.src === FETCH))
          expect(call.input).toEqual(
            step.snapshot.matches({ loading: "persons" }) ||
              step.snapshot.matches({ refreshing: "persons" })
              ? personsRequest("acct_1")
              : accountRequest,
          );
        if (event.type === `${DONE}signIn` && event.output === "signed_in") signedIn = true;
        // A removal is the confirmed person's, with the key of its confirmation, and only
        // once a provider user signed in (when the session asks for it).
        for (const call of step.started.filter((c) => c.src === "removePerson")) {
          expect(call.input).toEqual({
            body: { account: "acct_1", person: "person_1" },
            idempotencyKey: KEY,
          });
          expect(signedIn || !input.signInRequired).toBe(true);
        }
        // A person not on file is never offered for removal.
        if (event.type === "remove" && (event as { person?: string }).person !== "person_1")
          expect(step.snapshot.matches("shown")).toBe(true);
        const removal = REMOVAL_FAILURES.find((f) => f.error === event.error);
        if (removal?.label === "removal refused (representative)") {
          // The refusal stays on the dialog: nothing else changes.
          expect(step.snapshot.value).toBe("confirmingRemoval");
          expect(context.removalFailure).toEqual(removal.error);
        }
        if (removal?.label === "removal needs sign-in" || event.type === "section.signInRequired") {
          // The provider wants the provider user: the popup's sign-in again.
          expect(step.snapshot.matches("signingIn")).toBe(true);
          expect(context.authorised).toBe(false);
          signedIn = false;
        }
        if (removal?.label === "removal refused 401") {
          expect(step.snapshot.value).toBe("unauthorized");
          expect(effects).toEqual([{ type: "unauthorized" }]);
        }
        if (event.type === `${DONE}removePerson`) {
          // Removed: the account and its persons are read again, the section marked saved.
          expect(step.snapshot.matches({ refreshing: "account" })).toBe(true);
          expect(context.saved).toBe("person");
        }
        // No form opens before the provider user signed in, when the session asks for it
        // (the payout bank account's own flow signs in by itself).
        if (step.snapshot.matches("editing") && context.editing?.section !== "external_account")
          expect(signedIn || !input.signInRequired).toBe(true);
        const failure = FAILURES.find((f) => f.error === event.error);
        if (failure?.label === "refused 401") {
          expect(step.snapshot.value).toBe("unauthorized");
          expect(effects).toEqual([{ type: "unauthorized" }]);
        } else if (failure) {
          expect(step.snapshot.value).toBe("failed");
          // A load's failure is the platform's load error; a refresh's is not.
          expect(effects).toEqual(
            loading ? [{ type: "load.failed", failure: failureOf(failure.error) }] : [],
          );
        }
        // A business's persons are read after it; an individual has none.
        if (event.type === `${DONE}${FETCH}` && event.output === INDIVIDUAL)
          expect(context.persons).toEqual([]);
        if (event.type === `${DONE}${FETCH}` && event.output === PERSONS)
          expect(context.persons).toEqual(PERSONS.data);
        // A focused form opens at once once read, and closes when left; the component never.
        if (input.focus !== null && step.snapshot.matches("shown"))
          throw new Error("a focused form never rests on the sections");
        const closes = effects.filter((e) => e.type === "closed").length;
        closed += closes;
        expect(closes).toBe(step.snapshot.matches("closed") && closes > 0 ? 1 : 0);
        if (closes > 0) expect(input.focus).not.toBeNull();
        loading = step.snapshot.matches("loading");
      }
      expect(closed).toBe(path.target.matches("closed") ? 1 : 0);
    } finally {
      run.actor.stop();
    }
  });
});

describe("account-management's sections needing information", () => {
  it("maps each requirement to its section, and leaves out what no section collects", () => {
    expect(sectionOfRequirement("business_profile.url")).toBe("business");
    expect(sectionOfRequirement("business_profile.support_phone")).toBe("support");
    expect(sectionOfRequirement("company.tax_id")).toBe("company");
    expect(sectionOfRequirement("individual.dob.day")).toBe("person");
    expect(sectionOfRequirement("person_123.address.city")).toBe("person");
    expect(sectionOfRequirement("external_account")).toBe("external_account");
    expect(sectionOfRequirement("tos_acceptance.date")).toBeNull();
    expect([...sectionsNeeding(["company.name", "tos_acceptance.ip", "company.phone"])]).toEqual([
      "company",
    ]);
  });
});
