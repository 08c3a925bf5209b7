/**
 * The sandbox's identity check, decided when a person's identity fields change: the magic
 * values of server/README.md ("Sandbox magic values") pick the outcome; the outcome shows
 * once the check's delay has passed (`requirements.ts`).
 */
import type { Address, Dob, VerificationFacts } from "./account.tables.ts";

export const magic = {
  dobVerified: { day: 1, month: 1, year: 1901 },
  dobFails: { day: 1, month: 1, year: 1900 },
  idNumberOk: "000000000",
  idNumberFails: "111111111",
  addressFullMatch: "address_full_match",
  documentSuccess: "file_identity_document_success",
  documentFailure: "file_identity_document_failure",
} as const;

const sameDay = (a: Dob | null, b: Dob) =>
  a !== null && a.day === b.day && a.month === b.month && a.year === b.year;

/** What an id number tells the sandbox; the number itself is not kept. */
export function idNumberResult(idNumber: string): "match" | "mismatch" | "unknown" {
  if (idNumber === magic.idNumberOk) return "match";
  if (idNumber === magic.idNumberFails) return "mismatch";
  return "unknown";
}

export interface IdentityOnFile {
  first_name: string | null;
  last_name: string | null;
  dob: Dob | null;
  address: Address | null;
  id_number_result: "match" | "mismatch" | "unknown" | undefined;
  /** The document given in this submission, if any. */
  document: string | undefined;
}

/**
 * Runs the check on what is on file at `now`, or returns the facts unchanged when the
 * identity is incomplete (a check needs names and a date of birth).
 */
export function submitIdentity(
  previous: VerificationFacts,
  identity: IdentityOnFile,
  now: number,
): VerificationFacts {
  const { id_number_result: idResult, document } = identity;
  if (!identity.first_name || !identity.last_name || !identity.dob) {
    return idResult === undefined ? previous : { ...previous, id_number_result: idResult };
  }
  const base = {
    submitted_at: now,
    document_provided: document !== undefined || previous.document_provided === true,
    ...(idResult !== undefined ? { id_number_result: idResult } : {}),
  };
  if (document === magic.documentFailure) {
    return { ...base, outcome: "failed", details_code: "verification_document_failed_other" };
  }
  if (document !== undefined) return { ...base, outcome: "verified" };
  if (sameDay(identity.dob, magic.dobFails)) {
    return { ...base, outcome: "failed", details_code: "verification_failed_keyed_identity" };
  }
  if (idResult === "mismatch") {
    return { ...base, outcome: "failed", details_code: "verification_failed_id_number_match" };
  }
  if (
    sameDay(identity.dob, magic.dobVerified) ||
    idResult === "match" ||
    identity.address?.line1 === magic.addressFullMatch
  ) {
    return { ...base, outcome: "verified" };
  }
  return { ...base, outcome: "document_required" };
}

/** Files an identity document may be: the two sandbox tokens, or an uploaded file. */
export const documentPurposes = ["identity_document", "additional_verification"] as const;
