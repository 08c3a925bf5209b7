import { emit, enqueueActions, setup } from "xstate";
import {
  allowedCategories,
  type ConsentAllowance,
  type ConsentEnforcementMode,
  type ConsentRecord,
  consentCategories,
} from "../../protocol/site/consent.ts";
import { siteConstants } from "../../protocol/site/constants.ts";

/**
 * The consent manager of one provider page (SPEC.md §1, §9; issue 16 item 1).
 *
 * - `resolving`: the enforcement mode is asked for (`mode.fetch`). Until it answers, and for
 *   good when it has not answered within 1 s, the page is `restricted`: only authentication
 *   and essential.
 * - `ready`: every 100 ms the consent cookie is read again (`cookie.poll`), so a choice made
 *   in another tab (the `/cookie-settings` page) is picked up; a choice made here
 *   (`consent.choose`) is persisted (`consent.persist`).
 * - Whenever what is allowed changes, `consent.changed` says so, and a category that is no
 *   longer allowed has everything written in it removed (`storage.purge`).
 *
 * The machine holds no cookie, fetch or timer of its own: the actor shell
 * (`actors/site/consent.ts`) performs the effects and reports back.
 */

export interface ConsentInput {
  /** The consent cookie as the page found it (null: no choice made yet). */
  record: ConsentRecord | null;
}

export type ConsentEvent =
  | { type: "mode.answered"; mode: ConsentEnforcementMode }
  | { type: "mode.failed" }
  | { type: "cookie.read"; record: ConsentRecord | null }
  | { type: "consent.choose"; record: ConsentRecord };

export type ConsentEmitted =
  | { type: "mode.fetch" }
  | { type: "cookie.poll" }
  | { type: "consent.persist"; record: ConsentRecord }
  | { type: "consent.changed"; allowed: ConsentAllowance }
  | { type: "storage.purge"; categories: ("functional" | "advertising")[] };

export interface ConsentContext {
  mode: ConsentEnforcementMode;
  /** Whether the mode came from the provider (false: the restricted fallback). */
  modeKnown: boolean;
  record: ConsentRecord | null;
  allowed: ConsentAllowance;
}

const sameRecord = (a: ConsentRecord | null, b: ConsentRecord | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.timestamp === b.timestamp &&
    consentCategories.every((c) => a[c] === b[c]));

/** The effects of moving from `before` to `after`: a change notice and the purge of losses. */
function changesOf(before: ConsentAllowance, after: ConsentAllowance): ConsentEmitted[] {
  const lost = (["functional", "advertising"] as const).filter((c) => before[c] && !after[c]);
  const changed = consentCategories.some((c) => before[c] !== after[c]);
  return [
    ...(lost.length > 0 ? [{ type: "storage.purge" as const, categories: [...lost] }] : []),
    ...(changed ? [{ type: "consent.changed" as const, allowed: after }] : []),
  ];
}

/** The context after taking a new mode and/or record. */
function next(
  context: ConsentContext,
  patch: { mode?: ConsentEnforcementMode; record?: ConsentRecord | null },
): ConsentContext {
  const mode = patch.mode ?? context.mode;
  const record = patch.record === undefined ? context.record : patch.record;
  return {
    mode,
    modeKnown: context.modeKnown || patch.mode !== undefined,
    record,
    allowed: allowedCategories(mode, record),
  };
}

type Patch = { mode?: ConsentEnforcementMode; record?: ConsentRecord | null };

export const consentMachine = setup({
  types: {
    input: {} as ConsentInput,
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    emitted: {} as ConsentEmitted,
  },
  delays: {
    modeTimeout: siteConstants.enforcementModeTimeoutMs,
    poll: siteConstants.consentPollMs,
  },
  guards: {
    recordDiffers: ({ context, event }) =>
      (event.type === "cookie.read" || event.type === "consent.choose") &&
      !sameRecord(context.record, event.record),
  },
  actions: {
    fetchMode: emit({ type: "mode.fetch" as const }),
    poll: emit({ type: "cookie.poll" as const }),
    persist: emit((_, record: ConsentRecord) => ({ type: "consent.persist" as const, record })),
    /** Takes a new mode and/or record, and emits what that changed. */
    apply: enqueueActions(({ context, enqueue }, patch: Patch) => {
      const after = next(context, patch);
      enqueue.assign(after);
      for (const effect of changesOf(context.allowed, after.allowed)) enqueue.emit(effect);
    }),
  },
}).createMachine({
  id: "consent",
  context: ({ input }) => ({
    mode: "restricted",
    modeKnown: false,
    record: input.record,
    allowed: allowedCategories("restricted", input.record),
  }),
  initial: "resolving",
  states: {
    resolving: {
      entry: "fetchMode",
      after: { modeTimeout: { target: "ready" } },
      on: {
        "mode.answered": {
          target: "ready",
          actions: { type: "apply", params: ({ event }) => ({ mode: event.mode }) },
        },
        "mode.failed": { target: "ready" },
        "cookie.read": {
          guard: "recordDiffers",
          actions: { type: "apply", params: ({ event }) => ({ record: event.record }) },
        },
        "consent.choose": {
          guard: "recordDiffers",
          actions: [
            { type: "apply", params: ({ event }) => ({ record: event.record }) },
            { type: "persist", params: ({ event }) => event.record },
          ],
        },
      },
    },
    ready: {
      initial: "waiting",
      states: {
        waiting: {
          after: { poll: { target: "waiting", reenter: true, actions: "poll" } },
        },
      },
      on: {
        "cookie.read": {
          guard: "recordDiffers",
          actions: { type: "apply", params: ({ event }) => ({ record: event.record }) },
        },
        "consent.choose": {
          guard: "recordDiffers",
          actions: [
            { type: "apply", params: ({ event }) => ({ record: event.record }) },
            { type: "persist", params: ({ event }) => event.record },
          ],
        },
      },
    },
  },
});
