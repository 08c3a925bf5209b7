import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Frame, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { darkTheme, lightTheme, themeVariableNames } from "../../protocol/appearance.schema.ts";
import { catalogueManifest } from "../../protocol/catalogue/manifest.ts";
import type { TraceFile } from "../../protocol/inspection.ts";
import { tagName } from "../../protocol/provider.ts";
import { discoverMachines, repoRoot } from "../../scripts/diagrams.ts";
import { parseTrace, runTraceTests, traceToTest } from "../../scripts/trace-to-test.ts";
import { PayoutsListModel } from "../../sdk/testing/payouts-list.model.ts";
import { viewRegistry } from "../../ui/components/registry.ts";
import { cssVar } from "../../ui/theme/css.ts";
import { BalancesModel } from "./models/balances.model.ts";
import { DebugHostedDashboardPreviewModel } from "./models/debug-hosted-dashboard-preview.model.ts";
import { DebugUiConfigModel } from "./models/debug-ui-config.model.ts";
import { DebugUiPreviewModel } from "./models/debug-ui-preview.model.ts";
import { DebugUtilsModel } from "./models/debug-utils.model.ts";
import { messageIn } from "./models/details.model.ts";
import { pseudoAccents } from "./models/platform.model.ts";
import { checkLightDarkPseudo, findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";
import { comparePngs, screenshotOf } from "./support/pixels.ts";

// Issue 17, the internal debug tools on the example platform's tools page.
//
// The live inspector (debug-utils) on the example platform's tools page, beside a
// payouts list the engineer's code adds there. Paging the list and opening a payout move its
// machine, and the inspector shows each state it passed and the events in order; the trace it
// exports becomes, through `npm run trace-to-test`'s code, a test that passes, and the same
// trace with two events swapped one that fails. A page without the inspector sends no
// inspection message at all (each frame counts them as they are posted or heard).

const example = examplePlatformTests();

const outDir = path.join("test", "traces", `e2e-${process.pid}`);
afterAll(() => rm(path.join(repoRoot, outDir), { recursive: true, force: true }));

/**
 * In every document of the page (the platform's and each frame's), counts the messages of
 * the inspection protocol (`inspectorOpen`, `inspectionStart`, `inspectionReport`, …) posted
 * on a message port or heard as a window message.
 */
async function countInspectionMessages(page: Page) {
  await page.addInitScript(() => {
    const counter = globalThis as unknown as { __inspectionMessages: number };
    counter.__inspectionMessages = 0;
    const isInspection = (data: unknown) =>
      typeof data === "object" &&
      data !== null &&
      /^inspect(ion|or)/.test(String((data as { requestType?: unknown }).requestType ?? ""));
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      if (isInspection(args[0])) counter.__inspectionMessages++;
      return (post as (...a: unknown[]) => void).apply(this, args);
    };
    addEventListener(
      "message",
      (event) => {
        if (isInspection(event.data)) counter.__inspectionMessages++;
      },
      true,
    );
  });
  return async () => {
    let total = 0;
    for (const frame of page.frames())
      total += await frame
        .evaluate(
          () => (globalThis as unknown as { __inspectionMessages?: number }).__inspectionMessages,
        )
        .catch(() => 0)
        .then((n) => n ?? 0);
    return total;
  };
}

const eventTypes = (trace: TraceFile) => trace.steps.map((s) => s.event.type);

