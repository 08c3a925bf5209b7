/**
 * The components a debug tool previews (the UI config playground, the UI preview): the
 * built ones the session enables that a platform places itself — not the internal tools or
 * entry points, not an alias of another —, payouts-list first. Pure.
 */
import { componentRows } from "../../../machines/components/debug-components-list/debug-components-list.rows.ts";
import { catalogueManifest } from "../../../protocol/catalogue/manifest.ts";

/** The component previewed first, when the session enables it. */
const firstPreview = "payouts-list";

export function previewChoices(
  session: Parameters<typeof componentRows>[1],
  hasView: (name: string) => boolean,
): string[] {
  return componentRows(catalogueManifest, session, hasView)
    .filter(
      (r) =>
        r.enabled &&
        r.hasView &&
        r.aliasOf === null &&
        (r.releaseState === "ga" || r.releaseState === "preview"),
    )
    .map((r) => r.name)
    .sort((a, b) => (a === firstPreview ? -1 : b === firstPreview ? 1 : a.localeCompare(b)));
}
