import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider } from "../protocol/provider.ts";
import { type ServerHandle, startServer } from "./main.ts";
import { createPlatform } from "./platforms/platforms.ts";
import { setupTestDatabase } from "./test/db.ts";

const t = setupTestDatabase();
let server: ServerHandle;

beforeAll(async () => {
  server = await startServer({ ports: { api: 0 }, database: t.handle });
});
afterAll(async () => {
  await server?.close();
});

describe("startServer", () => {
  it("serves the API over a real socket, with the OpenAPI document and Request-Id", async () => {
    const doc = await fetch(`${server.url}/v1/openapi.json`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get(provider.headers.requestId)).toMatch(/^req_/);
    expect((await doc.json()).openapi).toBe("3.1.0");
  });

  it("creates and lists accounts through the socket with a platform's secret key", async () => {
    const { secretKey } = await createPlatform(t.db, { country: "US" }, 1_750_000_000);
    const created = await fetch(`${server.url}/v1/accounts`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "type=standard&metadata[order]=7",
    });
    expect(created.status).toBe(200);
    const account = await created.json();
    expect(account).toMatchObject({
      object: "account",
      type: "standard",
      metadata: { order: "7" },
    });
    const list = await fetch(`${server.url}/v1/accounts?limit=1`, {
      headers: { Authorization: `Bearer ${secretKey}` },
    });
    expect((await list.json()).data[0].id).toBe(account.id);
  });
});
