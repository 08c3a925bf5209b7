import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { localDayStart } from "../../protocol/filters.ts";
import type { Dispute } from "../../protocol/objects/dispute.schema.ts";
import type { FileObject } from "../../protocol/objects/file.schema.ts";
import { formatDate, formatMoney } from "../../ui/i18n/format.ts";
import { type DisputeRow, DisputesListModel } from "./models/disputes-list.model.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// The disputes list (issue 10, the payments family) on the example platform's dashboard, in
// Debian's Chromium, as a person uses it; what it shows and what the person did are checked
// against the provider's own answers through the API (secret key, the account's header), and
// the sandbox clock is moved through the provider's test helper as the platform's backend
// would move it.

const example = examplePlatformTests();
const { signedIn, apiGet, apiPost } = example;

const disputes = async (page: PlatformPage) =>
  new DisputesListModel(await page.frameOf("disputes-list"));

const listed = async (query: string, all = false): Promise<Dispute[]> =>
  all
    ? example.listAll<Dispute>("/v1/disputes", query)
    : (await apiGet<{ data: Dispute[] }>(`/v1/disputes?${query}`)).data;

const statusWords: Record<Dispute["status"], string> = {
  warning_needs_response: "Inquiry: needs response",
  warning_closed: "Inquiry closed",
  needs_response: "Needs response",
  under_review: "Under review",
  won: "Won",
  lost: "Lost",
};
const reasonWords: Partial<Record<Dispute["reason"], string>> = {
  fraudulent: "Fraudulent",
  duplicate: "Duplicate",
  product_not_received: "Product not received",
  general: "General",
};

const daysLeft = (days: number) =>
  days === 0 ? "Last day to respond" : `${days} day${days === 1 ? "" : "s"} left to respond`;

/** A row as the list shows the provider's dispute in en-US (a near deadline marked). */
const rowOf = (d: Dispute): DisputeRow => {
  const days = d.evidence_details.days_remaining;
  const date = formatDate(d.evidence_details.due_by, "en-US");
  return {
    amount: formatMoney(d.amount, d.currency, "en-US"),
    status: statusWords[d.status],
    reason: reasonWords[d.reason] ?? d.reason,
    respondBy: days !== null && days < 10 ? `${date} ${daysLeft(days)}` : date,
    opened: formatDate(d.created, "en-US"),
  };
};

