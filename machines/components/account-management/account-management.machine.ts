import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { type Account, accountSchema } from "../../../protocol/objects/account.schema.ts";
import { listOf } from "../../../protocol/objects/api-fields.schema.ts";
import { type Person, personSchema } from "../../../protocol/objects/person.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { SignInOutcome } from "../../auth/sign-in.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";
import { signInGate, signInOutcomeIs } from "../sign-in-gate.ts";

/**
 * account-management (issue 12 item 3) and account-management-form (item 4): the session's
 * own account by section — the business's details, the company, its persons (or the
 * individual), the public support details, the payout bank account — each shown, and edited
 * one at a time. An edit is sensitive: unless the session sets
 * `disable_{provider}_user_authentication` it waits behind the kit's sign-in gate (the
 * provider user signs in through the popup, once per component).
 *
 * States: `loading` (the account through the kit's `fetchResource`, then — for a business
 * with persons — its persons), `shown`, `authorising` → `signingIn` (prompt, waiting,
 * blocked; `cancel` goes back) → `opening` → `editing` (the section's form: `section.saved`
 * when the provider answered it, `section.signInRequired` when the provider refused it for
 * want of a signed-in provider user — back to `signingIn` — and `cancel`; the payout bank
 * account's own flow — it signs in by itself — sends `payout.saved`, from `shown` too) or,
 * for `remove` (one of a business's persons), `confirmingRemoval` (the kit's confirm dialog:
 * `remove.confirm`, `cancel`) → `removingPerson` (`DELETE /v1/accounts/:id/persons/:person`
 * through `removePerson`: done, the sections are read again; the provider's refusal — the
 * representative — is kept for the dialog; a refusal for want of a sign-in goes back to
 * `signingIn`), `refreshing` (the account and persons read again after a save, the sections
 * kept on screen), `closed` (the form component: its one section closed, emits `closed`),
 * `failed` (`retry`), `unauthorized` (a 401).
 *
 * With `focus` (account-management-form's `sectionView`) the loaded account opens that
 * section's edit at once, and leaving it — saved or cancelled — closes the component.
 */

/** The sections of the account (§5: only company, person, support, external_account may be disabled). */
export const managementSections = [
  "business",
  "company",
  "person",
  "support",
  "external_account",
] as const;
export type ManagementSection = (typeof managementSections)[number];

/** What is edited: a section, and for `person` which one (an id, `new`, or the individual: null). */
export interface EditTarget {
  section: ManagementSection;
  person: string | null;
}

export interface AccountManagementInput {
  /** The session does not set `disable_{provider}_user_authentication`. */
  signInRequired: boolean;
  /** A provider user is signed in already (the data layer's auth state). */
  signedIn: boolean;
  /** account-management-form: the one section to open. */
  focus: EditTarget | null;
}

export interface AccountManagementContext {
  signInRequired: boolean;
  /** Edits are allowed: a provider user signed in, or none is required. */
  authorised: boolean;
  focus: EditTarget | null;
  account: Account | null;
  persons: readonly Person[];
  editing: EditTarget | null;
  /** `editing` names a person to remove (not a form to open). */
  removing: boolean;
  /** The key of the removal confirmed (one per confirmation: the person's intent). */
  removalKey: string | null;
  /** Why the provider refused the last removal (shown on the dialog). */
  removalFailure: CallFailure | null;
  /** The section whose save was shown last (its "saved" note), until the next edit. */
  saved: ManagementSection | null;
  failure: CallFailure | null;
}

export type AccountManagementEvent =
  | { type: "edit"; target: EditTarget }
  /** Remove one of a business's persons (by id), once confirmed. */
  | { type: "remove"; person: string }
  | { type: "remove.confirm"; idempotencyKey: string }
  | { type: "cancel" }
  | { type: "signIn.start" }
  /** The section's form saved: the provider answered it. */
  | { type: "section.saved" }
  /** The provider refused the section's save: a provider user must sign in first. */
  | { type: "section.signInRequired" }
  /** The payout bank account's own flow saved a new default. */
  | { type: "payout.saved" }
  | { type: "retry" };

export type AccountManagementEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure }
  | { type: "closed" };

export const accountRequest: FetchResourceInput = { url: "/v1/account", schema: accountSchema };

/** The account's persons (a business's: representative, owners, directors, executives). */
export const personsRequest = (accountId: string): FetchResourceInput => ({
  url: `/v1/accounts/${encodeURIComponent(accountId)}/persons?limit=100`,
  schema: listOf(personSchema),
});