describe("the live inspector", () => {
  it("beside payouts-list shows the list machine move through the states paging and opening a payout pass, with the events in order", async () => {
    const platform = await example.opened();
    const inspectionMessages = await countInspectionMessages(platform.page);
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "tools");
    await platform.addElements("payouts-list", 1);
    const list = await platform.payoutsList();
    await list.settle();
    const inspector = new DebugUtilsModel(await platform.frameOf("debug-utils"));
    await inspector.waitOpen();

    // Every context that runs machines reports: the data layer, each UI frame…
    const listed = await inspector.chooseActor(/^payouts-list · payoutsList \(/);
    const actors = await inspector.seeActors();
    expect(actors.some((a) => a.startsWith("data-layer · "))).toBe(true);
    expect(actors.some((a) => a.startsWith("debug-components-list · "))).toBe(true);
    // …and the platform page: the loader's machine and each element's handshake server, each
    // its own actor (one per component frame on the page).
    const elementFrames = platform.page
      .frames()
      .filter((frame) => new URL(frame.url()).pathname.endsWith("/frame.html")).length;
    expect(elementFrames).toBeGreaterThanOrEqual(3);
    await expect
      .poll(async () => {
        const now = await inspector.seeActors();
        return [
          now.filter((a) => a.startsWith("loader · loader (")).length,
          now.filter((a) => a.startsWith("loader · handshake.server (")).length,
        ];
      })
      .toEqual([1, elementFrames]);
    await expect.poll(() => inspector.currentState()).toBe("ready.list");
    expect(await inspector.outlinedStates()).toEqual(["payoutsList.ready.list"]);

    // The person pages the list, then opens a payout.
    await list.nextPage();
    await expect.poll(() => inspector.currentState()).toBe("ready.list");
    await list.list.openRow(0);
    await expect.poll(() => inspector.currentState()).toBe("ready.detail.shown");
    expect(await inspector.outlinedStates()).toEqual(["payoutsList.ready.detail.shown"]);
    const log = (await inspector.seeEvents()).map((e) => e.type);
    const next = log.lastIndexOf("page.next");
    const open = log.lastIndexOf("item.open");
    expect(next).toBeGreaterThanOrEqual(0);
    expect(open).toBeGreaterThan(next);
    // Each move waits for the provider's answer: the page, then the payout.
    expect(log.slice(next)).toEqual([
      "page.next",
      expect.stringMatching(/^xstate\.done\.actor\./),
      "item.open",
      expect.stringMatching(/^xstate\.done\.actor\./),
    ]);

    // The trace of that actor, as the engineer exports it.
    const download = await inspector.exportTrace(platform.page);
    expect(download.suggestedFilename()).toMatch(/^payoutsList-payouts-list-.+\.trace\.json$/);
    const trace = parseTrace(await readFile(await download.path(), "utf8"));
    expect(trace).toMatchObject({ machine: "payoutsList", scope: "payouts-list" });
    expect(listed).toContain(trace.actor);
    const tail = trace.steps.slice(eventTypes(trace).lastIndexOf("page.next"));
    expect(tail.map((s) => s.value)).toEqual([
      "loading",
      { ready: "list" },
      { ready: { detail: "loading" } },
      { ready: { detail: "shown" } },
    ]);
    // Nothing key-shaped left the frames in it.
    expect(JSON.stringify(trace)).not.toMatch(/\b(sk|pk|ek|rk)_(test|live)_/);

    // It becomes a test that passes; the same trace with page.next and item.open swapped
    // (a payout opened while the page is loading: the machine takes no such step) fails.
    await mkdir(path.join(repoRoot, outDir), { recursive: true });
    const write = async (name: string, content: TraceFile) => {
      const file = path.join(repoRoot, outDir, name);
      await writeFile(file, JSON.stringify(content));
      return file;
    };
    const machines = await discoverMachines();
    const good = await traceToTest(await write("recorded.trace.json", trace), {
      outDir,
      machines,
    });
    const at = trace.steps.length - tail.length;
    const swapped: TraceFile = {
      ...trace,
      steps: [...trace.steps.slice(0, at), tail[2]!, tail[1]!, tail[0]!, tail[3]!],
    };
    const bad = await traceToTest(await write("swapped.trace.json", swapped), {
      outDir,
      machines,
    });
    const statusOf = await runTraceTests([good, bad]);
    expect(statusOf[good]).toEqual(["passed"]);
    expect(statusOf[bad]).toEqual(["failed"]);

    // This page, with the inspector, did carry inspection messages (the counter counts).
    expect(await inspectionMessages()).toBeGreaterThan(0);
  }, 120_000);

  it("shows the sign-in popup's machine as the popup's, its password redacted, while a person signs in to replace the payout bank account", async () => {
    const { env } = example;
    await example.providerUser("inspected@example.com", "correct horse inspected", {
      primary: false,
    });
    const platform = await example.opened();
    await platform.signIn(env.sandbox.accounts[0]!.label, "tools");
    await platform.addElements("balances", 1);
    const inspector = new DebugUtilsModel(await platform.frameOf("debug-utils"));
    await inspector.waitOpen();
    const balances = new BalancesModel(await platform.frameOf("balances"));
    await balances.settled();
    await balances.startReplacingBankAccount();
    await balances.signInThroughPopup("inspected@example.com", "correct horse inspected");

    await inspector.chooseActor(/^popup · signIn \(/);
    await expect
      .poll(async () => (await inspector.seeEvents()).map((e) => e.type))
      .toContain("form.submit");
    const events = await inspector.seeEvents();
    const submit = events.find((e) => e.type === "form.submit")!;
    expect(submit.payload).toContain("[redacted]");
    expect(JSON.stringify(events)).not.toContain("correct horse");
    expect(JSON.stringify(events)).not.toContain("inspected@example.com");
  });

  it("a page without the inspector sends no inspection message", async () => {
    const platform = await example.opened();
    const inspectionMessages = await countInspectionMessages(platform.page);
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "payouts");
    await platform.everyComponentReady();
    const list = await platform.payoutsList();
    await list.nextPage();
    await list.list.openRow(0);
    expect(await inspectionMessages()).toBe(0);
  });
});

