/** A session's claimed key and the external-account challenge, as the frames get them. */
import { endpoints } from "../../protocol/endpoints.ts";
import type { testApi } from "./api.ts";

/**
 * Starts a challenge with the session's key, reads its code with the platform's test
 * helper (what the user receives), answers it: the answer (status, body with the key).
 */
export async function passExternalAccountChallenge(
  api: ReturnType<typeof testApi>,
  args: { sessionKey: string; secretKey: string; accountId: string },
) {
  await api.post(endpoints.requiresExternalAccountVerification, { key: args.sessionKey });
  const sent = await api.get(endpoints.externalAccountChallengeCode, {
    key: args.secretKey,
    params: { account: args.accountId },
  });
  return api.post(endpoints.externalAccountChallenge, {
    key: args.sessionKey,
    params: { code: sent.body.code },
  });
}

/**
 * A new custom account (`accountParams` beside its type) of a new platform, an account
 * session enabling `components`, claimed: the platform's keys, the account, the session key.
 */
export async function claimedSession(
  api: ReturnType<typeof testApi>,
  components: Record<string, unknown>,
  accountParams: Record<string, unknown> = {},
) {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", ...accountParams },
  });
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: account.body.id, components },
  });
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  return { ...p, accountId: account.body.id as string, apiKey: claimed.body.api_key as string };
}
