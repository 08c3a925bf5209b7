/**
 * The sign-in popup's key gets its own kind (issue 14 item 6, docs/security.md): a `popup`
 * key authenticates no API call; only the key exchange (POST /v1/embedded/user_authed_key)
 * accepts it, once.
 */
import { type Kysely, sql } from "kysely";

const kinds = (list: string[]) => sql.raw(list.map((k) => `'${k}'`).join(", "));
const before = ["account_session", "user", "external_account", "embedded_flags"];

async function setKinds(db: Kysely<unknown>, list: string[]) {
  await sql`alter table session_keys drop constraint if exists session_keys_kind_check`.execute(db);
  await sql`alter table session_keys add constraint session_keys_kind_check check (kind in (${kinds(list)}))`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setKinds(db, [...before, "popup"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from session_keys where kind = 'popup'`.execute(db);
  await setKinds(db, before);
}
