/**
 * The files host's limits (READING.md: uploads), one definition for the host that enforces
 * them, the data layer that checks them before sending, and the views that say them:
 * 10 MB at most, the type decided by the file's first bytes (PDF, JPEG or PNG; images only
 * where the file is shown as an image), and the error each refusal answers.
 */
import type { FilePurpose, FileType } from "./objects/file.schema.ts";

export const maxFileBytes = 10 * 1024 * 1024;

/** How many first bytes decide a file's type. */
export const FILE_SIGNATURE_BYTES = 8;

export const fileContentTypes: Readonly<Record<FileType, string>> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
};

/** Images only where the file is shown as an image. */
const imagePurposes: ReadonlySet<FilePurpose> = new Set(["business_icon", "business_logo"]);

/** The types a purpose takes. */
export const fileTypesFor = (purpose: FilePurpose): readonly FileType[] =>
  imagePurposes.has(purpose) ? ["jpg", "png"] : ["pdf", "jpg", "png"];

/** The type of `bytes` (its first bytes suffice) from its signature; undefined for any other. */
export function sniffFileType(bytes: Uint8Array): FileType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf"; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  return undefined;
}

/** Why the files host refuses a file: the API error it answers (param `file`). */
export interface FileRefusal {
  code: "file_empty" | "file_too_large" | "file_type_invalid";
  message: string;
  param: "file";
}

/** The refusal of a file of `size` bytes whose first bytes are `head`, or undefined. */
export function fileRefusal(
  purpose: FilePurpose,
  size: number,
  head: Uint8Array,
): FileRefusal | undefined {
  if (size === 0) return { code: "file_empty", message: "The file is empty.", param: "file" };
  if (size > maxFileBytes)
    return {
      code: "file_too_large",
      message: `The file is larger than ${maxFileBytes} bytes.`,
      param: "file",
    };
  const type = sniffFileType(head);
  if (type === undefined || !fileTypesFor(purpose).includes(type)) {
    const images = !fileTypesFor(purpose).includes("pdf");
    return {
      code: "file_type_invalid",
      message: `The file must be ${images ? "a JPEG or PNG image" : "a PDF, JPEG or PNG file"} for purpose ${purpose}.`,
      param: "file",
    };
  }
  return undefined;
}
