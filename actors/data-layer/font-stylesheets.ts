/**
 * Platform font stylesheets for the UI frames (issue 14 item 12; docs/protocol.md
 * "fetchFontStylesheet"). A frame's CSP loads no stylesheet from another origin, because a
 * stylesheet's selectors can read what the frame shows; so the data layer fetches the text of
 * a `fonts: [{ cssSrc }]` stylesheet and hands it to the frame, which rebuilds only its
 * @font-face rules (`ui/theme/font-faces.ts`). The request carries nothing of the session:
 * no key, no cookie (`credentials: "omit"`), no referrer. Only an allowed font URL (https; loopback
 * http in development) is fetched, only `text/css` is handed on, at most
 * FONT_STYLESHEET_MAX_BYTES of it, and each URL is fetched once per data layer.
 */
import { isAllowedFontUrl } from "../../protocol/font-url.ts";
import {
  type DataLayerRequestOf,
  FONT_STYLESHEET_MAX_BYTES,
} from "../../protocol/messages/data-layer.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { isKeyShaped } from "../../protocol/redaction.ts";
import type { Connection } from "./intake.ts";
import { errorResponse } from "./replies.ts";
import type { FetchLike } from "./types.ts";

export type FetchFontStylesheetRequest = DataLayerRequestOf<"fetchFontStylesheet">;

export interface FontStylesheetsOptions {
  fetch: FetchLike;
  /** Loopback http stylesheets are allowed (the connect host runs locally). */
  development: boolean;
}

export interface FontStylesheets {
  handle(connection: Connection, request: FetchFontStylesheetRequest): Promise<void>;
}

export const fontStylesheetRefusedMessage = (url: string) =>
  `The font stylesheet ${url} is not an https URL; it was not fetched.`;

/** Reads at most `limit` bytes of the body as text; more is an error (nothing is cut). */
async function textWithin(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limit) throw new Error(`it is larger than ${limit} bytes`);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`it is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

async function load(fetch: FetchLike, url: string): Promise<string> {
  const response = await fetch(url, {
    method: "GET",
    credentials: "omit",
    mode: "cors",
    referrerPolicy: "no-referrer",
  });
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
  const type = response.headers.get("content-type") ?? "";
  if (!/^text\/css\s*(;|$)/i.test(type))
    throw new Error(`it is not text/css (${type || "no Content-Type"})`);
  return textWithin(response, FONT_STYLESHEET_MAX_BYTES);
}

export function createFontStylesheets(options: FontStylesheetsOptions): FontStylesheets {
  const loaded = new Map<string, Promise<string>>();
  return {
    async handle(connection, { requestId, url }) {
      if (!isAllowedFontUrl(url, { development: options.development }) || isKeyShaped(url)) {
        connection.send(errorResponse(requestId, fontStylesheetRefusedMessage(url)));
        return;
      }
      let text = loaded.get(url);
      if (!text) {
        text = load(options.fetch, url);
        loaded.set(url, text);
        // A failure is not kept: the next frame that asks tries again.
        text.catch(() => loaded.delete(url));
      }
      try {
        const css = await text;
        connection.send({
          type: provider.messageMarker,
          requestType: "fontStylesheet",
          requestId,
          css,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        connection.send(
          errorResponse(requestId, `The font stylesheet ${url} could not be used: ${reason}.`),
        );
      }
    },
  };
}
