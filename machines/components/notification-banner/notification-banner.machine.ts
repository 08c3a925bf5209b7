import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { type Account, accountSchema } from "../../../protocol/objects/account.schema.ts";
import { listOf } from "../../../protocol/objects/api-fields.schema.ts";
import { type Person, personSchema } from "../../../protocol/objects/person.schema.ts";
import {
  type RiskIntervention,
  riskFormPages,
  riskInterventionSchema,
} from "../../../protocol/objects/risk-intervention.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";
import {
  type BannerNotification,
  type CollectionChoice,
  countsOf,
  type NotificationCounts,
  namesPersons,
  notificationsOf,
} from "./notifications.ts";

/**
 * The notification banner (SPEC.md §4 "Notification item"): the account's risk
 * interventions and requirements due, each `action_required` or `in_review`, and blank when
 * there is none.
 *
 * States: `loading` (the account; then its open risk interventions; then its persons when a
 * requirement is one of theirs (`person_….…`) or an identity challenge is of one of them, so
 * an entry names the person — each through the kit's `fetchResource` actor), `failed`
 * (`retry`), `ready` with `list` (the entries; none: blank), `requirementForm` (one
 * requirement's field form, run by the kit's form machine in the view; `resolved` when it
 * saved), `challengeForm` (an identity challenge's document form, likewise: the person's
 * identity document through the files host; `resolved` when it was sent and is in review)
 * and `riskForm` (the multi-page risk form of a questionnaire: `page.next` and
 * `page.back` move `page` between the pages of `riskFormPages`, the last move kept as a
 * risk-experience context record in `lastMove`; `resolved` when the answers were accepted).
 * `resolved` and `refresh` load again (the entries stay shown meanwhile), `entry.close`
 * goes back to the list. Mobile options: `dismiss` hides the banner until the counts change,
 * `toggle` expands or collapses a compact banner.
 *
 * Emitted: `notifications.changed` with the total and how many need action, after the first
 * load and whenever they change (the host's `onnotificationschange`), `risk.page.changed`
 * with each page move's context, `unauthorized` on a 401, `load.failed` when the first load
 * fails.
 */

export interface BannerInput {
  collection: CollectionChoice;
}

/** One page move of the risk form, as SPEC.md §3's context record names it. */
export interface RiskPageMove {
  requirement_id: string;
  risk_experience_form_name: string;
  is_multi_page_form: true;
  current_page_index: number;
  new_page_index: number;
  start_page_type: string;
  end_page_type: string;
}

export interface BannerContext {
  collection: CollectionChoice;
  account: Account | null;
  /** The account's persons, read when a requirement is one of theirs (else none). */
  persons: Person[];
  interventions: RiskIntervention[];
  notifications: BannerNotification[];
  /** The counts last reported (null before the first load). */
  reported: NotificationCounts | null;
  failure: CallFailure | null;
  /** The entry whose form is open. */
  open: BannerNotification | null;
  /** The risk form's page index. */
  page: number;
  /** The risk form's last page move (its context record), null before any. */
  lastMove: RiskPageMove | null;
  dismissed: boolean;
  expanded: boolean;
}

export type BannerEvent =
  | { type: "entry.open"; id: string }
  | { type: "entry.close" }
  | { type: "resolved" }
  | { type: "refresh" }
  | { type: "retry" }
  | { type: "page.next" }
  | { type: "page.back" }
  | { type: "dismiss" }
  | { type: "toggle" };

export type BannerEmitted =
  | { type: "notifications.changed"; counts: NotificationCounts }
  | { type: "risk.page.changed"; move: RiskPageMove }
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure };

export const RISK_FORM_NAME = "risk_intervention_form";
export const lastRiskPage = riskFormPages.length - 1;