/** The removal of a person: `DELETE /v1/accounts/:account/persons/:person`, with its key. */
export interface RemovePersonInput {
  body: { account: string; person: string };
  idempotencyKey: string;
}

/** The removal's path (the mutation's URL, made from its body). */
export const removePersonUrl = (body: RemovePersonInput["body"]) =>
  `/v1/accounts/${encodeURIComponent(body.account)}/persons/${encodeURIComponent(body.person)}`;

/**
 * The provider refused a change because the key is the account session's own and the session
 * asks for the provider user's sign-in (403 `user_authentication_required`).
 */
export const needsSignIn = (failure: CallFailure | null | undefined) =>
  failure?.kind === "http" &&
  failure.status === 403 &&
  failure.error.code === "user_authentication_required";

/** A business has persons of its own; an individual is the person. */
export const hasPersons = (account: Pick<Account, "business_type">) =>
  account.business_type !== null && account.business_type !== "individual";

const failureOf = (event: unknown) => toCallFailure((event as { error?: unknown }).error);

/** The account then its persons, read into the context; `done` once both answered. */
const reading = (done: string, first: boolean) =>
  ({
    initial: "account",
    states: {
      account: {
        invoke: {
          id: "fetchResource",
          src: "fetchResource",
          input: () => accountRequest,
          onDone: [
            { guard: "businessAnswered", target: "persons", actions: "keepAccount" },
            { target: done, actions: ["keepAccount", "noPersons"] },
          ],
          onError: failing(first),
        },
      },
      persons: {
        invoke: {
          id: "fetchResource",
          src: "fetchResource",
          input: ({ context }: { context: AccountManagementContext }) =>
            personsRequest(context.account?.id ?? ""),
          onDone: { target: done, actions: "keepPersons" },
          onError: failing(first),
        },
      },
    },
  }) as const;

function failing(first: boolean) {
  return [
    {
      guard: "unauthorizedError" as const,
      target: "#accountManagement.unauthorized",
      actions: "emitUnauthorized" as const,
    },
    {
      target: "#accountManagement.failed",
      actions: first ? ("failFirst" as const) : ("keepFailure" as const),
    },
  ] as const;
}

