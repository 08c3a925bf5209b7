/** The account model's apps, mounted by `app.ts`. */
import { accountsApp } from "./accounts.routes.ts";
import { bankConnectionsApp } from "./bank-connections.routes.ts";
import { externalAccountsApp } from "./external-accounts.routes.ts";
import { personsApp } from "./persons.routes.ts";
import { riskInterventionsApp } from "./risk-interventions.routes.ts";

export const accountApps = [
  accountsApp,
  personsApp,
  externalAccountsApp,
  bankConnectionsApp,
  riskInterventionsApp,
];
