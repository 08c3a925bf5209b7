/**
 * The payment-method-settings component's endpoints: the account's payment method
 * configurations (its default made on first read), one by id, and the update that turns
 * methods on or off (`<method>[display_preference][preference]=on|off`), refused with a 400
 * naming the param for a method the account's country or currency does not offer or whose
 * requirements the account has not met. A session key reaches them through the
 * `payment_method_settings` component only, and only once the provider user has signed in
 * through the popup (the component requires an authenticated session, SPEC.md §6): the
 * user's key acts for its session, the session's own key is refused. The platform's secret
 * key reaches them too, and alone creates further configurations.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import {
  paymentMethodConfigurationSchema,
  paymentMethodTypes,
  preferenceValues,
} from "../../protocol/objects/payment-method-configuration.schema.ts";
import { findAccount } from "../accounts/find.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { permissionError } from "../http/errors.ts";
import { listQueryShape } from "../http/pagination.ts";
import { formString } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { actingAccount, type MoneyPrincipal } from "../money/access.ts";
import {
  applyPreferences,
  configurationsOf,
  createConfiguration,
  findConfiguration,
  renderConfiguration,
  standingOf,
} from "./configurations.ts";

export const paymentMethodSettingsApp = new OpenAPIHono<AppEnv>();

/** The session components whose screens show the payment method settings. */
export const paymentMethodSettingsComponents = ["payment_method_settings"] as const;

const auth = ["secret", "account_session"] as const;
const idParams = z.strictObject({ id: z.string().min(1).max(255) });

/** A session-bound key must be the signed-in provider user's, not the session's own. */
function requireSignedInUser(principal: MoneyPrincipal): void {
  if (principal.kind === "account_session" && principal.userId === undefined) {
    throw permissionError(
      "Payment method settings need the provider user to sign in (the component's popup): this key is the account session's own.",
      "user_authentication_required",
    );
  }
}

async function accountAndStanding(deps: Deps, principal: MoneyPrincipal) {
  requireSignedInUser(principal);
  const acting = actingAccount(principal);
  const account = await findAccount(deps.db, acting.platformId, acting.accountId);
  const now = deps.config.now();
  return { account, standing: await standingOf(deps.db, account, now), now };
}

const preferenceParam = z.strictObject({
  display_preference: z.strictObject({ preference: z.enum(preferenceValues) }),
});

const updateBody = z.strictObject(
  Object.fromEntries(paymentMethodTypes.map((t) => [t, preferenceParam.optional()])) as Record<
    (typeof paymentMethodTypes)[number],
    z.ZodOptional<typeof preferenceParam>
  >,
);

defineRoute(
  paymentMethodSettingsApp,
  {
    method: "get",
    path: "/v1/payment_method_configurations",
    summary:
      "List the account's payment method configurations, its default first (made on first read)",
    tags: ["Payment method settings"],
    auth,
    components: paymentMethodSettingsComponents,
    query: z.strictObject({ ...listQueryShape, is_default: z.enum(["true", "false"]).optional() }),
    response: listOf(paymentMethodConfigurationSchema),
  },
  async ({ deps, principal, query }) => {
    const { account, standing, now } = await accountAndStanding(deps, principal);
    const rows = await configurationsOf(deps.db, account, standing, now);
    const chosen =
      query.is_default === undefined
        ? rows
        : rows.filter((r) => r.is_default === (query.is_default === "true"));
    const limit = query.limit ?? 10;
    return {
      object: "list" as const,
      url: "/v1/payment_method_configurations",
      has_more: chosen.length > limit,
      data: chosen.slice(0, limit).map((r) => renderConfiguration(r, standing)),
    };
  },
);

defineRoute(
  paymentMethodSettingsApp,
  {
    method: "post",
    path: "/v1/payment_method_configurations",
    summary: "Create a payment method configuration for the account (the platform's secret key)",
    tags: ["Payment method settings"],
    auth: ["secret"],
    body: z.strictObject({ name: formString(100).min(1) }),
    response: paymentMethodConfigurationSchema,
  },
  async ({ deps, principal, body }) => {
    const { account, standing, now } = await accountAndStanding(deps, principal);
    await configurationsOf(deps.db, account, standing, now);
    const row = await createConfiguration(deps.db, account, standing, {
      name: body.name,
      isDefault: false,
      now,
    });
    return renderConfiguration(row, standing);
  },
);

defineRoute(
  paymentMethodSettingsApp,
  {
    method: "get",
    path: "/v1/payment_method_configurations/:id",
    summary: "Retrieve a payment method configuration",
    tags: ["Payment method settings"],
    auth,
    components: paymentMethodSettingsComponents,
    params: idParams,
    response: paymentMethodConfigurationSchema,
  },
  async ({ deps, principal, params }) => {
    const { account, standing, now } = await accountAndStanding(deps, principal);
    const row = await findConfiguration(deps.db, account, standing, params.id, now);
    return renderConfiguration(row, standing);
  },
);

defineRoute(
  paymentMethodSettingsApp,
  {
    method: "post",
    path: "/v1/payment_method_configurations/:id",
    summary:
      "Turn payment methods on or off: <method>[display_preference][preference]=on|off; a method not offered for the account's country or currency, or whose requirements are unmet, is refused",
    tags: ["Payment method settings"],
    auth,
    components: paymentMethodSettingsComponents,
    params: idParams,
    body: updateBody,
    response: paymentMethodConfigurationSchema,
  },
  async ({ deps, principal, params, body }) => {
    const { account, standing, now } = await accountAndStanding(deps, principal);
    const row = await findConfiguration(deps.db, account, standing, params.id, now);
    const changed = applyPreferences(row, body, standing, now);
    const updated = await deps.db
      .updateTable("payment_method_configurations")
      .set({
        preferences: JSON.stringify(changed.preferences),
        capabilities: JSON.stringify(changed.capabilities),
      })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return renderConfiguration(updated, standing);
  },
);