// The components list and the live inspector, like every tool: axe and 360px.
describe("debug-components-list and debug-utils", () => {
  it("axe finds nothing serious or critical in either in light, dark and the pseudo-locale; at 360px the inspector never overflows, the components list not in English", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "tools");
    const inspector = new DebugUtilsModel(await platform.frameOf("debug-utils"));
    await inspector.waitOpen();
    // An actor shown, its diagram and event log with it.
    await inspector.chooseActor(/^data-layer · auth \(/);
    const list = await platform.frameOf("debug-components-list");
    await list.getByRole("table").first().waitFor();
    // The list in English at 360px: its narrow columns only, nothing sideways.
    expect(await findOverflows(list)).toEqual([]);
    for (const dark of [true, false]) {
      await platform.setDarkTheme(dark);
      expect(seriousOrCritical(await runAxe(list))).toEqual([]);
    }
    await checkLightDarkPseudo(platform, [inspector.frame], () =>
      inspector.frame.getByRole("heading").first().innerText(),
    );
    await platform.chooseLocale("en-XA");
    await expect.poll(() => list.getByRole("table").first().innerText()).toMatch(pseudoAccents);
    expect(seriousOrCritical(await runAxe(list))).toEqual([]);
    await platform.chooseLocale("en-US");
  });
});

// debug-ui-library: the UI library page, every kit primitive, as a catalogue component in
// the platform's theme and locale (the same view as the connect host's standalone page).
describe("debug-ui-library", () => {
  it("shows every kit primitive in the platform's theme and locale: axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "tools");
    const frame = await platform.frameOf("debug-ui-library");
    await frame.locator(".kit-library").waitFor({ timeout: 20_000 });
    expect(await frame.getByRole("region").count()).toBeGreaterThanOrEqual(10);
    expect(await frame.getByRole("table").count()).toBeGreaterThanOrEqual(3);
    const primary = frame.locator(".kit-library .kit-button--primary").first();
    expect(await primary.innerText()).toBe("Retry");
    await checkLightDarkPseudo(platform, [frame], () => primary.innerText());
  });
});

