/**
 * Uploaded files (the files host): identity documents, dispute evidence, logos... The bytes
 * live in the `files` row (so a second process needs nothing on its own disk); the type is
 * decided from the file's first bytes, never from what the client declared.
 */
import type { Kysely } from "kysely";
import { fileContentTypes, fileRefusal, sniffFileType } from "../../protocol/files.ts";
import type { FileObject, FilePurpose, FileType } from "../../protocol/objects/file.schema.ts";
import type { Database } from "../db/schema.ts";
import type { Principal } from "../http/context.ts";
import { ApiError, invalidRequest, permissionError, resourceMissing } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";

export { maxFileBytes, sniffFileType } from "../../protocol/files.ts";

export const contentTypeOf = (type: FileType) => fileContentTypes[type];

type Uploader = Extract<Principal, { kind: "secret" | "account_session" | "user" }>;

/** Who owns what an uploader stores: its platform, and the account it acts for. */
function ownerOf(principal: Uploader) {
  return {
    platformId: principal.platformId,
    accountId: principal.accountId,
    livemode: principal.livemode,
  };
}

export async function storeFile(
  db: Kysely<Database>,
  principal: Uploader,
  input: { purpose: FilePurpose; filename: string; bytes: Uint8Array },
  now: number,
) {
  const refusal = fileRefusal(input.purpose, input.bytes.length, input.bytes);
  if (refusal) throw invalidRequest(refusal.message, { code: refusal.code, param: refusal.param });
  const type = sniffFileType(input.bytes) as FileType;
  const owner = ownerOf(principal);
  const row = await db
    .insertInto("files")
    .values({
      id: newId("file"),
      platform_id: owner.platformId,
      account_id: owner.accountId,
      livemode: owner.livemode,
      purpose: input.purpose,
      type,
      filename: input.filename.slice(0, 255) || `upload.${type}`,
      size: input.bytes.length,
      content: input.bytes,
      created: now,
    })
    .returning(["id", "purpose", "type", "filename", "size", "created"])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * A file the caller may read: the platform's own files (any of its accounts, or the one the
 * account header names); for a session or user key, only files of its account.
 */
export async function findReadableFile(
  db: Kysely<Database>,
  principal: Principal,
  id: string,
  withContent: boolean,
) {
  if (principal.kind === "none") {
    throw new ApiError(401, "authentication_error", "You did not provide an API key.", {
      code: "api_key_missing",
    });
  }
  if (principal.kind === "publishable" || principal.kind === "embedded_flags") {
    throw permissionError("This key cannot read files.", "key_kind_not_allowed");
  }
  let query = db
    .selectFrom("files")
    .select(["id", "purpose", "type", "filename", "size", "created", "account_id"])
    .where("id", "=", id)
    .where("platform_id", "=", principal.platformId)
    .where("livemode", "=", principal.livemode);
  if (principal.kind !== "secret" || principal.accountId !== null)
    query = query.where("account_id", "=", principal.accountId);
  const row = await query.executeTakeFirst();
  if (!row) throw resourceMissing("file", id);
  if (!withContent) return { ...row, content: undefined };
  const content = await db
    .selectFrom("files")
    .select("content")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...row, content: content.content };
}

export function renderFile(
  row: {
    id: string;
    purpose: string;
    type: string;
    filename: string;
    size: number;
    created: number;
  },
  filesOrigin: string,
): FileObject {
  return {
    id: row.id,
    object: "file",
    purpose: row.purpose as FilePurpose,
    type: row.type as FileType,
    filename: row.filename,
    size: row.size,
    created: row.created,
    url: `${filesOrigin}/v1/files/${row.id}/contents`,
  };
}