export const accountManagementMachine = setup({
  types: {
    input: {} as AccountManagementInput,
    context: {} as AccountManagementContext,
    events: {} as AccountManagementEvent,
    emitted: {} as AccountManagementEmitted,
  },
  actors: {
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("fetchResource is provided by the frame (actors/components/)");
    }),
    signIn: fromPromise<SignInOutcome>(async () => {
      throw new Error("provide the frame's popup sign-in as signIn (FrameServices.signIn)");
    }),
    removePerson: fromPromise<unknown, RemovePersonInput>(async () => {
      throw new Error("provide the frame's DELETE mutation as removePerson (removePersonUrl)");
    }),
  },
  guards: {
    signInOutcomeIs,
    unauthorizedError: ({ event }) => {
      const failure = failureOf(event);
      return failure.kind === "http" && failure.status === 401;
    },
    businessAnswered: ({ event }) => hasPersons((event as unknown as { output: Account }).output),
    focusPending: ({ context }) => context.focus !== null && context.editing === null,
    // The payout bank account's own flow (the external_account key) signs in by itself.
    authorised: ({ context }) =>
      context.authorised ||
      !context.signInRequired ||
      context.editing?.section === "external_account",
    focused: ({ context }) => context.focus !== null,
    removalIntended: ({ context }) => context.removing,
    personOnFile: ({ context, event }) =>
      event.type === "remove" && context.persons.some((p) => p.id === event.person),
    signInNeeded: ({ event }) => needsSignIn(failureOf(event)),
  },
  actions: {
    keepAccount: assign(({ event }) => ({
      account: (event as unknown as { output: Account }).output,
      failure: null,
    })),
    keepPersons: assign(({ event }) => ({
      persons: (event as unknown as { output: { data: Person[] } }).output.data,
    })),
    noPersons: assign({ persons: [] }),
    openFocus: assign(({ context }) => ({ editing: context.focus, saved: null })),
    open: assign(({ event }) =>
      event.type === "edit" ? { editing: event.target, removing: false, saved: null } : {},
    ),
    openRemoval: assign(({ event }) =>
      event.type === "remove"
        ? {
            editing: { section: "person" as const, person: event.person },
            removing: true,
            removalFailure: null,
            saved: null,
          }
        : {},
    ),
    keepRemovalKey: assign(({ event }) =>
      event.type === "remove.confirm"
        ? { removalKey: event.idempotencyKey, removalFailure: null }
        : {},
    ),
    keepRemovalFailure: assign({ removalFailure: ({ event }) => failureOf(event) }),
    // The provider wants a signed-in provider user after all (the user's key lapsed).
    unauthorise: assign({ authorised: false }),
    // Reached through the gate or its guard, an edit other than the payout bank account's
    // (whose own flow signs in) means edits are allowed from now on.
    authorise: assign(({ context }) => ({
      authorised: context.authorised || context.editing?.section !== "external_account",
    })),
    keepSaved: assign(({ context }) => ({ saved: context.editing?.section ?? null })),
    keepPayoutSaved: assign({ saved: "external_account" as const }),
    leave: assign({ editing: null, removing: false, removalKey: null, removalFailure: null }),
    keepFailure: assign({ failure: ({ event }) => failureOf(event) }),
    // The failure kept for the view (its request id) and told to the platform, in one step.
    failFirst: enqueueActions(({ enqueue, event }) => {
      const failure = failureOf(event);
      enqueue.assign({ failure });
      enqueue.emit({ type: "load.failed", failure });
    }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
    emitClosed: emit({ type: "closed" as const }),
  },
}).createMachine({
  id: "accountManagement",
  context: ({ input }) => ({
    signInRequired: input.signInRequired,
    authorised: input.signedIn || !input.signInRequired,
    focus: input.focus,
    account: null,
    persons: [],
    editing: null,
    removing: false,
    removalKey: null,
    removalFailure: null,
    saved: null,
    failure: null,
  }),
  initial: "loading",
  states: {
    loading: reading("#accountManagement.shown", true),
    shown: {
      always: { guard: "focusPending", target: "authorising", actions: "openFocus" },
      on: {
        edit: { target: "authorising", actions: "open" },
        remove: { guard: "personOnFile", target: "authorising", actions: "openRemoval" },
        "payout.saved": { target: "refreshing", actions: "keepPayoutSaved" },
      },
    },
    authorising: {
      always: [{ guard: "authorised", target: "opening" }, { target: "signingIn" }],
    },
    signingIn: {
      ...signInGate("#accountManagement.opening"),
      on: { cancel: { target: "leaving" } },
    },
    opening: {
      entry: "authorise",
      always: [{ guard: "removalIntended", target: "confirmingRemoval" }, { target: "editing" }],
    },
    editing: {
      on: {
        "section.saved": { target: "refreshing", actions: "keepSaved" },
        "section.signInRequired": { target: "signingIn", actions: "unauthorise" },
        "payout.saved": { target: "refreshing", actions: "keepPayoutSaved" },
        cancel: "leaving",
      },
    },
    confirmingRemoval: {
      on: {
        "remove.confirm": { target: "removingPerson", actions: "keepRemovalKey" },
        cancel: "leaving",
      },
    },
    removingPerson: {
      invoke: {
        id: "removePerson",
        src: "removePerson",
        input: ({ context }) => ({
          body: { account: context.account?.id ?? "", person: context.editing?.person ?? "" },
          idempotencyKey: context.removalKey ?? "",
        }),
        onDone: { target: "refreshing", actions: "keepSaved" },
        onError: [
          {
            guard: "unauthorizedError",
            target: "#accountManagement.unauthorized",
            actions: "emitUnauthorized",
          },
          { guard: "signInNeeded", target: "signingIn", actions: "unauthorise" },
          { target: "confirmingRemoval", actions: "keepRemovalFailure" },
        ],
      },
    },
    refreshing: reading("#accountManagement.leaving", false),
    leaving: {
      always: [
        { guard: "focused", target: "closed", actions: ["leave", "emitClosed"] },
        { target: "shown", actions: "leave" },
      ],
    },
    closed: {},
    failed: {
      on: { retry: { target: "loading", actions: "leave" } },
    },
    unauthorized: {},
  },
});

/** The section a requirement (`business_profile.url`, `person_….dob`) belongs to, if any. */
export function sectionOfRequirement(requirement: string): ManagementSection | null {
  if (requirement.startsWith("business_profile.support_")) return "support";
  if (requirement.startsWith("business_profile.")) return "business";
  if (requirement.startsWith("company.")) return "company";
  if (/^(individual|representative|owners|directors|executives|person_[^.]+)\./.test(requirement))
    return "person";
  if (requirement === "external_account") return "external_account";
  return null;
}

/** The sections holding any of `requirements` (those the host's collectionOptions select). */
export const sectionsNeeding = (requirements: readonly string[]): Set<ManagementSection> =>
  new Set(requirements.map(sectionOfRequirement).filter((s) => s !== null));
