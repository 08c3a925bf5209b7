/**
 * `GET /v1/embedded/hosted_dashboard_preview` (issue 17 item 7): the dashboard host's pages
 * for the session's account — sign-in and accounts — rendered read-only by the host's own
 * templates (`hosts/dashboard-pages.ts`) under the branding the internal
 * `debug-hosted-dashboard-preview` tool asks for (its `display-name` and `icon`; without a
 * name, the platform's own). An account session reaches it for its own account only; the
 * pages name no user (a preview has none signed in).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  HOSTED_DASHBOARD_NAME_MAX,
  type HostedDashboardPreview,
  hostedDashboardPreviewSchema,
} from "../../protocol/objects/hosted-dashboard-preview.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { findAccount } from "../accounts/find.ts";
import {
  accountsBody,
  type DashboardBrand,
  dashboardAccountRows,
  pageMain,
  signInBody,
} from "../hosts/dashboard-pages.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { defineRoute } from "../http/route.ts";
import { actingAccount } from "../money/access.ts";

export const hostedDashboardPreviewApp = new OpenAPIHono<AppEnv>();

/** An absolute http(s) URL of at most 2048 characters, as the tool's `icon` attribute. */
function checkIcon(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || value.length > 2048)
    throw invalidRequest("Invalid icon: an absolute http or https URL of an image.", {
      param: "icon",
      code: "parameter_invalid_string",
    });
  return url.href;
}

defineRoute(
  hostedDashboardPreviewApp,
  {
    method: "get",
    path: endpoints.hostedDashboardPreview,
    summary:
      "The hosted dashboard's pages for the session's account, read-only, under a platform's branding",
    tags: ["Embedded"],
    auth: ["account_session"],
    query: z.strictObject({
      display_name: z
        .string()
        .trim()
        .min(1, { error: "Invalid display_name: it may not be empty." })
        .max(HOSTED_DASHBOARD_NAME_MAX, {
          error: `Invalid display_name: at most ${HOSTED_DASHBOARD_NAME_MAX} characters.`,
        })
        .optional(),
      icon: z.string().optional(),
    }),
    response: hostedDashboardPreviewSchema,
  },
  async ({ deps, principal, query }) => {
    const { accountId } = actingAccount(principal);
    const account = await findAccount(deps.db, principal.platformId, accountId);
    const platform = await deps.db
      .selectFrom("platforms")
      .select(["business_name", "nickname"])
      .where("id", "=", principal.platformId)
      .executeTakeFirst();
    const icon = query.icon === undefined ? undefined : checkIcon(query.icon);
    const brand: DashboardBrand = {
      displayName:
        query.display_name ?? platform?.business_name ?? platform?.nickname ?? provider.name,
      icon,
    };
    // As the dashboard host lists it: its flags as the API computes them now.
    const [row] = await dashboardAccountRows(
      deps.db,
      [account],
      new Set([account.id]),
      deps.config.now(),
    );
    const options = { brand, preview: true };
    const preview: HostedDashboardPreview = {
      object: "hosted_dashboard_preview",
      account: account.id,
      display_name: brand.displayName,
      icon: icon ?? null,
      pages: [
        { id: "sign_in", title: "Sign in", html: pageMain(signInBody({}, options), options) },
        {
          id: "accounts",
          title: "Accounts",
          html: pageMain(accountsBody(undefined, row ? [row] : [], "", options), options),
        },
      ],
    };
    return preview;
  },
);
