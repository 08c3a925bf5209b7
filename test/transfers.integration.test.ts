/**
 * Uploads and downloads through the real data layer against the real files host: a PDF is
 * uploaded with its progress reported and comes back byte for byte as a download; a file
 * the host would refuse is refused before anything is sent; a download the host refuses is
 * a typed failure. No key is ever in a URL the data layer fetched, nor in anything the frame
 * received.
 */
import { describe, expect, it } from "vitest";
import { downloadFile, uploadFile } from "../actors/components/transfers.ts";
import { hosts } from "../actors/data-layer/fakes.ts";
import { maxFileBytes } from "../protocol/files.ts";
import { testApi } from "../server/test/api.ts";
import { setupTestDatabase } from "../server/test/db.ts";
import { providerWorld } from "./support/provider-world.ts";

const t = setupTestDatabase();
const api = testApi(t);

const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n");
const keyShaped = /\b(?:ek|uk|eak|sk|rk)_(?:test|live)_[A-Za-z0-9]+/;

describe("uploads and downloads through the data layer, against the files host", () => {
  it("uploads a PDF with progress and downloads it back; no key in any URL or message", async () => {
    const world = await providerWorld({ t, api, component: "disputes_list" });
    try {
      const progress: [number, number][] = [];
      const stored = await uploadFile(
        world.client,
        {
          purpose: "dispute_evidence",
          file: new File([pdfBytes], "receipt.pdf", { type: "application/pdf" }),
        },
        { onProgress: (loaded, total) => progress.push([loaded, total]) },
      );
      expect(stored).toMatchObject({
        object: "file",
        purpose: "dispute_evidence",
        type: "pdf",
        filename: "receipt.pdf",
        size: pdfBytes.length,
      });
      expect(progress.at(-1)).toEqual([pdfBytes.length, pdfBytes.length]);
      const upload = world.sent.find((r) => r.url === `${hosts.files}/v1/files`);
      expect(upload?.headers.Authorization).toMatch(/^Bearer /);

      const file = await downloadFile(
        world.client,
        `${hosts.files}/v1/files/${stored.id}/contents`,
      );
      expect(file.name).toBe("receipt.pdf");
      expect(file.type).toBe("application/pdf");
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes);

      for (const request of world.sent) expect(request.url).not.toMatch(keyShaped);
      for (const message of world.received)
        expect(JSON.stringify(message) ?? "").not.toMatch(keyShaped);
      // What the frame got was files and objects, never the key the calls carried.
      const key = upload?.headers.Authorization?.replace(/^Bearer /, "") ?? "";
      expect(key.length).toBeGreaterThan(10);
      expect(JSON.stringify(world.received)).not.toContain(key);
    } finally {
      await world.dispose();
    }
  });

  it("refuses a file the host would refuse before sending it, with the host's error on `file`", async () => {
    const world = await providerWorld({ t, api, component: "disputes_list" });
    try {
      const before = world.sent.length;
      const cases = [
        { file: new Blob([new Uint8Array(maxFileBytes + 1)]), code: "file_too_large" },
        { file: new Blob(["GIF89a not accepted"]), code: "file_type_invalid" },
        { file: new Blob([]), code: "file_empty" },
      ];
      for (const { file, code } of cases) {
        await expect(
          uploadFile(world.client, { purpose: "dispute_evidence", file, filename: "x.gif" }),
        ).rejects.toMatchObject({
          kind: "http",
          status: 400,
          error: { type: "invalid_request_error", code, param: "file" },
        });
      }
      // A PDF is not an image: refused for a logo as the host refuses it.
      await expect(
        uploadFile(world.client, {
          purpose: "business_logo",
          file: new Blob([pdfBytes]),
          filename: "logo.pdf",
        }),
      ).rejects.toMatchObject({ error: { code: "file_type_invalid", param: "file" } });
      expect(world.sent.slice(before).filter((r) => r.url.startsWith(hosts.files))).toEqual([]);
    } finally {
      await world.dispose();
    }
  });

  it("a download the host refuses is a typed failure with the host's error", async () => {
    const world = await providerWorld({ t, api, component: "disputes_list" });
    try {
      await expect(
        downloadFile(world.client, `${hosts.files}/v1/files/file_missing/contents`),
      ).rejects.toMatchObject({ kind: "http", status: 404 });
      // Not an allowlisted origin: refused by the data layer, nothing fetched.
      await expect(
        downloadFile(world.client, "https://elsewhere.example/report.csv"),
      ).rejects.toMatchObject({ kind: "network" });
      expect(world.sent.some((r) => r.url.includes("elsewhere"))).toBe(false);
    } finally {
      await world.dispose();
    }
  });
});
