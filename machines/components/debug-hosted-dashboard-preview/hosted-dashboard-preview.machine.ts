import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import {
  type HostedDashboardBranding,
  type HostedDashboardPageId,
  type HostedDashboardPreview,
  hostedDashboardPreviewSchema,
  hostedDashboardPreviewUrl,
} from "../../../protocol/objects/hosted-dashboard-preview.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";

/**
 * The internal `debug-hosted-dashboard-preview` tool (issue 17 item 7): `loading` the hosted
 * dashboard's pages for the account under the branding the host's attributes give (the kit's
 * `fetchResource`, `GET /v1/embedded/hosted_dashboard_preview`), then `shown`, one page at a
 * time (`page.select`, only a page the answer has); `failed` (`retry`; emits `load.failed`),
 * `unauthorized` (a 401: emits `unauthorized`). `branding.change` — the host changed `icon`
 * or `display-name` — loads the pages again from any state but `unauthorized`, dropping an
 * answer still under way for the old branding; the page chosen stays chosen.
 */

export interface HostedDashboardPreviewContext {
  branding: HostedDashboardBranding;
  preview: HostedDashboardPreview | null;
  page: HostedDashboardPageId;
  failure: CallFailure | null;
}

export type HostedDashboardPreviewEvent =
  | { type: "branding.change"; branding: HostedDashboardBranding }
  | { type: "page.select"; page: HostedDashboardPageId }
  | { type: "retry" };

export type HostedDashboardPreviewEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure };

const is401 = (failure: CallFailure) => failure.kind === "http" && failure.status === 401;

export const hostedDashboardPreviewMachine = setup({
  types: {
    input: {} as { branding: HostedDashboardBranding },
    context: {} as HostedDashboardPreviewContext,
    events: {} as HostedDashboardPreviewEvent,
    emitted: {} as HostedDashboardPreviewEmitted,
  },
  actors: {
    // The kit's actor, provided by the frame (`useComponentMachine`).
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("provide the kit's fetchResource");
    }),
  },
  guards: {
    unauthorized: (_, failure: CallFailure) => is401(failure),
    hasPage: ({ context }, page: HostedDashboardPageId) =>
      context.preview?.pages.some((p) => p.id === page) === true,
  },
  actions: {
    setBranding: assign({
      branding: (_, branding: HostedDashboardBranding) => branding,
      preview: () => null,
      failure: () => null,
    }),
    keep: assign(({ context }, preview: HostedDashboardPreview) => ({
      preview,
      failure: null,
      // The page chosen stays, when the new answer has it.
      page: preview.pages.some((p) => p.id === context.page)
        ? context.page
        : (preview.pages[0]?.id ?? context.page),
    })),
    choose: assign({ page: (_, page: HostedDashboardPageId) => page }),
    fail: enqueueActions(({ enqueue }, failure: CallFailure) => {
      enqueue.assign({ failure });
      enqueue.emit({ type: "load.failed", failure });
    }),
    clearFailure: assign({ failure: () => null }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
  },
}).createMachine({
  id: "hostedDashboardPreview",
  context: ({ input }) => ({
    branding: input.branding,
    preview: null,
    page: "sign_in",
    failure: null,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "fetchResource",
        input: ({ context }): FetchResourceInput => ({
          url: hostedDashboardPreviewUrl(context.branding),
          schema: hostedDashboardPreviewSchema,
        }),
        onDone: {
          target: "shown",
          actions: {
            type: "keep",
            params: ({ event }) => event.output as HostedDashboardPreview,
          },
        },
        onError: [
          {
            guard: { type: "unauthorized", params: ({ event }) => toCallFailure(event.error) },
            target: "unauthorized",
          },
          {
            target: "failed",
            actions: { type: "fail", params: ({ event }) => toCallFailure(event.error) },
          },
        ],
      },
    },
    shown: {
      on: {
        "page.select": {
          guard: { type: "hasPage", params: ({ event }) => event.page },
          actions: { type: "choose", params: ({ event }) => event.page },
        },
      },
    },
    failed: { on: { retry: { target: "loading", actions: "clearFailure" } } },
    // The shell shows its session-expired view; a new branding loads nothing more.
    unauthorized: { entry: "emitUnauthorized", on: { "branding.change": {} } },
  },
  on: {
    "branding.change": {
      target: ".loading",
      reenter: true,
      actions: { type: "setBranding", params: ({ event }) => event.branding },
    },
  },
});

export type HostedDashboardPreviewMachine = typeof hostedDashboardPreviewMachine;
