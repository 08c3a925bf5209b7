/**
 * The user claim's calls (`claim.ts`), for account-onboarding's session (its own account
 * only; a user key acts for its session): `GET /v1/connect/account_claim` (the account's
 * claim state), `POST /v1/connect/account_claim` (email + password: sends the code),
 * `POST /v1/connect/account_claim/verify` (the code: the user exists and is the account's
 * primary user), and the sandbox's test helper that shows a pending claim's code to the
 * platform (`GET /v1/test_helpers/account_claims/current`, secret key).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  accountClaimCodeSchema,
  accountClaimSchema,
  passwordRules,
} from "../../protocol/objects/account-claim.schema.ts";
import { openCodes } from "../embedded/challenge.ts";
import type { AppEnv } from "../http/context.ts";
import { resourceMissing } from "../http/errors.ts";
import { defineRoute } from "../http/route.ts";
import {
  claimComponents,
  claimOf,
  requireUserAuthentication,
  startClaim,
  verifyClaim,
} from "./claim.ts";

export const claimApp = new OpenAPIHono<AppEnv>();

defineRoute(
  claimApp,
  {
    method: "get",
    path: endpoints.accountClaim,
    summary:
      "Whether the session's account has its provider user (claimed), a claim waiting for its code, or none",
    tags: ["Users"],
    auth: ["account_session"],
    components: claimComponents,
    response: accountClaimSchema,
  },
  async ({ deps, principal }) => claimOf(deps.db, principal.accountId, deps.config.now()),
);

defineRoute(
  claimApp,
  {
    method: "post",
    path: endpoints.accountClaim,
    summary:
      "Claim the session's account, which has no provider user yet: an email and a password; sends a six-digit code to the email",
    tags: ["Users"],
    auth: ["account_session"],
    components: claimComponents,
    body: z.strictObject({
      email: z.string().trim().email().max(320),
      password: z.string().min(1).max(passwordRules.maxLength),
    }),
    response: accountClaimSchema,
  },
  async ({ deps, principal, body }) => {
    requireUserAuthentication(principal);
    return startClaim(deps.db, principal, body, deps.config.now());
  },
);

defineRoute(
  claimApp,
  {
    method: "post",
    path: endpoints.accountClaimVerify,
    summary:
      "Answer the claim's code: the email and password become the account's primary provider user",
    tags: ["Users"],
    auth: ["account_session"],
    components: claimComponents,
    body: z.strictObject({ code: z.string().regex(/^\d{6}$/) }),
    response: accountClaimSchema,
  },
  async ({ deps, principal, body }) => {
    requireUserAuthentication(principal);
    return verifyClaim(deps.db, principal, body.code, deps.config.now());
  },
);

defineRoute(
  claimApp,
  {
    method: "get",
    path: endpoints.accountClaimCode,
    summary: "Sandbox: the code of an account's pending claim, as its email receives it",
    tags: ["Test helpers"],
    auth: ["secret"],
    query: z.strictObject({ account: z.string().min(1).max(255) }),
    response: accountClaimCodeSchema,
  },
  async ({ deps, principal, query }) => {
    const row = await deps.db
      .selectFrom("account_claims")
      .selectAll()
      .where("platform_id", "=", principal.platformId)
      .where("account_id", "=", query.account)
      .$call((codes) => openCodes(codes, deps.config.now()))
      .executeTakeFirst();
    if (!row) throw resourceMissing("pending claim for account", query.account, "account");
    return {
      object: "account_claim_code" as const,
      account: row.account_id,
      email: row.email,
      code: row.code,
      attempts: row.attempts,
      expires_at: row.expires_at,
    };
  },
);
