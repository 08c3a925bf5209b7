/** Risk signals (SPEC.md §7 POST /v1/risk_signals, §4 "Risk signal result", §8). */
import { endpoints } from "../../protocol/endpoints.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import { send } from "./http.ts";
import type { KeyStore } from "./keys.actor.ts";
import type { FetchLike, Logger } from "./types.ts";

export const NO_SESSION_KEY_MESSAGE = "No valid account session apiKey found";

export type RiskSignalResult = { status: "completed" } | { status: "failed"; error: string };

/** Sends the risk signals with the account-session key: an empty POST. */
export async function collectRiskSignals(options: {
  fetch: FetchLike;
  hosts: ProviderHosts;
  keys: KeyStore;
  log: Logger;
}): Promise<RiskSignalResult> {
  const key = options.keys.read("account_session");
  if (!key) {
    options.log.warn(NO_SESSION_KEY_MESSAGE);
    return { status: "failed", error: NO_SESSION_KEY_MESSAGE };
  }
  try {
    const answer = await send(options.fetch, {
      url: `${options.hosts.api}${endpoints.riskSignals}`,
      method: "POST",
      headers: {
        Authorization: `Bearer ${key.apiKey}`,
        [provider.headers.version]: provider.apiVersion,
      },
      form: {},
    });
    if (answer.ok) return { status: "completed" };
    return { status: "failed", error: `HTTP status code: ${answer.status}` };
  } catch (error) {
    return { status: "failed", error: error instanceof Error ? error.message : "Unknown error" };
  }
}
