/**
 * Bank connections (`bank-connections.ts`): the sandbox institutions of a country and
 * currency, which the payout-account flow lists with the account session's key. Linking one
 * of their accounts is the external-accounts create call with `bank_connection` in place of
 * the typed numbers (`external-accounts.routes.ts`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import { bankConnectionInstitutionListSchema } from "../../protocol/objects/bank-connection.schema.ts";
import {
  type PayoutBankCountry,
  payoutBankCountryCodes,
} from "../../protocol/objects/external-account.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { defineRoute } from "../http/route.ts";
import { externalAccountComponents, requireExternalAccountCollection } from "./access.ts";
import { currencyCode } from "./account-params.ts";
import {
  institutionsOf,
  renderInstitution,
  requireBankConnectionsAllowed,
} from "./bank-connections.ts";

export const bankConnectionsApp = new OpenAPIHono<AppEnv>();

defineRoute(
  bankConnectionsApp,
  {
    method: "get",
    path: endpoints.bankConnectionInstitutions,
    summary: "The institutions the payout bank account can be linked from, with their accounts",
    tags: ["Bank connections"],
    auth: ["account_session"],
    components: externalAccountComponents,
    query: z.strictObject({
      country: z.enum(payoutBankCountryCodes as [PayoutBankCountry, ...PayoutBankCountry[]]),
      currency: currencyCode,
    }),
    response: bankConnectionInstitutionListSchema,
  },
  async ({ principal, query }) => {
    requireExternalAccountCollection(principal);
    requireBankConnectionsAllowed(principal);
    return {
      object: "list" as const,
      url: endpoints.bankConnectionInstitutions,
      has_more: false,
      data: institutionsOf(query.country, query.currency).map(renderInstitution),
    };
  },
);
