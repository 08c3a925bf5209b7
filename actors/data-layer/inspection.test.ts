import { afterEach, describe, expect, it } from "vitest";
import {
  internalAllowedAt,
  internalComponentRefused,
} from "../../protocol/catalogue/internal-gate.ts";
import type { InspectionRecord } from "../../protocol/inspection.ts";
import { isKeyShaped } from "../../protocol/redaction.ts";
import { type Built, build, env, marker, settle, until } from "./fakes.ts";
import { INSPECTOR_COMPONENT, inspectorRefusedMessage } from "./inspection.ts";

/**
 * The data layer relays the live inspector (issue 17): only the debug-utils frame opens it,
 * only where internal components may load; every other port hears start and stop; reports
 * reach the inspector's port alone; nothing is sent while it is closed.
 */

let built: Built;
afterEach(() => built?.dispose());

const record = (seq: number): InspectionRecord => ({
  scope: "payouts-list",
  actor: "x:1",
  machine: "payoutsList",
  seq,
  time: 1,
  kind: "event",
  event: { type: "page.next" },
  value: "loading",
  taken: true,
});

const inspectionMessages = (client: { received: { requestType?: unknown }[] }) =>
  client.received.filter((m) => String(m.requestType).startsWith("inspection"));

describe("the inspector's relay in the data layer", () => {
  it("gates the inspector by the place alone exactly as the catalogue's gate does for debug-utils", () => {
    for (const hostname of ["shop.example.com", "localhost", "x.qa.oriel.com", null])
      for (const overrideFlagSet of [false, true]) {
        const place = { hostname, overrideFlagSet };
        expect(internalAllowedAt(place)).toBe(
          !internalComponentRefused(INSPECTOR_COMPONENT, place),
        );
      }
    expect(internalAllowedAt({ hostname: "shop.example.com", overrideFlagSet: false })).toBe(false);
  });

  it("opens from debug-utils: every other port, and one that opens later, is told to start; reports reach the inspector only; closing tells them to stop", async () => {
    built = build();
    const { platform } = await built.claimed();
    const list = built.frame("payouts-list");
    const inspector = built.frame("debug-utils");
    await until(() => inspector.ofType("initresponse").length === 1, "initresponse");
    expect(await inspector.request({ requestType: "inspectorOpen" })).toMatchObject({
      requestType: "response",
      body: { open: true },
    });
    for (const client of [platform, list])
      await until(() => client.ofType("inspectionStart").length === 1, "inspectionStart");
    const later = built.frame("payouts");
    await until(() => later.ofType("inspectionStart").length === 1, "a late port starts too");
    expect(inspector.ofType("inspectionStart")).toHaveLength(0);

    list.post({ requestType: "inspectionReport", records: [record(0), record(1)] });
    await until(
      () =>
        inspector
          .ofType("inspectionRecords")
          .some((m) => (m.records as InspectionRecord[]).some((r) => r.scope === "payouts-list")),
      "the list's records at the inspector",
    );
    for (const client of [platform, list, later])
      expect(client.ofType("inspectionRecords")).toHaveLength(0);

    await inspector.request({ requestType: "inspectorClose" });
    for (const client of [platform, list, later])
      await until(() => client.ofType("inspectionStop").length === 1, "inspectionStop");
    const before = inspector.ofType("inspectionRecords").length;
    // A report that crossed inspectionStop on its way is dropped quietly: it is expected.
    list.post({ requestType: "inspectionReport", records: [record(2)] });
    await settle();
    expect(inspector.ofType("inspectionRecords")).toHaveLength(before);
    expect(built.logs.text()).not.toMatch(/inspection records dropped/);
  });

  it("relays each port's records under its own scope: a frame cannot pass as another, the platform page is the loader", async () => {
    built = build();
    const { platform } = await built.claimed();
    const list = built.frame("payouts-list");
    const inspector = built.frame("debug-utils");
    await inspector.request({ requestType: "inspectorOpen" });
    await until(() => list.ofType("inspectionStart").length === 1, "inspectionStart");
    const relayed = () =>
      inspector.ofType("inspectionRecords").flatMap((m) => m.records as InspectionRecord[]);
    list.post({
      requestType: "inspectionReport",
      records: [
        { ...record(0), scope: "popup" },
        { ...record(1), scope: "data-layer" },
      ],
    });
    platform.post({
      requestType: "inspectionReport",
      records: [{ ...record(0), scope: "payouts-list", machine: "loader", actor: "x:9" }],
    });
    await until(() => relayed().some((r) => r.machine === "loader"), "the loader's record");
    await until(() => relayed().filter((r) => r.machine === "payoutsList").length === 2, "list");
    expect(
      relayed()
        .filter((r) => r.machine === "payoutsList")
        .map((r) => r.scope),
    ).toEqual(["payouts-list", "payouts-list"]);
    expect(relayed().find((r) => r.machine === "loader")?.scope).toBe("loader");
  });

  it("records the data layer's own actors while open, with no key in any record", async () => {
    built = build();
    const inspector = built.frame("debug-utils");
    await inspector.request({ requestType: "inspectorOpen" });
    const reported = () =>
      inspector.ofType("inspectionRecords").flatMap((m) => m.records as InspectionRecord[]);
    // Once the recorder chunk has loaded, the data layer's actors' starts arrive.
    await until(() => {
      built.timers.advance(100);
      return reported().some((r) => r.scope === "data-layer" && r.kind === "start");
    }, "the data layer's recorder started");
    await built.claimed();
    built.timers.advance(100);
    await until(
      () =>
        inspector
          .ofType("inspectionRecords")
          .flatMap((m) => m.records as InspectionRecord[])
          .some((r) => r.scope === "data-layer" && r.kind === "event"),
      "the data layer's transitions",
    );
    const records = inspector
      .ofType("inspectionRecords")
      .flatMap((m) => m.records as InspectionRecord[]);
    const machines = new Set(records.map((r) => r.machine));
    expect(machines.has("auth")).toBe(true);
    expect(isKeyShaped(JSON.stringify(records))).toBe(false);
  });

  it("refuses another frame, and refuses debug-utils on a production host without the override flag; no port is told to start", async () => {
    built = build();
    const list = built.frame("payouts-list");
    expect(await list.request({ requestType: "inspectorOpen" })).toMatchObject({
      requestType: "errorResponse",
      error: { message: inspectorRefusedMessage },
    });
    built.dispose();

    built = build({ platformOrigin: "https://shop.example.com" });
    const other = built.frame("payouts");
    const inspector = built.frame("debug-utils");
    expect(await inspector.request({ requestType: "inspectorOpen" })).toMatchObject({
      requestType: "errorResponse",
    });
    await settle();
    expect(inspectionMessages(other)).toEqual([]);
    built.dispose();

    built = build({ platformOrigin: "https://shop.example.com", overrideFlagSet: true });
    const flagged = built.frame("debug-utils");
    expect(await flagged.request({ requestType: "inspectorOpen" })).toMatchObject({
      requestType: "response",
    });
  });

  it("without an inspector, a page's ports hear no inspection message and reports are dropped", async () => {
    built = build();
    const { platform } = await built.claimed();
    const list = built.frame("payouts-list");
    list.post({ requestType: "inspectionReport", records: [record(0)] });
    await settle();
    built.timers.advance(1_000);
    await settle();
    expect([...inspectionMessages(platform), ...inspectionMessages(list)]).toEqual([]);
    expect(built.logs.text()).toMatch(/inspection records dropped/);
  });
});