const accountRequest: FetchResourceInput = { url: "/v1/account", schema: accountSchema };
/** The persons of the account (the provider lists at most 100 a page). */
export const personsRequest = (account: Pick<Account, "id">): FetchResourceInput => ({
  url: `/v1/accounts/${encodeURIComponent(account.id)}/persons?limit=100`,
  schema: listOf(personSchema),
});
const interventionsRequest: FetchResourceInput = {
  url: "/v1/account/risk_interventions",
  schema: listOf(riskInterventionSchema),
};

const moveOf = (id: string, from: number, to: number): RiskPageMove => ({
  requirement_id: id,
  risk_experience_form_name: RISK_FORM_NAME,
  is_multi_page_form: true,
  current_page_index: from,
  new_page_index: to,
  start_page_type: riskFormPages[from]?.type ?? "",
  end_page_type: riskFormPages[to]?.type ?? "",
});

const sameCounts = (a: NotificationCounts | null, b: NotificationCounts) =>
  a !== null && a.total === b.total && a.actionRequired === b.actionRequired;

/** A failed call: 401 → `unauthorized`, the first load → `load.failed`; then `failed`. */
const failureTransitions = [
  {
    guard: "unauthorizedError",
    target: "#notificationBanner.failed",
    actions: ["keepFailure", "emitUnauthorized"],
  },
  {
    guard: "firstLoad",
    target: "#notificationBanner.failed",
    actions: ["keepFailure", "emitLoadFailed"],
  },
  { target: "#notificationBanner.failed", actions: "keepFailure" },
] as const;

const failureOf = (event: unknown) => toCallFailure((event as { error?: unknown }).error);

