/**
 * The one set of migrations, for PGlite and PostgreSQL alike. They are imported statically
 * (not read from a folder at run time) so a bundled server still finds them; add a new file
 * to `migrations/` and to this list, in order.
 */
import { type Kysely, type Migration, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_platforms_accounts_sessions.ts";
import * as m0002 from "./migrations/0002_risk_signals_auth_links.ts";
import * as m0003 from "./migrations/0003_provider_users.ts";
import * as m0004 from "./migrations/0004_telemetry.ts";
import * as m0005 from "./migrations/0005_money.ts";
import * as m0006 from "./migrations/0006_account_model.ts";
import * as m0007 from "./migrations/0007_sandbox_clock.ts";
import * as m0008 from "./migrations/0008_ledger_summary.ts";
import * as m0009 from "./migrations/0009_files_and_sign_in.ts";
import * as m0010 from "./migrations/0010_payout_failures.ts";
import * as m0011 from "./migrations/0011_topups.ts";
import * as m0013 from "./migrations/0013_payment_status.ts";
import * as m0015 from "./migrations/0015_rate_limits.ts";
import * as m0016 from "./migrations/0016_refresh_token_families.ts";
import * as m0017 from "./migrations/0017_popup_keys.ts";
import * as m0018 from "./migrations/0018_external_account_challenges.ts";
import * as m0019 from "./migrations/0019_embedding_origins.ts";
import * as m0020 from "./migrations/0020_platform_clocks.ts";
import * as m0021 from "./migrations/0021_rate_limits.ts";
import * as m0030 from "./migrations/0030_webhooks.ts";
import * as m0040 from "./migrations/0040_telemetry_user_agents.ts";
import * as m0080 from "./migrations/0080_risk_intervention_submissions.ts";
import * as m0090 from "./migrations/0090_payment_method_configurations.ts";
import * as m0091 from "./migrations/0091_account_claims.ts";
import * as m0092 from "./migrations/0092_identity_challenges.ts";
import * as m0093 from "./migrations/0093_bank_connections.ts";

export const migrations: Record<string, Migration> = {
  "0001_platforms_accounts_sessions": m0001,
  "0002_risk_signals_auth_links": m0002,
  "0003_provider_users": m0003,
  "0004_telemetry": m0004,
  "0005_money": m0005,
  "0006_account_model": m0006,
  "0007_sandbox_clock": m0007,
  "0008_ledger_summary": m0008,
  "0009_files_and_sign_in": m0009,
  "0010_payout_failures": m0010,
  "0011_topups": m0011,
  "0013_payment_status": m0013,
  "0015_rate_limits": m0015,
  "0016_refresh_token_families": m0016,
  "0017_popup_keys": m0017,
  "0018_external_account_challenges": m0018,
  "0019_embedding_origins": m0019,
  "0020_platform_clocks": m0020,
  "0021_rate_limits": m0021,
  "0030_webhooks": m0030,
  "0040_telemetry_user_agents": m0040,
  "0080_risk_intervention_submissions": m0080,
  "0090_payment_method_configurations": m0090,
  "0091_account_claims": m0091,
  "0092_identity_challenges": m0092,
  "0093_bank_connections": m0093,
};

/**
 * Brings the database to the latest migration; throws the first failure. Numbers are
 * reserved in ranges for work that lands side by side, so a migration may land after one
 * with a higher number: a local database that already ran the higher one still takes it.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
