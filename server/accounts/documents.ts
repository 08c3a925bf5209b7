/**
 * Identity documents named by a person's `verification[document][front|back]` (or an
 * identity challenge's `document[front|back]`, `checkDocumentFiles`): the sandbox
 * tokens, or a file uploaded on the files host by the same platform, for this account (or
 * for no account), with an identity purpose. Anything else is a 400 naming the parameter.
 *
 * The sandbox reads an uploaded front whose file name is the failure token
 * (`file_identity_document_failure.png`, as a person would upload it) as that token: the
 * check fails on it (server/README.md "Sandbox magic values").
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";
import type { PersonParams } from "./account-params.ts";
import { documentPurposes, magic } from "./verification.ts";

export async function checkIdentityDocuments<P extends PersonParams | undefined>(
  db: Kysely<Database>,
  account: { id: string; platform_id: string },
  person: P,
  prefix: string,
): Promise<P> {
  const document = person?.verification?.document;
  if (!document) return person;
  const checked = await checkDocumentFiles(db, account, document, (side) =>
    prefix ? `${prefix}[verification][document][${side}]` : `verification[document][${side}]`,
  );
  return { ...person, verification: { document: { ...document, front: checked.front } } } as P;
}

/**
 * One identity document's sides (`front`, `back`), each a sandbox token or a file of this
 * platform's for this account (or none) with an identity purpose; a 400 naming `paramOf(side)`
 * otherwise. Returns the document with an uploaded failure photo's front read as the token.
 */
export async function checkDocumentFiles<
  D extends { front?: string | undefined; back?: string | undefined },
>(
  db: Kysely<Database>,
  account: { id: string; platform_id: string },
  document: D,
  paramOf: (side: "front" | "back") => string,
): Promise<D> {
  let front = document.front;
  for (const side of ["front", "back"] as const) {
    const id = document[side];
    if (id === undefined || id === magic.documentSuccess || id === magic.documentFailure) continue;
    const param = paramOf(side);
    const file = await db
      .selectFrom("files")
      .select(["account_id", "purpose", "filename"])
      .where("id", "=", id)
      .where("platform_id", "=", account.platform_id)
      .executeTakeFirst();
    if (!file || (file.account_id !== null && file.account_id !== account.id)) {
      throw invalidRequest(`No such file: '${id}'`, { code: "resource_missing", param });
    }
    if (!(documentPurposes as readonly string[]).includes(file.purpose)) {
      throw invalidRequest(
        `The file ${id} was uploaded with purpose ${file.purpose}; an identity document needs ${documentPurposes.join(" or ")}.`,
        { code: "file_purpose_invalid", param },
      );
    }
    if (side === "front" && file.filename.replace(/\.[a-z]+$/i, "") === magic.documentFailure)
      front = magic.documentFailure;
  }
  return { ...document, front };
}
