import { describe, expect, it } from "vitest";
import {
  type PersonsEmitted,
  type PersonsInput,
  personsMachine,
  personsRequest,
} from "../../machines/components/account-onboarding/persons.machine.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import type { Person } from "../../protocol/objects/person.schema.ts";
import { DONE, ERROR, FakeCalls, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * account-onboarding's persons step walked through its graph: the company's persons read
 * (none, then a representative and an owner), a new person added (bare, or as an owner), a
 * person on file edited (and an id not on file refused), the form cancelled or saved, a
 * read failing and retried. On every path: each read is the account's own persons list;
 * the list shows them oldest first; the form holds exactly the person asked for; a save is
 * one `person.saved` and reads the list again; a failure keeps nothing in the form.
 */

type Machine = typeof personsMachine;
const FETCH = "fetchResource";
const INPUT: PersonsInput = { accountId: "acct_1" };

const personOf = (id: string, role: "representative" | "owner", created: number): Person =>
  ({
    id,
    object: "person",
    account: "acct_1",
    first_name: id,
    created,
    relationship: {
      representative: role === "representative",
      owner: role === "owner",
      director: false,
      executive: false,
      title: null,
      percent_ownership: role === "owner" ? 60 : null,
    },
  }) as unknown as Person;
const REP = personOf("person_rep", "representative", 1);
const OWNER = personOf("person_owner", "owner", 2);
/** The provider's lists, newest first. */
const LISTS = [
  { label: "none", data: [] as Person[] },
  { label: "representative and owner", data: [OWNER, REP] },
];
const listOf = (data: Person[]) => ({ object: "list", url: "/", has_more: false, data });

const model: MachineModel<Machine> = {
  machine: personsMachine,
  input: INPUT,
  events: {
    [`${DONE}${FETCH}`]: LISTS.map(({ data }) => ({
      type: `${DONE}${FETCH}`,
      output: listOf(data),
    })),
    [`${ERROR}${FETCH}`]: [{ type: `${ERROR}${FETCH}`, error: http(500) }],
    add: [{ type: "add" }, { type: "add", role: "owner" }],
    edit: [
      { type: "edit", id: REP.id },
      { type: "edit", id: "person_elsewhere" },
    ],
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as { type: string; output?: { data: Person[] }; role?: string; id?: string };
    if (e.type.startsWith(DONE))
      return `persons: ${LISTS.find((l) => l.data.length === e.output?.data.length)?.label}`;
    if (e.type.startsWith(ERROR)) return "list fails 500";
    if (e.type === "add") return e.role ? `add an ${e.role}` : "add a person";
    if (e.type === "edit") return `edit ${e.id}`;
    return e.type;
  },
  distinguish: (snapshot) => ({
    value: snapshot.value,
    persons: snapshot.context.persons.map((p) => p.id),
    editing: snapshot.context.editing && {
      id: snapshot.context.editing.person?.id ?? null,
      role: snapshot.context.editing.role,
    },
  }),
};

const paths = coveringPaths(model, { maxDepth: 5, dedupe: true });

describe("account-onboarding's persons step, model-based", () => {
  it("walks both lists, adding, editing, cancelling, saving, a failed read and its retry", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "persons: none",
      "persons: representative and owner",
      "add a person",
      "add an owner",
      `edit ${REP.id}`,
      "cancel",
      "saved",
      "list fails 500",
      "retry",
    ])
      expect(walked).toContain(label);
    for (const state of ["list", "editing", "loading", "failed"])
      expect(paths.map((p) => p.target.value)).toContain(state);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const answers = path.steps
      .map((s) => (s.event as { output?: unknown }).output)
      .filter((o) => o !== undefined);
    let answered = 0;
    const calls = new FakeCalls();
    const machine = personsMachine.provide({
      actors: {
        fetchResource: calls.logic<unknown, FetchResourceInput>(FETCH, () => answers[answered++]),
      },
    });
    const run = await replayWithCalls(machine, INPUT, path, calls);
    try {
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const effects = step.effects as PersonsEmitted[];
        for (const call of step.started) expect(call.input).toEqual(personsRequest("acct_1"));
        const event = step.event as { type: string; output?: { data: Person[] }; id?: string };
        if (event.type.startsWith(DONE)) {
          expect(step.snapshot.value).toBe("list");
          // Oldest first.
          expect(context.persons).toEqual([...(event.output?.data ?? [])].reverse());
          expect(context.editing).toBeNull();
        }
        if (event.type === "add") {
          expect(step.snapshot.value).toBe("editing");
          expect(context.editing?.person).toBeNull();
        }
        if (event.type === "edit") {
          const onFile = context.persons.find((p) => p.id === event.id);
          expect(step.snapshot.value).toBe(onFile ? "editing" : "list");
          if (onFile) expect(context.editing?.person).toBe(onFile);
        }
        if (event.type === "saved") {
          expect(effects).toEqual([{ type: "person.saved" }]);
          expect(step.snapshot.value).toBe("loading");
          expect(step.started).toHaveLength(1);
        } else {
          expect(effects).toEqual([]);
        }
        if (event.type === "cancel") expect(context.editing).toBeNull();
        if (event.type.startsWith(ERROR)) {
          expect(step.snapshot.value).toBe("failed");
          expect(context.failure).toMatchObject({ kind: "http", status: 500 });
        }
      }
    } finally {
      run.actor.stop();
    }
  });
});
