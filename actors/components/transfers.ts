/**
 * A UI frame's side of the data layer's two transfers (docs/protocol.md "uploadFile",
 * "downloadFile"): upload a file to the files host with its progress, and download a file
 * (CSV, PDF, an uploaded file) the person then saves. The key never reaches the frame: the
 * data layer sends it in a header; the frame sees the file object or the bytes. Failures
 * are the typed CallFailure the machines branch on (the files host's refusal carries
 * `param: "file"`, so a form puts it on its file field).
 */

export { saveFile } from "../../ui/frame/save-file.ts";

import type { FilePurpose } from "../../protocol/objects/file.schema.ts";
import { type FileObject, fileSchema } from "../../protocol/objects/file.schema.ts";
import {
  type DataLayerClient,
  DataLayerReplyError,
  type RequestOptions,
} from "../ui-frame/data-layer-client.ts";
import { failureOfError, resultOf } from "./mutation.ts";
import { httpFailure } from "./resource-client.ts";

/** The client's requests the transfers use (a DataLayerClient is one). */
export type TransferClient = Pick<DataLayerClient, "request">;

/** Uploads `file` for `purpose`; resolves with the stored file object, rejects with a CallFailure. */
export async function uploadFile(
  client: TransferClient,
  input: { purpose: FilePurpose; file: Blob; filename?: string },
  options: RequestOptions = {},
): Promise<FileObject> {
  const filename = input.filename ?? (input.file instanceof File ? input.file.name : "upload");
  let reply: Awaited<ReturnType<DataLayerClient["request"]>>;
  try {
    reply = await client.request(
      { requestType: "uploadFile", purpose: input.purpose, file: input.file, filename },
      options,
    );
  } catch (error) {
    throw failureOfError(error);
  }
  if (reply.requestType !== "response") throw failureOfError(new DataLayerReplyError(reply));
  return resultOf(fileSchema, reply);
}

/** Downloads `url` (API or files host); resolves with the file to save, rejects with a CallFailure. */
export async function downloadFile(
  client: TransferClient,
  url: string,
  options: RequestOptions = {},
): Promise<File> {
  let reply: Awaited<ReturnType<DataLayerClient["request"]>>;
  try {
    reply = await client.request({ requestType: "downloadFile", url }, options);
  } catch (error) {
    throw failureOfError(error);
  }
  if (reply.requestType === "fileResponse")
    return new File([reply.file], reply.filename, { type: reply.contentType });
  if (reply.requestType === "response") throw httpFailure(reply);
  throw failureOfError(new DataLayerReplyError(reply));
}