describe("the sign-in popup and the inspector", () => {
  const popupRecord = (seq: number, scope = "popup"): InspectionRecord => ({
    ...record(seq),
    scope,
    machine: "signIn",
  });
  const told = () =>
    built.window.popup.received.map(
      (m) => `${(m.data as { requestType: string }).requestType} → ${m.targetOrigin}`,
    );
  const fromPopup = (requestType: string, extra: Record<string, unknown> = {}) =>
    built.window.post(env.connect, { type: marker, requestType, ...extra });

  it("a ready popup is told to start while the inspector is open and to stop when it closes; its records reach the inspector under the scope popup", async () => {
    built = build();
    await built.claimed();
    const inspector = built.frame("debug-utils");
    await inspector.request({ requestType: "inspectorOpen" });
    fromPopup("popupReady");
    await settle();
    expect(told()).toEqual([`inspectionStart → ${env.connect}`]);
    // A popup may not name itself another context: its records are the popup's.
    fromPopup("popupInspectionReport", { records: [popupRecord(0, "payouts-list")] });
    await until(
      () =>
        inspector
          .ofType("inspectionRecords")
          .some((m) => (m.records as InspectionRecord[]).some((r) => r.machine === "signIn")),
      "the popup's records at the inspector",
    );
    const relayed = inspector
      .ofType("inspectionRecords")
      .flatMap((m) => m.records as InspectionRecord[])
      .filter((r) => r.actor === "x:1" && r.machine === "signIn");
    expect(relayed.map((r) => r.scope)).toEqual(["popup"]);
    await inspector.request({ requestType: "inspectorClose" });
    expect(told()).toEqual([`inspectionStart → ${env.connect}`, `inspectionStop → ${env.connect}`]);
  });

  it("a popup already open when the inspector opens is told to start; one that completed is not", async () => {
    built = build();
    await built.claimed();
    fromPopup("popupReady");
    await settle();
    expect(told()).toEqual([]);
    const inspector = built.frame("debug-utils");
    await inspector.request({ requestType: "inspectorOpen" });
    expect(told()).toEqual([`inspectionStart → ${env.connect}`]);
    await inspector.request({ requestType: "inspectorClose" });
    fromPopup("popupComplete");
    await settle();
    await inspector.request({ requestType: "inspectorOpen" });
    expect(told()).toEqual([`inspectionStart → ${env.connect}`, `inspectionStop → ${env.connect}`]);
  });

  it("drops a popup's records when no inspector is open, and a report from a window that is not a popup of a UI frame", async () => {
    built = build();
    await built.claimed();
    const inspector = built.frame("debug-utils");
    fromPopup("popupReady");
    fromPopup("popupInspectionReport", { records: [popupRecord(0)] });
    await inspector.request({ requestType: "inspectorOpen" });
    // From a window of another page, with the connect origin: not a popup of ours.
    built.window.post(
      env.connect,
      { type: marker, requestType: "popupInspectionReport", records: [popupRecord(1)] },
      [],
      built.window.elsewhere,
    );
    await settle();
    built.timers.advance(200);
    await settle();
    const fromPopups = inspector
      .ofType("inspectionRecords")
      .flatMap((m) => m.records as InspectionRecord[])
      .filter((r) => r.scope === "popup");
    expect(fromPopups).toEqual([]);
  });
});
