/** Calls the app without a socket, the way a platform's backend or the data layer would. */
import { provider } from "../../protocol/provider.ts";
import { type App, type AppOptions, createApp } from "../app.ts";
import type { ServerConfig } from "../config.ts";
import { encodeBracketed } from "../http/form.ts";
import { createPlatform } from "../platforms/platforms.ts";
import type { setupTestDatabase } from "./db.ts";

export interface CallOptions {
  key?: string;
  /** Nested parameters, sent form-encoded (POST) or in the query string. */
  params?: Record<string, unknown>;
  /** A raw body, sent as is. */
  body?: string;
  headers?: Record<string, string>;
}

export interface Called {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  body: any;
}

/** A test harness: the app over the worker's database, with a clock the test moves. */
export function testApi(
  t: ReturnType<typeof setupTestDatabase>,
  config: Partial<ServerConfig> = {},
  domains: AppOptions["domains"] = [],
  faults?: AppOptions["faults"],
) {
  const clock = { now: 1_750_000_000 };
  let app: App | undefined;
  const getApp = () => {
    app ??= createApp({
      db: t.db,
      // Unthrottled unless a test sets a limit: tests call far faster than any client.
      config: { now: () => clock.now, rateLimitPerSecond: 0, ...config },
      domains,
      ...(faults ? { faults } : {}),
    });
    return app;
  };

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Called> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    let url = path;
    let body: string | undefined = options.body;
    if (options.params) {
      const encoded = encodeBracketed(options.params).toString();
      if (method === "POST") {
        body = encoded;
        headers["Content-Type"] ??= "application/x-www-form-urlencoded";
      } else if (encoded) {
        url = `${path}?${encoded}`;
      }
    } else if (body !== undefined) {
      headers["Content-Type"] ??= "application/x-www-form-urlencoded";
    }
    const response = await getApp().request(url, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    // A file (a CSV export, a PDF) stays text; everything else of the API is JSON.
    const type = response.headers.get("content-type") ?? "";
    const json = !type.startsWith("text/") && !type.startsWith("application/pdf");
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (json ? JSON.parse(text) : text) : undefined,
    };
  }

  return {
    clock,
    get app() {
      return getApp();
    },
    call,
    post: (path: string, options?: CallOptions) => call("POST", path, options),
    get: (path: string, options?: CallOptions) => call("GET", path, options),
    del: (path: string, options?: CallOptions) => call("DELETE", path, options),
    platform: (input: Parameters<typeof createPlatform>[1] = {}) =>
      createPlatform(t.db, { business_name: "Rocket Rides", country: "US", ...input }, clock.now),
    headers: provider.headers,
  };
}
