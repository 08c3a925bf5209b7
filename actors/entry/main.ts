/**
 * Entry of the mobile entry page (connect/entry.html, docs/mobile.md). zod must run without
 * eval under the page's CSP and reads the flag when a schema is built, so the flag is set
 * before any schema module loads (hence the dynamic imports).
 */
import * as z from "zod/mini";

z.config({ jitless: true });

const [{ startEntryPage }, { loadConnectAndInitialize }] = await Promise.all([
  import("./entry-page.ts"),
  import("../platform/loader.ts"),
]);
startEntryPage({
  window: window as unknown as Parameters<typeof startEntryPage>[0]["window"],
  document,
  load: loadConnectAndInitialize,
});
