import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { type CallFailure, toCallFailure } from "../auth/failure.ts";
import {
  type OverlayContext,
  type OverlayEmitted,
  type OverlayEvent,
  overlayRegion,
} from "./details-overlay.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  ResourceDescriptor,
  RetrieveItemInput,
} from "./resource-list.types.ts";

/**
 * The kit's details machine: one object by id (payment-details, payout-details, …), then the
 * lists related to it (a payment's refunds and disputes, what a payout settled), through the
 * kit's `retrieveItem` and `listPage`. A component describes its object and its related lists
 * (`DetailsSpec`); the factory builds the same two regions for each:
 *
 * - `data`: `none` (no object named), `loading` (the object, then each related list in the
 *   spec's order, skipping those the input switches off — a session feature), `shown`
 *   (`refresh` reloads all, the stale facts kept on screen meanwhile), `failed` (`retry`;
 *   emits `load.failed`), `unauthorized` (a 401: emits `unauthorized`). `change` names
 *   another object (or none).
 * - `overlay`: the kit's details overlay (`details-overlay.ts`): shown or hidden from the
 *   host (`show`, `hide`), the person closing it (`close`) emits `closed`, and as a drawer
 *   (not `inline`) each opening and closing emits `overlay.changed`.
 */

/** A list related to the object: its resource, the provider's filter naming the object. */
export interface DetailsRelated {
  resource: ResourceDescriptor;
  /** The list's filter that takes the object's id (`charge`, `payout`). */
  filter: string;
  /** How many are loaded (the newest); `more` says when there were more. */
  limit: number;
}

export interface DetailsSpec<Item extends Identified, Related extends string> {
  /** The machine's id (`paymentDetails`); its states are `#<id>.data.loading.<step>`. */
  id: string;
  resource: ResourceDescriptor<Item>;
  /** The related lists, loaded in this order after the object. */
  related: Record<Related, DetailsRelated>;
}

export interface DetailsInput<Related extends string> {
  /** The object's id; null: nothing named. */
  id: string | null;
  /** The host's `visible` (with nothing named: false). */
  visible: boolean;
  /** A drawer reporting `overlaychange`; false for `inline`. */
  overlay: boolean;
  /** Related lists switched off (a session feature off); absent: loaded. */
  skip?: readonly Related[];
}

export interface DetailsContext<Item, Related extends string> extends OverlayContext {
  id: string | null;
  item: Item | null;
  related: Record<Related, Identified[]>;
  /** Per related list: the provider had more than `limit`. */
  more: Record<Related, boolean>;
  skip: readonly Related[];
  failure: CallFailure | null;
}

export type DetailsEvent =
  | { type: "change"; id: string | null }
  | OverlayEvent
  | { type: "refresh" }
  | { type: "retry" };

export type DetailsEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure }
  | OverlayEmitted;

/** The id of the invoke that loads the object (`item`) or a related list, for tests. */
export const detailsStep = (machineId: string, step: string) => `${machineId}.data.loading.${step}`;

type Done<T> = { event: { output: T } };
type Failed = { event: { error: unknown } };

const statusOf = (error: unknown) => {
  const failure = toCallFailure(error);
  return failure.kind === "http" ? failure.status : null;
};

