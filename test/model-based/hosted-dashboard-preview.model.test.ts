import { describe, expect, it } from "vitest";
import {
  type HostedDashboardPreviewEmitted,
  type HostedDashboardPreviewEvent,
  hostedDashboardPreviewMachine,
} from "../../machines/components/debug-hosted-dashboard-preview/hosted-dashboard-preview.machine.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import {
  type HostedDashboardBranding,
  type HostedDashboardPreview,
  hostedDashboardPreviewSchema,
  hostedDashboardPreviewUrl,
} from "../../protocol/objects/hosted-dashboard-preview.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The hosted dashboard preview's lifecycle walked through its graph: the pages load, the
 * person picks one (only a page the answer has), the load fails (network, 500: `failed`,
 * reported as `load.failed`; 401: `unauthorized`), the person retries, the host changes the
 * branding in every state. Every path checks: one call per load, for the current branding;
 * the pages shown answer the current branding; the page chosen is one of them and stays
 * chosen across a new branding.
 */

type Machine = typeof hostedDashboardPreviewMachine;
const FETCH =
  hostedDashboardPreviewMachine.getStateNodeById("hostedDashboardPreview.loading").invoke[0]?.id ??
  "";

const ACME: HostedDashboardBranding = {
  displayName: "Acme",
  icon: "https://cdn.example.com/a.png",
};
const PLAIN: HostedDashboardBranding = {};

/** The provider's answer for a branding, parsed by the protocol's own schema. */
function previewFor(branding: HostedDashboardBranding): HostedDashboardPreview {
  const name = branding.displayName ?? "Platform Inc";
  return hostedDashboardPreviewSchema.parse({
    object: "hosted_dashboard_preview",
    account: "acct_1",
    display_name: name,
    icon: branding.icon ?? null,
    pages: [
      { id: "sign_in", title: "Sign in", html: `<main><h1>Sign in to ${name}</h1></main>` },
      { id: "accounts", title: "Accounts", html: `<main><h1>Accounts</h1></main>` },
    ],
  });
}

const FAILURES = [
  { label: "network failure", error: new TypeError("Failed to fetch") },
  { label: "500", error: http(500) },
  { label: "401", error: http(401) },
];

const model: MachineModel<Machine> = {
  machine: hostedDashboardPreviewMachine,
  input: { branding: ACME },
  events: {
    "branding.change": [
      { type: "branding.change", branding: ACME },
      { type: "branding.change", branding: PLAIN },
    ],
    "page.select": [
      { type: "page.select", page: "sign_in" },
      { type: "page.select", page: "accounts" },
    ],
    retry: [{ type: "retry" }],
    [`${DONE}${FETCH}`]: (snapshot: { context: { branding: HostedDashboardBranding } }) => [
      { type: `${DONE}${FETCH}`, output: previewFor(snapshot.context.branding) },
    ],
    [`${ERROR}${FETCH}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${FETCH}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as HostedDashboardPreviewEvent | { type: string; error?: unknown };
    if (e.type === "branding.change" && "branding" in e)
      return `branding ${e.branding.displayName ?? "(platform's)"}`;
    if (e.type === "page.select" && "page" in e) return `page ${e.page}`;
    if (e.type === "retry") return "retry";
    if (e.type.startsWith(DONE)) return "pages";
    const found = FAILURES.find((f) => "error" in e && f.error === e.error);
    return `fails (${found?.label ?? "?"})`;
  },
};

const paths = coveringPaths(model, { maxDepth: 5 });

describe("the hosted dashboard preview, model-based", () => {
  it("walks every state and event: shown, each page, failed, unauthorized, a branding change in each", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "branding Acme",
      "branding (platform's)",
      "page sign_in",
      "page accounts",
      "retry",
      "pages",
      ...FAILURES.map((f) => `fails (${f.label})`),
    ])
      expect(walked).toContain(label);
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.expected.value))));
    expect([...reached].sort()).toEqual(["failed", "loading", "shown", "unauthorized"]);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const machine = hostedDashboardPreviewMachine.provide({
      actors: {
        fetchResource: calls.logic("fetchResource", (input: FetchResourceInput): unknown =>
          previewFor(input.url.includes("display_name=Acme") ? ACME : PLAIN),
        ),
      },
    });
    const run = await replayWithCalls(machine, { branding: ACME }, path, calls);
    try {
      expect(calls.calls[0]?.input).toMatchObject({ url: hostedDashboardPreviewUrl(ACME) });
      let chosen = "sign_in";
      for (const step of run.steps) {
        const effects: HostedDashboardPreviewEmitted[] = step.effects;
        const { context } = step.snapshot;
        const failure = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (step.event.type === "page.select" && step.snapshot.value === "shown")
          chosen = (step.event as unknown as { page: string }).page;
        // The page chosen is the last the person picked while pages were shown.
        expect(context.page).toBe(chosen);
        if (step.event.type.startsWith(DONE)) {
          expect(effects).toEqual([]);
          expect(step.snapshot.value).toBe("shown");
          expect(context.preview).toEqual(previewFor(context.branding));
          expect(context.failure).toBeNull();
        } else if (failure?.label === "401") {
          expect(effects).toEqual([{ type: "unauthorized" }]);
          expect(step.snapshot.value).toBe("unauthorized");
        } else if (failure) {
          expect(step.snapshot.value).toBe("failed");
          expect(context.failure).toEqual(failureOf(failure.error));
          expect(effects).toEqual([{ type: "load.failed", failure: failureOf(failure.error) }]);
          expect(context.preview).toBeNull();
        } else if (step.snapshot.value === "unauthorized") {
          expect(effects).toEqual([]);
          expect(step.started).toEqual([]);
        } else if (step.event.type === "page.select") {
          // Picking a page loads nothing.
          expect(step.started).toEqual([]);
        } else {
          // A branding change or a retry: one load for the current branding, nothing shown.
          expect(effects).toEqual([]);
          expect(step.snapshot.value).toBe("loading");
          expect(context.preview).toBeNull();
          expect(step.started.map((c) => (c.input as { url: string }).url)).toEqual([
            hostedDashboardPreviewUrl(context.branding),
          ]);
        }
      }
    } finally {
      run.actor.stop();
    }
  });
});
