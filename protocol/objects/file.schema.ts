/** An uploaded file's metadata (`GET /v1/files/:id`); the bytes are on the files host at `url`. */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

export const filePurposes = [
  "account_requirement",
  "additional_verification",
  "business_icon",
  "business_logo",
  "customer_signature",
  "dispute_evidence",
  "identity_document",
  "pci_document",
  "tax_document_user_upload",
] as const;
export type FilePurpose = (typeof filePurposes)[number];

export const fileTypes = ["pdf", "jpg", "png"] as const;
export type FileType = (typeof fileTypes)[number];

export const fileSchema = z.strictObject({
  id: z.string(),
  object: z.literal("file"),
  purpose: z.enum(filePurposes),
  type: z.enum(fileTypes),
  filename: z.string(),
  size: z.int(),
  created: unixSecondsSchema,
  /** Download on the files host, with a key that may read the file. */
  url: z.string(),
});
export type FileObject = z.output<typeof fileSchema>;
