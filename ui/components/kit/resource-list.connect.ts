/**
 * Turns a resource-list machine snapshot into the kit views' props (zag's `connect`): the
 * views never see the machine, only values and callbacks that send its events. A list
 * component adds its own columns and words to what this returns.
 */
import { type CallFailure, isRateLimitFailure } from "../../../machines/auth/failure.ts";
import {
  PAGE_SIZES,
  type ResourceListContext,
  type ResourceListEvent,
} from "../../../machines/components/resource-list.machine.ts";
import type { Identified } from "../../../machines/components/resource-list.types.ts";
import type { FilterValues } from "../../../protocol/filters.ts";
import type { DetailState, DetailStatus } from "./resource-detail.view.tsx";
import type { ResourceListStatus, ResourceListViewProps } from "./resource-list.view.tsx";

/** What the connect reads of a snapshot of any `createResourceListMachine` machine. */
export interface ResourceListSnapshot<Item extends Identified, Filters = FilterValues> {
  context: ResourceListContext<Item, Filters>;
  matches(value: string | Record<string, unknown>): boolean;
}

export type ResourceListConnected<Item> = Pick<
  ResourceListViewProps<Item>,
  | "status"
  | "items"
  | "narrow"
  | "errorText"
  | "requestId"
  | "forbiddenMessage"
  | "rateLimited"
  | "onRetry"
  | "onOpen"
  | "paging"
  | "pageSize"
>;

export const requestIdOf = (failure: CallFailure | null) =>
  failure?.kind === "http" ? failure.requestId : null;

function statusOf(snapshot: ResourceListSnapshot<Identified, unknown>): ResourceListStatus {
  if (snapshot.matches("ready")) return "ready";
  if (snapshot.matches("empty")) return "empty";
  if (snapshot.matches("error")) return "error";
  if (snapshot.matches("forbidden")) return "forbidden";
  return "loading";
}

export function connectDetail<Item extends Identified, Filters>(
  snapshot: ResourceListSnapshot<Item, Filters>,
  send: (event: ResourceListEvent<Filters>) => void,
): DetailState<Item> {
  const { context } = snapshot;
  const status: DetailStatus = snapshot.matches({ ready: { detail: "shown" } })
    ? "shown"
    : snapshot.matches({ ready: { detail: "failed" } })
      ? "failed"
      : "loading";
  return {
    open: snapshot.matches({ ready: "detail" }),
    status,
    item: context.detail,
    requestId: requestIdOf(context.detailFailure),
    onClose: () => send({ type: "detail.close" }),
    onRetry: () => send({ type: "detail.retry" }),
  };
}

export interface ConnectOptions {
  narrow: boolean;
  errorText: string | null;
  /** Rows open their detail (default true). */
  openable?: boolean;
  /** The page sizes offered; none when the list does not page. */
  pageSizes?: readonly number[];
}

export function connectResourceList<Item extends Identified, Filters>(
  snapshot: ResourceListSnapshot<Item, Filters>,
  send: (event: ResourceListEvent<Filters>) => void,
  options: ConnectOptions,
): ResourceListConnected<Item> {
  const { context } = snapshot;
  const status = statusOf(snapshot as ResourceListSnapshot<Identified, unknown>);
  const failure = context.failure;
  return {
    status,
    items: context.items,
    narrow: options.narrow,
    errorText: options.errorText,
    requestId: requestIdOf(failure),
    forbiddenMessage: failure?.kind === "http" ? (failure.error.message ?? null) : null,
    rateLimited: isRateLimitFailure(failure),
    onRetry: () => send({ type: "list.retry" }),
    ...(options.openable === false
      ? {}
      : { onOpen: (item: Item) => send({ type: "item.open", id: item.id }) }),
    ...(context.paged
      ? {
          paging: {
            hasNewer: context.hasNewer,
            hasOlder: context.hasOlder,
            loading: status === "loading" && context.items.length > 0,
            onNext: () => send({ type: "page.next" }),
            onPrevious: () => send({ type: "page.previous" }),
          },
          pageSize: {
            value: context.pageSize,
            options: options.pageSizes ?? PAGE_SIZES,
            onChange: (size: number) => send({ type: "page.size", size }),
          },
        }
      : {}),
  };
}
