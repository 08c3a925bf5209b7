import { assign, emit, fromPromise, setup } from "xstate";
import { listOf } from "../../../protocol/objects/api-fields.schema.ts";
import { type Person, personSchema } from "../../../protocol/objects/person.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";
import type { PersonRole } from "./company-forms.ts";

/**
 * account-onboarding's persons step: the company's persons (`GET
 * /v1/accounts/:id/persons`) as a list, and one of them (or a new one) in the person form.
 *
 * States: `loading` (the list, through the kit's `fetchResource`), `list` (`add` opens the
 * form for a new person, with a relationship ticked when one is named; `edit` opens it for a
 * person on the list), `editing` (`cancel` back to the list; `saved`: the person is on the
 * provider, so the list is read again), `failed` (`retry`).
 *
 * Emitted: `person.saved` when a person was saved (the flow reads the account's requirements
 * again).
 */

export interface PersonsInput {
  accountId: string;
}

export interface PersonsContext extends PersonsInput {
  persons: readonly Person[];
  /** The person in the form: one on file, or a new one (`null`) with the role to tick. */
  editing: { person: Person | null; role: PersonRole | null } | null;
  failure: CallFailure | null;
}

export type PersonsEvent =
  | { type: "add"; role?: PersonRole }
  | { type: "edit"; id: string }
  | { type: "cancel" }
  | { type: "saved" }
  | { type: "retry" };

export type PersonsEmitted = { type: "person.saved" };

/** The persons' list call (the provider pages by 100 at most; a company has fewer). */
export const personsRequest = (accountId: string): FetchResourceInput => ({
  url: `/v1/accounts/${encodeURIComponent(accountId)}/persons?limit=100`,
  schema: listOf(personSchema),
});

export const personsMachine = setup({
  types: {
    context: {} as PersonsContext,
    events: {} as PersonsEvent,
    emitted: {} as PersonsEmitted,
    input: {} as PersonsInput,
  },
  actors: {
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("fetchResource is provided by the frame (actors/components/)");
    }),
  },
  guards: {
    onFile: ({ context, event }) =>
      event.type === "edit" && context.persons.some((p) => p.id === event.id),
  },
}).createMachine({
  id: "onboardingPersons",
  context: ({ input }) => ({ ...input, persons: [], editing: null, failure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "fetchResource",
        src: "fetchResource",
        input: ({ context }) => personsRequest(context.accountId),
        onDone: {
          target: "list",
          actions: assign({
            // Oldest first: the order the persons were added in.
            persons: ({ event }) => [...(event.output as { data: Person[] }).data].reverse(),
            failure: null,
          }),
        },
        onError: {
          target: "failed",
          actions: assign({ failure: ({ event }) => toCallFailure(event.error) }),
        },
      },
    },
    list: {
      entry: assign({ editing: null }),
      on: {
        add: {
          target: "editing",
          actions: assign({ editing: ({ event }) => ({ person: null, role: event.role ?? null }) }),
        },
        edit: {
          guard: "onFile",
          target: "editing",
          actions: assign({
            editing: ({ context, event }) => ({
              person: context.persons.find((p) => p.id === event.id) ?? null,
              role: null,
            }),
          }),
        },
      },
    },
    editing: {
      on: {
        cancel: "list",
        saved: { target: "loading", actions: emit({ type: "person.saved" as const }) },
      },
    },
    failed: {
      on: { retry: "loading" },
    },
  },
});