export function detailsMachine<Item extends Identified, Related extends string>(
  spec: DetailsSpec<Item, Related>,
) {
  const names = Object.keys(spec.related) as Related[];
  const empty = <T>(value: () => T) =>
    Object.fromEntries(names.map((n) => [n, value()])) as Record<Related, T>;
  const root = `#${spec.id}.data`;
  const onFailure = [
    {
      guard: ({ event }: Failed) => statusOf(event.error) === 401,
      target: `${root}.unauthorized`,
    },
    {
      target: `${root}.failed`,
      actions: { type: "fail" as const, params: ({ event }: Failed) => toCallFailure(event.error) },
    },
  ];
  /** Where loading goes after step `index` (-1: the object): the next list not skipped. */
  const after = (index: number) => [
    ...names.slice(index + 1).map((name) => ({
      guard: { type: "loads" as const, params: { name } },
      target: `${root}.loading.${name}`,
    })),
    { target: `${root}.shown` },
  ];
  const withKeep = <E>(
    targets: ReturnType<typeof after>,
    action: { type: "keepItem" | "keepRelated"; params: (args: Done<E>) => unknown },
  ) => targets.map((t) => ({ ...t, actions: action }));

  const relatedSteps = Object.fromEntries(
    names.map((name, index) => {
      const related = spec.related[name];
      return [
        name,
        {
          invoke: {
            src: "listPage" as const,
            input: ({ context }: { context: DetailsContext<Item, Related> }) => ({
              resource: related.resource,
              request: { kind: "newest" as const, limit: related.limit },
              filters: { [related.filter]: context.id ?? "" },
            }),
            onDone: withKeep(after(index), {
              type: "keepRelated",
              params: ({ event }: Done<Page<Identified>>) => ({ name, page: event.output }),
            }),
            onError: onFailure,
          },
        },
      ];
    }),
  );

  return setup({
    types: {
      input: {} as DetailsInput<Related>,
      context: {} as DetailsContext<Item, Related>,
      events: {} as DetailsEvent,
      emitted: {} as DetailsEmitted,
    },
    actors: {
      // The kit's actors, provided by the frame (`useComponentMachine`).
      retrieveItem: fromPromise<Identified, RetrieveItemInput>(async () => {
        throw new Error("provide the kit's retrieveItem");
      }),
      listPage: fromPromise<Page<Identified>, ListPageInput<unknown>>(async () => {
        throw new Error("provide the kit's listPage");
      }),
    },
    guards: {
      named: ({ context }) => context.id !== null,
      loads: ({ context }, params: { name: Related }) => !context.skip.includes(params.name),
    },
    actions: {
      choose: assign((_, id: string | null) => ({
        id,
        item: null,
        related: empty<Identified[]>(() => []),
        more: empty(() => false),
        failure: null,
      })),
      keepItem: assign({ item: (_, item: Item) => item, failure: null }),
      keepRelated: assign(({ context }, kept: { name: Related; page: Page<Identified> }) => ({
        related: { ...context.related, [kept.name]: kept.page.items },
        more: { ...context.more, [kept.name]: kept.page.hasMore },
      })),
      fail: enqueueActions(({ enqueue }, failure: CallFailure) => {
        enqueue.assign({ failure });
        enqueue.emit({ type: "load.failed", failure });
      }),
      emitUnauthorized: emit({ type: "unauthorized" as const }),
      setVisible: assign({ visible: (_, visible: boolean) => visible }),
      reportOpened: enqueueActions(({ context, enqueue }) => {
        if (context.overlay) enqueue.emit({ type: "overlay.changed", open: true });
      }),
      reportClosed: enqueueActions(({ context, enqueue }) => {
        if (context.overlay) enqueue.emit({ type: "overlay.changed", open: false });
      }),
      emitClosed: emit({ type: "closed" as const }),
    },
  }).createMachine({
    id: spec.id,
    type: "parallel",
    context: ({ input }) => ({
      id: input.id,
      visible: input.visible,
      overlay: input.overlay,
      skip: input.skip ?? [],
      item: null,
      related: empty<Identified[]>(() => []),
      more: empty(() => false),
      failure: null,
    }),
    states: {
      data: {
        initial: "start",
        on: {
          change: [
            {
              guard: ({ event }) => event.id === null,
              target: ".none",
              actions: { type: "choose", params: () => null },
            },
            {
              target: ".loading",
              reenter: true,
              actions: { type: "choose", params: ({ event }) => event.id },
            },
          ],
        },
        states: {
          start: { always: [{ guard: "named", target: "loading" }, { target: "none" }] },
          none: {},
          loading: {
            initial: "item",
            states: {
              item: {
                invoke: {
                  src: "retrieveItem",
                  input: ({ context }: { context: DetailsContext<Item, Related> }) => ({
                    resource: spec.resource as ResourceDescriptor,
                    id: context.id ?? "",
                  }),
                  onDone: withKeep(after(-1), {
                    type: "keepItem",
                    params: ({ event }: Done<Identified>) => event.output as Item,
                  }),
                  onError: onFailure,
                },
              },
              ...relatedSteps,
            } as never,
          },
          shown: { on: { refresh: "loading" } },
          failed: { on: { retry: "loading" } },
          unauthorized: { entry: "emitUnauthorized" },
        },
      },
      overlay: overlayRegion,
    },
  });
}
