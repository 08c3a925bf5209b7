/**
 * Account sessions: the platform's backend creates one (secret key) and hands its
 * client_secret to the browser; the data layer claims it once (SPEC.md §7) and receives the
 * claimed account session of SPEC.md §3. Only the secret's sha-256 is stored, and the claim
 * is one conditional UPDATE, so two racing claims cannot both win.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import { z } from "zod";
import { accountSessionSchema } from "../../protocol/objects/account-session.schema.ts";
import {
  type ClaimedAccountSessionInput,
  claimedAccountSessionSchema,
} from "../../protocol/objects/claimed-account-session.schema.ts";
import type { User } from "../../protocol/objects/user.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { findAccount, renderAccountNow } from "../accounts/accounts.routes.ts";
import { factsOf, type OnFile, onFileColumns, onFileOf } from "../accounts/model.ts";
import { accountStatus } from "../accounts/requirements.ts";
import { withClockOffset } from "../config.ts";
import type { Account, AccountSession, Platform, SessionKeyKind } from "../db/schema.ts";
import { assertSameMode, bearerKey, issuedKeyPrefixes } from "../http/auth.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { ApiError, authenticationError, invalidRequest } from "../http/errors.ts";
import { formBoolean } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { newId, newKey, sha256 } from "../http/secrets.ts";
import { findUser, issueUserKey, rotateRefreshToken } from "../users/users.ts";
import { type ComponentsParam, componentsParam, resolveComponents } from "./components.ts";
import { sessionEmbeddedFlags } from "./flags.ts";

export const accountSessionsApp = new OpenAPIHono<AppEnv>();

/** An origin as a browser writes it (`https://shop.example`, no path): who may embed. */
const originParam = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
    } catch {
      return false;
    }
  }, "expected an origin such as https://shop.example");

