/** Passes the sandbox's external-account challenge the way a provider user would. */
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