const isoDay = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A real one-page PDF (a receipt), with its cross-reference table. */
function receiptPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 24 120 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** The cardholder disputes a new payment of `amount` (the sandbox's helper, as a bank would). */
async function openDispute(amount: number, reason: Dispute["reason"]): Promise<Dispute> {
  const charge = await apiPost<{ id: string }>("/v1/charges", {
    amount,
    currency: "usd",
    payment_method: "pm_card_visa",
  });
  return apiPost<Dispute>(`/v1/test_helpers/charges/${charge.id}/dispute`, { reason });
}

describe("the disputes list on the example platform", () => {
  it("shows every dispute newest first as the provider lists them, a deadline under 10 days marked", async () => {
    const open = await openDispute(2_345, "fraudulent");
    const list = await disputes(await signedIn(undefined, "payments"));
    const expected = (await listed("limit=10")).map(rowOf);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(expected);
    const row = (await list.seeRows()).find((r) => r.amount === "$23.45");
    expect(row?.status).toBe("Needs response");
    expect(row?.respondBy).toMatch(/(days? left to respond|Last day to respond)$/);
    expect(open.evidence_details.days_remaining).toBeLessThan(10);
  });

  it("answers a dispute with text and a PDF, submits it and sees it under review; past the review it is won, and another answered with losing evidence is lost", async () => {
    const win = await openDispute(4_210, "product_not_received");
    const lose = await openDispute(4_320, "fraudulent");
    const platform = await signedIn(undefined, "payments");
    const list = await disputes(platform);
    await list.filterByStatus(["Needs response"]);
    await expect
      .poll(async () => (await list.seeRows()).map((r) => r.amount), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["$42.10", "$43.20"]));

    // The first: shipping details and a PDF receipt, saved as a draft, then submitted.
    await list.open("$42.10");
    await list.writeEvidence({
      "Shipping carrier": "Parcelforce",
      "Tracking number": "PF123456789GB",
      "Other information": "Delivered and signed for: winning_evidence",
    });
    await list.attach("Receipt (file)", {
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: receiptPdf("Receipt for order 4210"),
    });
    await list.saveDraft();
    const draft = await apiGet<Dispute>(`/v1/disputes/${win.id}`);
    expect(draft.status).toBe("needs_response");
    expect(draft.evidence.shipping_carrier).toBe("Parcelforce");
    expect(draft.evidence.receipt).toMatch(/^file_/);
    const receipt = await apiGet<FileObject>(`/v1/files/${draft.evidence.receipt}`);
    expect(receipt).toMatchObject({ purpose: "dispute_evidence", type: "pdf" });

    await list.submitEvidence();
    await expect
      .poll(async () => (await list.seeDetail()).Status, { timeout: 15_000 })
      .toBe("Under review");
    const submitted = await apiGet<Dispute>(`/v1/disputes/${win.id}`);
    expect(submitted.status).toBe("under_review");
    expect(submitted.evidence.shipping_tracking_number).toBe("PF123456789GB");
    expect(submitted.evidence.receipt).toBe(draft.evidence.receipt);
    await list.closeDetail();

    // The second: losing evidence, submitted straight away.
    await list.open("$43.20");
    await list.writeEvidence({ "Other information": "losing_evidence" });
    await list.submitEvidence();
    await expect
      .poll(async () => (await list.seeDetail()).Status, { timeout: 15_000 })
      .toBe("Under review");
    await list.closeDetail();
    expect((await apiGet<Dispute>(`/v1/disputes/${lose.id}`)).status).toBe("under_review");

    // The platform's backend moves the sandbox clock past the review period.
    const advanced = await apiPost<{ disputes_decided: number }>("/v1/test_helpers/clock/advance", {
      seconds: 7 * 86_400 + 3_600,
    });
    expect(advanced.disputes_decided).toBeGreaterThanOrEqual(2);
    expect((await apiGet<Dispute>(`/v1/disputes/${win.id}`)).status).toBe("won");
    expect((await apiGet<Dispute>(`/v1/disputes/${lose.id}`)).status).toBe("lost");

    // The person sees it too.
    await list.clearFilters();
    await list.filterByStatus(["Won", "Lost"]);
    await expect
      .poll(
        async () => Object.fromEntries((await list.seeRows()).map((r) => [r.amount, r.status])),
        { timeout: 15_000 },
      )
      .toMatchObject({ "$42.10": "Won", "$43.20": "Lost" });
    // A week on the sandbox clock expired the frame's session key: the data layer renewed the
    // session after the one refused call, which the browser logs.
    platform.takeProblems(/responded with a status of 401/);
  });

  it("accepts a dispute after confirming: it closes as lost", async () => {
    const accepted = await openDispute(3_130, "duplicate");
    const list = await disputes(await signedIn(undefined, "payments"));
    await expect
      .poll(async () => (await list.seeRows()).map((r) => r.amount), { timeout: 15_000 })
      .toContain("$31.30");
    await list.open("$31.30");
    await list.acceptDispute();
    await expect
      .poll(async () => (await list.seeDetail()).Status, { timeout: 15_000 })
      .toBe("Lost");
    const closed = await apiGet<Dispute>(`/v1/disputes/${accepted.id}`);
    expect(closed.status).toBe("lost");
    expect(closed.closed_at).not.toBeNull();
  });

  it("filters by status, reason and date exactly as the provider's filters answer", async () => {
    const list = await disputes(await signedIn(undefined, "payments"));
    await list.seeRows();
    await list.filterByStatus(["Lost"]);
    const lost = (await listed("limit=10&status[]=lost")).map(rowOf);
    expect(lost.length).toBeGreaterThan(0);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(lost);

    await list.clearFilters();
    await list.filterByReason(["Fraudulent"]);
    const fraud = (await listed("limit=10&reason[]=fraudulent")).map(rowOf);
    expect(fraud.length).toBeGreaterThan(0);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(fraud);

    await list.clearFilters();
    const all = await listed("limit=100", true);
    const end = isoDay(all[0]!.created);
    const start = isoDay(all[Math.min(4, all.length - 1)]!.created);
    await list.filterByOpened(start, end);
    const query = `created[gte]=${localDayStart(start)}&created[lt]=${localDayStart(nextDay(end))}`;
    const inRange = (await listed(`limit=10&${query}`)).map(rowOf);
    expect(inRange.length).toBeGreaterThan(0);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(inRange);
  });

  it("exports the filtered disputes as CSV through the data layer: its rows are exactly the filtered list's", async () => {
    const platform = await signedIn(undefined, "payments");
    const list = await disputes(platform);
    await list.seeRows();
    await list.filterByStatus(["Won", "Lost"]);
    const expected = await listed("limit=100&status[]=won&status[]=lost", true);
    expect(expected.length).toBeGreaterThan(0);
    await expect
      .poll(() => list.seeRows(), { timeout: 15_000 })
      .toEqual(expected.slice(0, 10).map(rowOf));
    const [download] = await Promise.all([
      platform.page.waitForEvent("download"),
      list.exportCsv(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^disputes-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), "utf8")).trim().split(/\r?\n/);
    expect(lines[0]?.split(",")[0]).toBe("id");
    // Every dispute of the filter, not one page, in the list's order.
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(expected.map((d) => d.id));
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    await openDispute(1_990, "product_not_received");
    const platform = await signedIn(undefined, "payments");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const frame = await platform.frameOf("disputes-list");
    const list = new DisputesListModel(frame);
    await list.seeRows();
    // The list in light, dark and the pseudo-locale; then, in the last, a dispute's response
    // open (the drawer, its evidence and file fields).
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    expect(await findOverflows(frame)).toEqual([]);
    await platform.setDarkTheme(true);
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    await platform.chooseLocale("en-XA");
    await expect.poll(() => frame.locator("table caption").innerText()).toMatch(pseudoAccents);
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    expect(await findOverflows(frame)).toEqual([]);
    // Opened as in any locale: Enter on its row (the table's and the detail's names are
    // pseudo-accented here).
    await frame.locator("tbody tr").filter({ hasText: "19.90" }).first().press("Enter");
    await expect
      .poll(() => frame.locator(".dispute-response h3").innerText(), { timeout: 15_000 })
      .toMatch(pseudoAccents);
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    expect(await findOverflows(frame)).toEqual([]);
  });
});
