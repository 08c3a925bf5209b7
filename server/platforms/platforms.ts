/**
 * Platforms and their API keys. There is no public API to create a platform: the sandbox
 * seed and the tests call `createPlatform`, which returns the keys once (only hashes are
 * stored).
 */
import type { Kysely } from "kysely";
import { provider } from "../../protocol/provider.ts";
import type { Database, Platform } from "../db/schema.ts";
import { newId, newKey, sha256 } from "../http/secrets.ts";

export interface NewPlatformInput {
  business_name?: string | null;
  nickname?: string | null;
  country?: string;
  support_email?: string | null;
  brand_accent_color?: string | null;
  express_color?: string | null;
  support_site_base_url?: string | null;
}

export interface CreatedPlatform {
  platform: Platform;
  secretKey: string;
  publishableKey: string;
}

export async function createPlatform(
  db: Kysely<Database>,
  input: NewPlatformInput,
  now: number,
): Promise<CreatedPlatform> {
  const platform: Platform = {
    id: newId("acct"),
    business_name: input.business_name ?? null,
    nickname: input.nickname ?? null,
    country: input.country ?? "US",
    support_email: input.support_email ?? null,
    brand_accent_color: input.brand_accent_color ?? null,
    express_color: input.express_color ?? null,
    support_site_base_url: input.support_site_base_url ?? null,
    application_id: null,
    application_name: null,
    created: now,
  };
  const secretKey = newKey(provider.keyPrefixes.secretTest);
  const publishableKey = newKey(provider.keyPrefixes.publishableTest);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("platforms").values(platform).execute();
    await trx
      .insertInto("api_keys")
      .values(
        [
          ["secret", secretKey],
          ["publishable", publishableKey],
        ].map(([kind, key]) => ({
          id: newId("key"),
          platform_id: platform.id,
          kind: kind as "secret" | "publishable",
          livemode: false,
          key_hash: sha256(key!),
          last4: key!.slice(-4),
          created: now,
          revoked_at: null,
        })),
      )
      .execute();
  });
  return { platform, secretKey, publishableKey };
}
