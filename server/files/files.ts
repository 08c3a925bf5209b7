/**
 * Uploaded files (the files host): identity documents, dispute evidence, logos... The bytes
 * live in the `files` row (so a second process needs nothing on its own disk); the type is
 * decided from the file's first bytes, never from what the client declared.
 */
import type { Kysely } from "kysely";
import type { FileObject, FilePurpose, FileType } from "../../protocol/objects/file.schema.ts";
import type { Database } from "../db/schema.ts";
import type { Principal } from "../http/context.ts";
import { ApiError, invalidRequest, permissionError, resourceMissing } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";

export const maxFileBytes = 10 * 1024 * 1024;

const contentTypes: Record<FileType, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
};
/** Images only where the file is shown as an image. */
const imagePurposes: ReadonlySet<FilePurpose> = new Set(["business_icon", "business_logo"]);

/** The type of `bytes` from its signature, or undefined when it is none we accept. */
export function sniffFileType(bytes: Uint8Array): FileType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf"; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  return undefined;
}

export const contentTypeOf = (type: FileType) => contentTypes[type];

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
  if (input.bytes.length === 0) {
    throw invalidRequest("The file is empty.", { code: "file_empty", param: "file" });
  }
  if (input.bytes.length > maxFileBytes) {
    throw invalidRequest(`The file is larger than ${maxFileBytes} bytes.`, {
      code: "file_too_large",
      param: "file",
    });
  }
  const type = sniffFileType(input.bytes);
  if (!type || (imagePurposes.has(input.purpose) && type === "pdf")) {
    throw invalidRequest(
      `The file must be ${imagePurposes.has(input.purpose) ? "a JPEG or PNG image" : "a PDF, JPEG or PNG file"} for purpose ${input.purpose}.`,
      { code: "file_type_invalid", param: "file" },
    );
  }
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
