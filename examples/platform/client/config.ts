/** What every page's script shares: its config from the backend, and the client secret call. */
import { configMetaName, type PageConfig } from "../pages.ts";

export type { PageConfig };

export function readConfig(): PageConfig {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${configMetaName}"]`);
  if (!meta) throw new Error(`this page has no <meta name="${configMetaName}">`);
  return JSON.parse(meta.content) as PageConfig;
}

/**
 * The loader's `fetchClientSecret`: the platform's own backend creates the account session
 * (it holds the secret key) and answers with the client secret only.
 */
export async function fetchClientSecret(): Promise<string> {
  const response = await fetch("/api/account_session", {
    method: "POST",
    credentials: "same-origin",
  });
  const body = (await response.json().catch(() => ({}))) as {
    client_secret?: string;
    error?: { message?: string };
  };
  if (!response.ok || !body.client_secret)
    throw new Error(body.error?.message ?? `account session: HTTP ${response.status}`);
  return body.client_secret;
}
