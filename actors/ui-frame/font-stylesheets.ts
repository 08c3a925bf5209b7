/**
 * A UI frame's platform font stylesheets (`fonts: [{ cssSrc }]`, issue 14 item 12): each is
 * fetched once through the data layer (`fetchFontStylesheet`; the frame's CSP loads no
 * stylesheet from elsewhere) and only its @font-face rules are kept, rebuilt and checked
 * (`fontFacesOf`). A stylesheet that cannot be used is reported once as a warning and left
 * out; the frame's own fonts stay.
 */
import type { CustomFontSource } from "../../protocol/appearance.schema.ts";
import { fontFacesOf } from "../../ui/theme/font-faces.ts";
import type { Logger } from "../messaging/types.ts";
import type { DataLayerClient } from "./data-layer-client.ts";

export interface FontStylesheetLoader {
  /** The font faces of these stylesheets, in order; a stylesheet that fails adds none. */
  faces(urls: readonly string[]): Promise<CustomFontSource[]>;
}

export function createFontStylesheetLoader(options: {
  dataLayer: () => Promise<DataLayerClient>;
  view: Window & typeof globalThis;
  development: boolean;
  log: Logger;
}): FontStylesheetLoader {
  const byUrl = new Map<string, Promise<CustomFontSource[]>>();
  const load = async (url: string): Promise<CustomFontSource[]> => {
    try {
      const client = await options.dataLayer();
      const reply = await client.request({ requestType: "fetchFontStylesheet", url });
      if (reply.requestType !== "fontStylesheet")
        throw new Error(
          reply.requestType === "errorResponse" ? reply.error.message : reply.message,
        );
      // Rules other than valid @font-face are left out silently: that is the point.
      return fontFacesOf(reply.css, url, options.view, { development: options.development }).fonts;
    } catch (error) {
      options.log.warn("font stylesheet not applied", {
        url,
        error: error instanceof Error ? error.message : String(error),
      });
      return [];
    }
  };
  return {
    async faces(urls) {
      const each = urls.map((url) => {
        let faces = byUrl.get(url);
        if (!faces) {
          faces = load(url);
          byUrl.set(url, faces);
        }
        return faces;
      });
      return (await Promise.all(each)).flat();
    },
  };
}
