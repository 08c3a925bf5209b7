/**
 * The two transfers components need besides JSON (docs/protocol.md "uploadFile",
 * "downloadFile"), run through the proxy's checks and key choice (`ApiProxy.handle` with a
 * `Transfer`), so the key stays here and travels only in the Authorization header:
 *
 * - uploads: a File from a UI frame, checked against the files host's limits first
 *   (`protocol/files.ts`; a refused file is answered as the host would answer it, and never
 *   sent), then sent multipart to the files host, its progress reported to the frame;
 * - downloads: a CSV export, a PDF, an uploaded file's contents, fetched with the key in a
 *   header and handed to the frame as a Blob with its name and type, for the person to save.
 */

import { FILE_SIGNATURE_BYTES, fileRefusal } from "../../protocol/files.ts";
import type { DataLayerRequestOf } from "../../protocol/messages/data-layer.schema.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import { isKeyShaped } from "../../protocol/redaction.ts";
import { type HttpAnswer, NetworkFailure, networkErrorMessage } from "./http.ts";
import type { Connection } from "./intake.ts";
import type { ApiProxy, ProxyRequest } from "./proxy.ts";
import { errorResponse } from "./replies.ts";
import type { FetchLike } from "./types.ts";

export type UploadFileRequest = DataLayerRequestOf<"uploadFile">;
export type DownloadFileRequest = DataLayerRequestOf<"downloadFile">;

/** Sends a multipart body, reporting bytes sent; answers like `send` (any status resolves). */
export type MultipartSender = (
  url: string,
  init: { headers: Record<string, string>; body: FormData; signal: AbortSignal },
  onProgress: (loaded: number, total: number) => void,
) => Promise<HttpAnswer>;

export interface TransfersOptions {
  fetch: FetchLike;
  hosts: ProviderHosts;
  proxy: Pick<ApiProxy, "handle">;
  /** The upload's sender; the browser's XMLHttpRequest (for its upload progress) by default. */
  multipart?: MultipartSender;
}

export interface Transfers {
  upload(connection: Connection, request: UploadFileRequest): Promise<void>;
  download(connection: Connection, request: DownloadFileRequest): Promise<void>;
}

const marker = provider.messageMarker;

export const keyInUrlMessage =
  "A download URL may not carry a key; the data layer sends it in a header.";

const headersOf = (lines: Iterable<[string, string]>) => {
  const out: Record<string, string> = {};
  for (const [name, value] of lines) out[name.toLowerCase()] = value;
  return out;
};

const parseJson = (text: string): unknown => {
  try {
    return text.length > 0 ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/** The browser's upload: XMLHttpRequest is the one that reports the bytes it has sent. */
export const xhrMultipart: MultipartSender = (url, init, onProgress) =>
  new Promise<HttpAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const headers = headersOf(
        xhr
          .getAllResponseHeaders()
          .trim()
          .split(/\r?\n/)
          .filter(Boolean)
          .map((line) => {
            const at = line.indexOf(":");
            return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as [string, string];
          }),
      );
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        statusText: xhr.statusText,
        body: parseJson(xhr.responseText),
        headers,
        requestId: headers[provider.headers.requestId.toLowerCase()] ?? null,
      });
    };
    xhr.onerror = () => reject(new NetworkFailure("Failed to upload", false));
    xhr.onabort = () => reject(new NetworkFailure("The upload was aborted", true));
    init.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });

/** Without XMLHttpRequest (Node): fetch, with progress reported once all is sent. */
export const fetchMultipart =
  (fetch: FetchLike): MultipartSender =>
  async (url, init, onProgress) => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      });
      const file = init.body.get("file");
      const size = file instanceof Blob ? file.size : 0;
      onProgress(size, size);
      text = await response.text();
    } catch (error) {
      throw new NetworkFailure(networkErrorMessage(error), init.signal.aborted);
    }
    const headers = headersOf(response.headers);
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      body: parseJson(text),
      headers,
      requestId: headers[provider.headers.requestId.toLowerCase()] ?? null,
    };
  };

/** `attachment; filename="report.csv"` → `report.csv`; undefined without one. */
export function filenameOf(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || undefined;
}

/** A GET whose 2xx body is kept as bytes (`file`), and whose error body is read as JSON. */
async function fetchBytes(
  fetch: FetchLike,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<HttpAnswer & { file?: Blob }> {
  let response: Response;
  let file: Blob | undefined;
  let body: unknown = null;
  try {
    response = await fetch(url, { method: "GET", headers, signal });
    if (response.ok) file = await response.blob();
    else body = parseJson(await response.text());
  } catch (error) {
    throw new NetworkFailure(networkErrorMessage(error), signal.aborted);
  }
  const answerHeaders = headersOf(response.headers);
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    body,
    headers: answerHeaders,
    requestId: answerHeaders[provider.headers.requestId.toLowerCase()] ?? null,
    ...(file ? { file } : {}),
  };
}

/** The authed call the proxy checks and authorizes for a transfer. */
const asProxyRequest = (
  connection: Connection,
  requestId: string,
  method: "GET" | "POST",
  url: string,
): ProxyRequest => ({
  type: marker,
  requestType: "authedProxy",
  requestId,
  url,
  method,
  headers: {},
  componentName: connection.componentName ?? "",
});

export function createTransfers(options: TransfersOptions): Transfers {
  const { fetch, hosts, proxy } = options;
  const multipart =
    options.multipart ??
    (typeof XMLHttpRequest === "undefined" ? fetchMultipart(fetch) : xhrMultipart);

  return {
    async upload(connection, request) {
      const { requestId, file, purpose, filename } = request;
      const head = new Uint8Array(await file.slice(0, FILE_SIGNATURE_BYTES).arrayBuffer());
      const refusal = fileRefusal(purpose, file.size, head);
      if (refusal) {
        // Answered as the files host answers it; nothing is sent.
        connection.send({
          type: marker,
          requestType: "response",
          requestId,
          ok: false,
          status: 400,
          statusText: "Bad Request",
          body: { error: { type: "invalid_request_error", ...refusal } },
          headers: {},
        });
        return;
      }
      const url = `${hosts.files}/v1/files`;
      await proxy.handle(connection, asProxyRequest(connection, requestId, "POST", url), {
        send: (headers, signal) => {
          const body = new FormData();
          body.append("purpose", purpose);
          body.append("file", file, filename);
          return multipart(url, { headers, body, signal }, (loaded, total) =>
            connection.send({
              type: marker,
              requestType: "uploadProgress",
              requestId,
              loaded,
              total,
            }),
          );
        },
      });
    },

    async download(connection, request) {
      const { requestId, url } = request;
      // A URL is logged and cached everywhere: one that carries a key is never fetched.
      if (isKeyShaped(url)) {
        connection.send(errorResponse(requestId, keyInUrlMessage));
        return;
      }
      await proxy.handle(connection, asProxyRequest(connection, requestId, "GET", url), {
        send: (headers, signal) => fetchBytes(fetch, url, headers, signal),
        reply: (answer) => {
          const { file } = answer as HttpAnswer & { file?: Blob };
          const contentType = answer.headers["content-type"] ?? "application/octet-stream";
          return {
            type: marker,
            requestType: "fileResponse",
            requestId,
            file: file ?? new Blob([], { type: contentType }),
            filename: filenameOf(answer.headers["content-disposition"]) ?? "download",
            contentType,
            ...(answer.requestId ? { apiRequestId: answer.requestId } : {}),
          };
        },
      });
    },
  };
}
