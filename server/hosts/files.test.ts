import { describe, expect, it } from "vitest";
import { localEnvironment, provider } from "../../protocol/provider.ts";
import { maxFileBytes } from "../files/files.ts";
import { connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createFilesHostApp } from "./files.ts";

const t = setupTestDatabase();
const api = testApi(t);
const hosts = localEnvironment();
const filesHost = () =>
  createFilesHostApp({
    db: t.db,
    config: { hosts, corsOrigins: [hosts.connect], now: () => api.clock.now },
  });

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n");
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function upload(
  key: string | undefined,
  parts: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "" }),
        value.name,
      );
  }
  return filesHost().request("/v1/files", {
    method: "POST",
    body: form,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

const fileCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the files host: POST /v1/files", () => {
  it("refuses a body over the API's limit on any other route with a typed 413", async () => {
    const r = await filesHost().request("/v1/files/file_123/contents", {
      method: "POST",
      body: "x".repeat(300 * 1024),
    });
    expect(r.status).toBe(413);
    const answer = (await r.json()) as { error: { code: string; request_id: string } };
    expect(answer.error.code).toBe("body_too_large");
    expect(answer.error.request_id).toBe(r.headers.get(provider.headers.requestId));
  });

  it("stores a PDF for the session's account; its metadata is on the API host, its bytes on the files host", async () => {
    const a = await connectedAccount(api);
    const key = await a.sessionKey({ account_onboarding: { enabled: true } });
    const r = await upload(key, {
      purpose: "identity_document",
      file: { bytes: pdf, name: "passport.pdf", type: "application/pdf" },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get(provider.headers.requestId)).toMatch(/^req_/);
    const file = await r.json();
    expect(file).toMatchObject({
      object: "file",
      purpose: "identity_document",
      type: "pdf",
      filename: "passport.pdf",
      size: pdf.length,
      url: `${hosts.files}/v1/files/${file.id}/contents`,
    });
    expect(file.id).toMatch(/^file_/);
    const meta = await api.get(`/v1/files/${file.id}`, { key });
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual(file);
    const platformMeta = await api.get(`/v1/files/${file.id}`, { key: a.secretKey });
    expect(platformMeta.status).toBe(200);
    const download = await filesHost().request(`/v1/files/${file.id}/contents`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
  });

  it("decides the type from the bytes: a text file named .pdf is refused; a logo must be an image", async () => {
    const a = await connectedAccount(api);
    const fake = await upload(a.secretKey, {
      purpose: "dispute_evidence",
      file: { bytes: new TextEncoder().encode("hello"), name: "x.pdf", type: "application/pdf" },
    });
    expect(fake.status).toBe(400);
    expect((await fake.json()).error).toMatchObject({ code: "file_type_invalid", param: "file" });
    const logo = await upload(a.secretKey, {
      purpose: "business_logo",
      file: { bytes: pdf, name: "logo.pdf" },
    });
    expect(logo.status).toBe(400);
    const png_ = await upload(a.secretKey, {
      purpose: "business_logo",
      file: { bytes: png, name: "logo.png" },
    });
    expect(png_.status).toBe(200);
    expect((await png_.json()).type).toBe("png");
    expect(await fileCount()).toBe(1);
  });

  it("bad input gets the error object naming the parameter, and nothing is stored", async () => {
    const a = await connectedAccount(api);
    const cases = [
      [{ purpose: "selfie", file: { bytes: pdf, name: "a.pdf" } }, "purpose"],
      [{ file: { bytes: pdf, name: "a.pdf" } }, "purpose"],
      [{ purpose: "identity_document" }, "file"],
      [{ purpose: "identity_document", file: { bytes: new Uint8Array(), name: "a.pdf" } }, "file"],
      [{ purpose: "identity_document", file: { bytes: pdf, name: "a.pdf" }, admin: "1" }, "admin"],
    ] as const;
    for (const [parts, param] of cases) {
      const r = await upload(a.secretKey, parts as Parameters<typeof upload>[1]);
      expect(r.status, param).toBe(400);
      expect((await r.json()).error).toMatchObject({ type: "invalid_request_error", param });
    }
    const notMultipart = await filesHost().request("/v1/files", {
      method: "POST",
      body: "purpose=identity_document",
      headers: {
        Authorization: `Bearer ${a.secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect(notMultipart.status).toBe(415);
    expect(await fileCount()).toBe(0);
  });

  it(`refuses a file over ${maxFileBytes / 1024 / 1024} MB`, async () => {
    const a = await connectedAccount(api);
    const big = new Uint8Array(maxFileBytes + 1);
    big.set(pdf);
    const r = await upload(a.secretKey, {
      purpose: "identity_document",
      file: { bytes: big, name: "big.pdf" },
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({ code: "file_too_large", param: "file" });
    expect(await fileCount()).toBe(0);
  });

  it("needs a key that may write: none is 401, a publishable key 403", async () => {
    const a = await connectedAccount(api);
    const parts = { purpose: "identity_document", file: { bytes: pdf, name: "a.pdf" } };
    expect((await upload(undefined, parts)).status).toBe(401);
    expect((await upload(a.publishableKey, parts)).status).toBe(403);
    expect(await fileCount()).toBe(0);
  });

  it("another account's key reads neither the metadata nor the bytes", async () => {
    const a = await connectedAccount(api);
    const b = await connectedAccount(api);
    const key = await a.sessionKey({ account_onboarding: { enabled: true } });
    const file = await (
      await upload(key, { purpose: "identity_document", file: { bytes: pdf, name: "a.pdf" } })
    ).json();
    const other = await b.sessionKey({ account_onboarding: { enabled: true } });
    expect((await api.get(`/v1/files/${file.id}`, { key: other })).status).toBe(404);
    expect((await api.get(`/v1/files/${file.id}`, { key: b.secretKey })).status).toBe(404);
    const download = await filesHost().request(`/v1/files/${file.id}/contents`, {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(download.status).toBe(404);
    const anonymous = await filesHost().request(`/v1/files/${file.id}/contents`);
    expect(anonymous.status).toBe(401);
  });

  it("answers CORS to the connect origin only", async () => {
    const preflight = (origin: string) =>
      filesHost().request("/v1/files", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
    expect((await preflight(hosts.connect)).headers.get("access-control-allow-origin")).toBe(
      hosts.connect,
    );
    expect((await preflight(hosts.platform)).headers.get("access-control-allow-origin")).toBeNull();
  });
});