defineRoute(
  accountSessionsApp,
  {
    method: "post",
    path: "/v1/account_sessions",
    summary: "Create an account session for a connected account",
    tags: ["Account sessions"],
    auth: ["secret"],
    body: z.strictObject({
      account: z.string().min(1).max(255),
      components: componentsParam,
      /** The platform origins allowed to embed this session (docs/security.md); any when absent. */
      allowed_origins: z.array(originParam).min(1).max(20).optional(),
    }),
    response: accountSessionSchema,
    expandable: ["account"],
  },
  async ({ deps, principal, body, expand }) => {
    const account = await findAccount(deps.db, principal.platformId, body.account, "account");
    assertSameMode(principal.livemode, account.livemode);
    const now = deps.config.now();
    const clientSecret = newKey(provider.keyPrefixes.clientSecret);
    const components = resolveComponents(body.components as ComponentsParam);
    const session = await deps.db
      .insertInto("account_sessions")
      .values({
        id: newId("acctsess"),
        platform_id: principal.platformId,
        account_id: account.id,
        livemode: principal.livemode,
        client_secret_hash: sha256(clientSecret),
        components: JSON.stringify(components),
        created: now,
        expires_at: now + deps.config.clientSecretTtl,
        claimed_at: null,
        allowed_origins: body.allowed_origins ? JSON.stringify(body.allowed_origins) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      object: "account_session" as const,
      id: session.id,
      account: expand.includes("account")
        ? await renderAccountNow(deps.db, account, now)
        : account.id,
      client_secret: clientSecret,
      expires_at: session.expires_at,
      livemode: session.livemode,
      components,
      allowed_origins: session.allowed_origins,
    };
  },
);

const claimBody = z.strictObject({
  client_secret: z.string().min(1).max(1024),
  key: z.string().min(1).max(1024),
  user_session_refresh_token: z.string().max(1024).optional(),
  [provider.claimVersionParam]: z.string().max(64).optional(),
  analytics_only_host_app: formBoolean.optional(),
});

const invalidSecret = () =>
  invalidRequest("The provided client secret is not a valid account session client secret.", {
    code: "account_session_client_secret_invalid",
    param: "client_secret",
  });

defineRoute(
  accountSessionsApp,
  {
    method: "post",
    path: "/v1/account_sessions/claim",
    summary: "Claim an account session with its client secret (once)",
    tags: ["Account sessions"],
    auth: ["none", "publishable"],
    body: claimBody,
    response: claimedAccountSessionSchema,
  },
  async ({ c, deps, principal, body }) => {
    // The publishable key sent in Authorization as well (as the data layer sends it) was
    // looked up already, with its platform's clock (`authenticate`: deps are on that clock).
    const authorized =
      principal.kind === "publishable" && bearerKey(c.req.header("authorization")) === body.key;
    const publishable = authorized
      ? { platform_id: principal.platformId, clocked: deps.config }
      : await deps.db
          .selectFrom("api_keys")
          .leftJoin("platform_clocks", "platform_clocks.platform_id", "api_keys.platform_id")
          .select(["api_keys.platform_id", "platform_clocks.offset_seconds"])
          .where("api_keys.key_hash", "=", sha256(body.key))
          .where("api_keys.kind", "=", "publishable")
          .where("api_keys.revoked_at", "is", null)
          .executeTakeFirst()
          .then(
            (row) =>
              row && {
                platform_id: row.platform_id,
                clocked: withClockOffset(deps.config, row.offset_seconds ?? 0),
              },
          );
    if (
      !publishable ||
      (principal.kind === "publishable" && principal.platformId !== publishable.platform_id)
    ) {
      throw authenticationError("Invalid publishable key provided.", "publishable_key_invalid");
    }
    // No key is needed to claim: the claim runs on the session's platform's sandbox clock.
    const now = publishable.clocked.now();
    const secretHash = sha256(body.client_secret);
    const apiKey = newKey(issuedKeyPrefixes.account_session);
    const expiresAt = now + deps.config.accountSessionKeyTtl;
    // One statement, so atomic without a transaction: the session marked claimed (the
    // conditional UPDATE two racing claims cannot both win), its key written from the
    // claimed row, and the account with its platform and what is on file for its status
    // read beside it (the claim is a hot path: two statements with the key's lookup).
    const row = await deps.db
      .with("session", (db) =>
        db
          .updateTable("account_sessions")
          .set({ claimed_at: now })
          .where("client_secret_hash", "=", secretHash)
          .where("platform_id", "=", publishable.platform_id)
          .where("claimed_at", "is", null)
          .where("expires_at", ">", now)
          .returningAll(),
      )
      .with("session_key", (db) =>
        db
          .insertInto("session_keys")
          .columns([
            "id",
            "kind",
            "key_hash",
            "platform_id",
            "account_id",
            "account_session_id",
            "livemode",
            "created",
            "expires_at",
          ])
          .expression((eb) =>
            eb
              .selectFrom("session")
              .select([
                sql<string>`${newId("ek")}::text`.as("id"),
                sql<SessionKeyKind>`'account_session'`.as("kind"),
                sql<string>`${sha256(apiKey)}::text`.as("key_hash"),
                "session.platform_id",
                "session.account_id",
                "session.id",
                "session.livemode",
                sql<number>`${now}::int8`.as("created"),
                sql<number>`${expiresAt}::int8`.as("expires_at"),
              ]),
          )
          .returning("session_keys.id"),
      )
      .selectFrom("accounts")
      .innerJoin("session", "session.account_id", "accounts.id")
      .selectAll("accounts")
      .select((eb) => [
        jsonObjectFrom(eb.selectFrom("session as claimed").selectAll("claimed")).as("session"),
        jsonObjectFrom(
          eb
            .selectFrom("platforms")
            .selectAll()
            .whereRef("platforms.id", "=", "accounts.platform_id"),
        ).as("platform"),
        ...onFileColumns(eb),
      ])
      .executeTakeFirst();
    let result:
      | {
          session: AccountSession;
          account: Account;
          platform: Platform;
          onFile: OnFile;
          expiresAt: number;
        }
      | undefined;
    if (row) {
      const {
        session,
        platform,
        on_file_persons,
        on_file_external_accounts,
        on_file_interventions,
        ...account
      } = row;
      if (!session || !platform)
        throw new Error(`account ${account.id}: claimed without its session or platform`);
      const onFile = onFileOf(on_file_persons, on_file_external_accounts, on_file_interventions);
      result = { session, account, platform, onFile, expiresAt };
    }
    if (!result) {
      // Say why, without revealing sessions of another platform.
      const existing = await deps.db
        .selectFrom("account_sessions")
        .select(["platform_id", "claimed_at", "expires_at"])
        .where("client_secret_hash", "=", secretHash)
        .executeTakeFirst();
      if (!existing || existing.platform_id !== publishable.platform_id) throw invalidSecret();
      if (existing.claimed_at !== null) {
        throw new ApiError(
          400,
          "invalid_request_error",
          "This account session has already been claimed. Create a new account session.",
          { code: "account_session_already_claimed", param: "client_secret" },
        );
      }
      throw new ApiError(
        400,
        "invalid_request_error",
        "This account session has expired. Create a new account session.",
        { code: "account_session_expired", param: "client_secret" },
      );
    }
    const userSession = body.user_session_refresh_token
      ? await renewUserSession(deps, result.session, body.user_session_refresh_token, now)
      : undefined;
    // details_submitted comes from what is on file (accounts/requirements.ts).
    const { details_submitted } = accountStatus(factsOf(result.account, result.onFile), now);
    return claimedSession({
      ...result,
      apiKey,
      clientSecret: body.client_secret,
      userSession,
      detailsSubmitted: details_submitted,
    });
  },
);

/**
 * A provider user already signed in: a live refresh token of the session's account gives a
 * fresh user key and the token's successor (the token rotates on every use; a used token
 * presented again revokes its family: `rotateRefreshToken`). An unknown, used or revoked
 * token is not an error; the claim answers no user.
 */
async function renewUserSession(deps: Deps, session: AccountSession, token: string, now: number) {
  const refresh = await rotateRefreshToken(
    deps.db,
    token,
    session.account_id,
    now,
    deps.config.refreshTokenTtl,
  );
  if (!refresh) return undefined;
  const user = await findUser(deps.db, refresh.userId, session.account_id);
  if (!user) return undefined;
  const key = await issueUserKey(
    deps.db,
    {
      userId: user.id,
      accountId: session.account_id,
      platformId: session.platform_id,
      livemode: session.livemode,
      accountSessionId: session.id,
    },
    now,
    deps.config.userKeyTtl,
  );
  return { ...key, user, refreshToken: refresh.refreshToken };
}

/** The claimed account session of SPEC.md §3, written in the protocol's own schema. */
function claimedSession(args: {
  session: AccountSession;
  account: Account;
  platform: Platform;
  apiKey: string;
  expiresAt: number;
  clientSecret: string;
  userSession: { apiKey: string; expiresAt: number; user: User; refreshToken: string } | undefined;
  detailsSubmitted: boolean;
}) {
  const { session, account, platform } = args;
  const claimed: ClaimedAccountSessionInput = {
    id: session.id,
    account_session_id: session.id,
    api_key: args.apiKey,
    api_key_expiry: args.expiresAt,
    account_id: account.id,
    platform_id: platform.id,
    livemode: session.livemode,
    is_v2_account_session: false,
    user_session_api_key: args.userSession?.apiKey ?? null,
    user_session_expires_at: args.userSession?.expiresAt ?? null,
    user_session_refresh_token: args.userSession?.refreshToken ?? null,
    allowed_origins: session.allowed_origins ?? [],
    user: args.userSession?.user ?? null,
    analytics_rb_event_id: newId("evt"),
    application_id: platform.application_id,
    application_name: platform.application_name,
    platform_nickname: platform.nickname,
    platform_business_name: platform.business_name,
    platform_country: platform.country,
    platform_support_email: platform.support_email,
    client_secret: args.clientSecret,
    encoded_api_key_token: null,
    components: session.components,
    treatments: [],
    read_only: false,
    flags: sessionEmbeddedFlags(session.components),
    connect_brand_accent_color: platform.brand_accent_color,
    connect_express_color: platform.express_color,
    support_site_base_url: platform.support_site_base_url,
    merchant_data: {
      business_name: account.business_name,
      country: account.country,
      default_currency: account.default_currency,
      connected_account_details_submitted: args.detailsSubmitted,
      has_express_dashboard_access: account.type === "express",
      has_standard_dashboard_access: account.type === "standard",
      has_rft_in_livemode: account.has_rft_in_livemode,
      [provider.flags.ownsLossLiability]: account.provider_owns_loss_liability,
      [provider.flags.ownsOnboarding]: account.provider_owns_onboarding,
      [provider.flags.ownsPricing]: account.provider_owns_pricing,
      is_controlled_by_single_platform: account.is_controlled_by_single_platform,
    },
  };
  // Parsing fills every defaulted field, so the answer is exactly what the data layer reads.
  return claimedAccountSessionSchema.parse(claimed);
}