// debug-ui-config: the appearance playground. A person edits theme variables, sees them in
// the preview frames of a built component (light and dark), copies the appearance object
// into the platform's code (the example dashboard keeps a pasted appearance for
// `loadConnectAndInitialize`), and the real component then looks as the preview did.
describe("debug-ui-config", () => {
  it("previews edited variables on payouts-list in light and dark, refuses a value not of its kind, and exports the appearance object", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 1280, height: 900 });
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "tools");
    const tool = new DebugUiConfigModel(await platform.frameOf("debug-ui-config"));
    await tool.waitOpen();
    expect((await tool.variables()).length).toBe(themeVariableNames.length);

    // The preview is the real view on the provider's data, in a frame of its own per theme.
    const light = new PayoutsListModel(await tool.previewFrame("light"));
    await light.settle();
    const rows = await light.seeRows();
    expect(rows.length).toBeGreaterThan(0);
    const dark = new PayoutsListModel(await tool.previewFrame("dark"));
    await dark.settle();
    expect(await dark.seeRows()).toEqual(rows);

    await tool.setVariable("colorPrimary", "#0f766e");
    await tool.setVariable("borderRadius", "12px");
    await tool.setVariable("spacingUnit", "wide");
    expect(await tool.errorOf("spacingUnit")).toBe(
      messageIn("en-US", "debugUiConfig.kindError").match(/length \{([^}]*)\}/)![1],
    );
    expect(await tool.errorOf("colorPrimary")).toBe("");
    const rootVar = (frame: Frame, name: string) =>
      frame.evaluate(
        (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(),
        name,
      );
    const lightFrame = await tool.previewFrame("light");
    const darkFrame = await tool.previewFrame("dark");
    await expect.poll(() => rootVar(lightFrame, cssVar("colorPrimary"))).toBe("#0f766e");
    expect(await rootVar(darkFrame, cssVar("colorPrimary"))).toBe("#0f766e");
    expect(await rootVar(lightFrame, cssVar("colorBackground"))).toBe(lightTheme.colorBackground);
    expect(await rootVar(darkFrame, cssVar("colorBackground"))).toBe(darkTheme.colorBackground);
    // The refused value is applied nowhere: the default spacing stays.
    expect(await rootVar(lightFrame, cssVar("spacingUnit"))).toBe(lightTheme.spacingUnit);
    expect(await tool.exported()).toEqual({
      theme: "light",
      variables: { colorPrimary: "#0f766e", borderRadius: "12px" },
    });

    const copied = await tool.copy();
    // A platform's iframe does not grant clipboard-write (the element sets no `allow`): the
    // text is selected for the person to copy, and the tool says how.
    expect(copied).toEqual({ said: tool.copyFailedText(), selected: true });

    await checkLightDarkPseudo(platform, [tool.frame], () =>
      tool.frame.getByRole("heading", { level: 2 }).first().innerText(),
    );
    await platform.page.setViewportSize({ width: 360, height: 900 });
    expect(await findOverflows(tool.frame)).toEqual([]);
  });

  it("exports an appearance that, passed to loadConnectAndInitialize, renders payouts-list as the preview showed it (screenshots compared)", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 1280, height: 1100 });
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "tools");
    const tool = new DebugUiConfigModel(await platform.frameOf("debug-ui-config"));
    await tool.waitOpen();
    await tool.setVariable("colorPrimary", "#9d174d");
    await tool.setVariable("colorText", "#111827");
    await tool.setVariable("tableRowPaddingY", "6px");
    await tool.setVariable("badgeBorderRadius", "2px");
    await tool.setVariable("fontSizeBase", "15px");
    const preview = new PayoutsListModel(await tool.previewFrame("light"));
    await preview.settle();
    const previewRows = await preview.seeRows();
    const code = await tool.exportedText();
    const width = await tool.previewFrameElement("light").evaluate((el) => el.clientWidth);
    const expected = await screenshotOf(platform.page, tool.previewFrameElement("light"));

    // The platform's developer pastes the object into the dashboard's code (its field keeps
    // it for loadConnectAndInitialize on the next load), then shows a payouts list as wide.
    await platform.useAppearance(code);
    await platform.addElements("payouts-list", 1);
    await platform.page.evaluate(
      ({ tag, w }) => {
        const element = document.querySelector<HTMLElement>(tag)!;
        element.style.display = "block";
        element.style.width = `${w}px`;
      },
      { tag: tagName("payouts-list"), w: width },
    );
    const list = await platform.payoutsList();
    await list.settle();
    expect(await list.seeRows()).toEqual(previewRows);
    const frameElement = platform.page.locator(tagName("payouts-list")).locator("iframe").first();
    const actual = await screenshotOf(platform.page, frameElement);
    const difference = comparePngs(expected, actual);
    expect(difference.width).toBe(width);
    expect(difference.changedShare).toBeLessThan(0.002);
  });
});

