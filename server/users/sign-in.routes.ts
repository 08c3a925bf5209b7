/**
 * `POST /v1/connect/sign_in`: the sign-in popup (connect origin; CORS allows only it) signs
 * a provider user in with email and password for the account the embedding session is for,
 * and gets a short-lived, single-use key to hand to the data layer
 * (popupAuthenticationComplete), which exchanges it at `POST /v1/embedded/user_authed_key`.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import { connectSignInSchema } from "../../protocol/objects/embedded.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { defineRoute } from "../http/route.ts";
import { onPlatformClock } from "../sandbox/clock.ts";
import { signInForPopup } from "./sign-in.ts";

export const signInApp = new OpenAPIHono<AppEnv>();

/** The socket peer's address; "unknown" without a socket (app.request() in tests). */
function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The client's address: the socket's, or — only when the socket's peer is a configured
 * trusted proxy — the rightmost `X-Forwarded-For` entry that is not a trusted proxy (a
 * client can write the entries on the left, never the ones its proxies append).
 */
export function clientAddress(
  c: Context,
  trustedProxies: readonly string[] = [],
  peer: string = peerAddress(c),
): string {
  if (!trustedProxies.includes(peer)) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i] as string;
    if (!trustedProxies.includes(hop)) return hop;
  }
  return peer;
}

defineRoute(
  signInApp,
  {
    method: "post",
    path: endpoints.connectSignIn,
    summary: "Sign a provider user in from the sign-in popup",
    tags: ["Users"],
    auth: ["none"],
    body: z.strictObject({
      email: z.string().trim().min(3).max(320),
      password: z.string().min(1).max(1024),
      account: z.string().regex(/^acct_[A-Za-z0-9]+$/),
    }),
    response: connectSignInSchema,
  },
  async ({ c, deps, body }) => {
    const key = await signInForPopup(
      deps.db,
      {
        email: body.email,
        password: body.password,
        accountId: body.account,
        client: clientAddress(c, deps.config.trustedProxies),
      },
      deps.config.now(),
      async (platformId) => (await onPlatformClock(deps, platformId)).config.now(),
    );
    return {
      object: "connect_sign_in" as const,
      api_key: key.apiKey,
      expires_at: key.expiresAt,
      // The popup signs in afresh: this user session exists for the embedded components.
      session_created_for_embedded: true,
    };
  },
);