export const notificationBannerMachine = setup({
  types: {
    context: {} as BannerContext,
    events: {} as BannerEvent,
    emitted: {} as BannerEmitted,
    input: {} as BannerInput,
  },
  actors: {
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("fetchResource is provided by the frame (actors/components/)");
    }),
  },
  guards: {
    unauthorizedError: ({ event }) => {
      const failure = failureOf(event);
      return failure.kind === "http" && failure.status === 401;
    },
    firstLoad: ({ context }) => context.reported === null,
    namesPersons: ({ context, event }) =>
      context.account !== null &&
      namesPersons(
        context.account,
        (event as unknown as { output: { data: RiskIntervention[] } }).output.data,
      ),
    opensIntervention: ({ context, event }) =>
      event.type === "entry.open" &&
      context.notifications.some(
        (n) =>
          n.id === event.id &&
          n.kind === "intervention" &&
          n.intervention.kind === "questionnaire" &&
          n.status === "action_required",
      ),
    opensChallenge: ({ context, event }) =>
      event.type === "entry.open" &&
      context.notifications.some(
        (n) =>
          n.id === event.id &&
          n.kind === "intervention" &&
          n.intervention.kind === "identity_verification" &&
          n.status === "action_required",
      ),
    opensRequirement: ({ context, event }) =>
      event.type === "entry.open" &&
      context.notifications.some(
        (n) => n.id === event.id && n.kind === "requirement" && n.status === "action_required",
      ),
    hasNextPage: ({ context }) => context.page < lastRiskPage,
    hasPreviousPage: ({ context }) => context.page > 0,
  },
  actions: {
    openEntry: assign({
      open: ({ context, event }) =>
        event.type === "entry.open"
          ? (context.notifications.find((n) => n.id === event.id) ?? null)
          : null,
      page: 0,
      lastMove: null,
    }),
    closeEntry: assign({ open: null, page: 0, lastMove: null }),
    movePage: assign(({ context }, delta: number) => {
      const to = context.page + delta;
      const move = moveOf(context.open?.id ?? "", context.page, to);
      return { page: to, lastMove: move };
    }),
    emitMove: emit(({ context }) => ({
      type: "risk.page.changed" as const,
      move: context.lastMove!,
    })),
    /** The entries of what was read; the counts to the host after the first load and when they change. */
    settle: enqueueActions(({ context, enqueue }) => {
      const notifications = context.account
        ? notificationsOf(
            context.account,
            context.interventions,
            context.collection,
            context.persons,
          )
        : [];
      const counts = countsOf(notifications);
      // The host hears the counts after the first load and when they change, not after
      // every reload that finds the same; a change of counts shows a dismissed banner again.
      const changed = !sameCounts(context.reported, counts);
      if (changed) enqueue.emit({ type: "notifications.changed" as const, counts });
      enqueue.assign({
        notifications,
        failure: null,
        open: null,
        reported: counts,
        dismissed: changed ? false : context.dismissed,
      });
    }),
    keepFailure: assign({ failure: ({ event }) => failureOf(event) }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
    emitLoadFailed: emit(({ event }) => ({
      type: "load.failed" as const,
      failure: failureOf(event),
    })),
  },
}).createMachine({
  id: "notificationBanner",
  context: ({ input }) => ({
    collection: input.collection,
    account: null,
    persons: [],
    interventions: [],
    notifications: [],
    reported: null,
    failure: null,
    open: null,
    page: 0,
    lastMove: null,
    dismissed: false,
    expanded: false,
  }),
  initial: "loading",
  states: {
    loading: {
      initial: "account",
      states: {
        account: {
          invoke: {
            src: "fetchResource",
            input: () => accountRequest,
            onDone: {
              target: "interventions",
              actions: assign({ account: ({ event }) => event.output as Account }),
            },
            onError: failureTransitions,
          },
        },
        interventions: {
          invoke: {
            src: "fetchResource",
            input: () => interventionsRequest,
            onDone: [
              {
                guard: "namesPersons",
                target: "persons",
                actions: assign({
                  interventions: ({ event }) => (event.output as { data: RiskIntervention[] }).data,
                }),
              },
              {
                target: "#notificationBanner.ready",
                actions: [
                  assign({
                    interventions: ({ event }) =>
                      (event.output as { data: RiskIntervention[] }).data,
                    persons: [],
                  }),
                  "settle",
                ],
              },
            ],
            onError: failureTransitions,
          },
        },
        persons: {
          invoke: {
            src: "fetchResource",
            input: ({ context }) => personsRequest(context.account!),
            onDone: {
              target: "#notificationBanner.ready",
              actions: [
                assign({ persons: ({ event }) => (event.output as { data: Person[] }).data }),
                "settle",
              ],
            },
            onError: failureTransitions,
          },
        },
      },
    },
    failed: {
      on: { retry: "loading" },
    },
    ready: {
      initial: "list",
      on: {
        refresh: "loading",
        dismiss: { actions: assign({ dismissed: true }) },
        toggle: { actions: assign({ expanded: ({ context }) => !context.expanded }) },
      },
      states: {
        list: {
          on: {
            "entry.open": [
              { guard: "opensIntervention", target: "riskForm", actions: "openEntry" },
              { guard: "opensChallenge", target: "challengeForm", actions: "openEntry" },
              { guard: "opensRequirement", target: "requirementForm", actions: "openEntry" },
            ],
          },
        },
        requirementForm: {
          on: {
            "entry.close": { target: "list", actions: "closeEntry" },
            resolved: { target: "#notificationBanner.loading", actions: "closeEntry" },
          },
        },
        challengeForm: {
          on: {
            "entry.close": { target: "list", actions: "closeEntry" },
            resolved: { target: "#notificationBanner.loading", actions: "closeEntry" },
          },
        },
        riskForm: {
          on: {
            "page.next": {
              guard: "hasNextPage",
              actions: [{ type: "movePage", params: 1 }, "emitMove"],
            },
            "page.back": {
              guard: "hasPreviousPage",
              actions: [{ type: "movePage", params: -1 }, "emitMove"],
            },
            "entry.close": { target: "list", actions: "closeEntry" },
            resolved: { target: "#notificationBanner.loading", actions: "closeEntry" },
          },
        },
      },
    },
  },
});