// debug-ui-preview: every built component the session enables, side by side, each in a
// frame of its own, in the appearance and language the platform gives the tool.
describe("debug-ui-preview", () => {
  it("shows every built, enabled component in its own frame in the platform's colour and locale, live; axe finds nothing serious in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 1280, height: 900 });
    await platform.signIn(example.env.sandbox.accounts[0]!.label, "preview");
    const tool = new DebugUiPreviewModel(await platform.frameOf("debug-ui-preview"));
    // The example platform's session enables every built component.
    const expected = Object.keys(viewRegistry).filter((name) => {
      const entry = catalogueManifest[name as keyof typeof catalogueManifest];
      return (
        !("aliasOf" in entry) && (entry.releaseState === "ga" || entry.releaseState === "preview")
      );
    });
    await expect
      .poll(async () => (await tool.components()).length, { timeout: 20_000 })
      .toBe(expected.length);
    const shown = await tool.components();
    expect([...shown].sort()).toEqual([...expected].sort());
    expect(shown[0]).toBe("payouts-list");

    // Each preview is a frame of its own, and each one's shell gets past loading, none failed.
    const statuses = () =>
      Promise.all(expected.map(async (name) => `${name}:${await tool.status(name)}`));
    await expect
      .poll(statuses, { timeout: 20_000 })
      .toEqual(expected.map((name) => `${name}:ready`));
    const payouts = new PayoutsListModel(await tool.frameOf("payouts-list"));
    await payouts.settle();
    expect((await payouts.seeRows()).length).toBeGreaterThan(0);

    // The platform's appearance reaches every preview, live.
    const primaries = () =>
      Promise.all(expected.map((name) => tool.rootVariable(name, cssVar("colorPrimary"))));
    await platform.chooseColour("#0b7a5a");
    await expect.poll(primaries).toEqual(expected.map(() => "#0b7a5a"));
    // And its locale: each preview's document takes the language, as a real frame's does.
    await platform.chooseLocale("en-XA");
    await expect.poll(() => tool.language("payouts-list")).toBe("en-XA");
    await platform.chooseLocale("en-US");
    await expect.poll(() => tool.language("payouts-list")).toBe("en-US");

    await checkLightDarkPseudo(platform, [tool.frame], () =>
      tool.frameOf("payouts-list").then((f) => f.locator("body").innerText()),
    );
    await platform.page.setViewportSize({ width: 360, height: 900 });
    expect(await findOverflows(tool.frame)).toEqual([]);
  });
});

// debug-hosted-dashboard-preview: the provider's hosted dashboard pages for this account, as
// the dashboard host renders them, under the platform's branding (its `display-name` and
// `icon`), read-only in sandboxed frames.
describe("debug-hosted-dashboard-preview", () => {
  it("shows the dashboard's sign-in and accounts pages for this account with the platform's name and icon, read-only; axe finds nothing serious in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const seeded = example.env.sandbox.accounts[0]!;
    await platform.signIn(seeded.label, "branding");
    const tool = new DebugHostedDashboardPreviewModel(
      await platform.frameOf("debug-hosted-dashboard-preview"),
    );
    await tool.waitShown();
    expect(await tool.pages()).toEqual(["Sign in", "Accounts"]);

    // The sign-in page in the platform's name and icon (the platform serves the icon; the
    // frame loads it), styled by the dashboard's own stylesheet, every field inert.
    const signIn = await tool.read();
    expect(signIn.heading).toBe("Sign in to Cloudberry");
    expect(signIn.brand).toBe("Cloudberry");
    expect(signIn.icon).toEqual({ src: `${example.env.platform}/brand-icon.svg`, loaded: true });
    expect(signIn.background).toBe("rgb(249, 250, 251)");
    expect(signIn.disabledControls).toBe(3);
    expect(signIn.enabledControls).toBe(0);
    expect(await tool.shownFrameAttributes()).toEqual({
      sandbox: "",
      title: "Sign in page of the hosted dashboard, branded as Cloudberry",
    });

    // The accounts page lists this account as the provider has it.
    await tool.choose("Accounts");
    const account = await example.apiGet<{
      id: string;
      type: string;
      country: string;
      business_profile: { name: string | null };
      charges_enabled: boolean;
      payouts_enabled: boolean;
    }>(`/v1/accounts/${seeded.id}`);
    const yesNo = (on: boolean) => (on ? "Yes" : "No");
    await expect
      .poll(async () => (await tool.read()).rows)
      .toEqual([
        [
          account.business_profile.name ?? "—",
          account.id,
          account.type,
          account.country,
          yesNo(account.charges_enabled),
          yesNo(account.payouts_enabled),
          "Owner",
        ],
      ]);

    await checkLightDarkPseudo(platform, [tool.frame], () =>
      tool.frame.getByRole("heading").first().innerText(),
    );

    // A new name reaches the pages; an icon that is no URL is refused, naming it.
    await platform.setAttribute("debug-hosted-dashboard-preview", 0, "display-name", "Berry");
    await tool.choose("Sign in");
    await expect.poll(async () => (await tool.read()).heading).toBe("Sign in to Berry");
    const refused = platform.page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector("oriel-debug-hosted-dashboard-preview")!
            .addEventListener("inputerror", (e) => resolve((e as CustomEvent).detail), {
              once: true,
            }),
        ),
    );
    await platform.setAttribute("debug-hosted-dashboard-preview", 0, "icon", "not a url");
    expect(await refused).toMatchObject({
      component: "debug-hosted-dashboard-preview",
      name: "icon",
    });
    platform.takeProblems(/icon/);
  });
});
