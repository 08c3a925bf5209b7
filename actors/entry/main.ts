/**
 * Entry of the mobile entry page (connect/entry.html, docs/mobile.md). zod must run without
 * eval under the page's CSP and reads the flag when a schema is built, so the flag is set
 * before any schema module loads (hence the dynamic imports).
 */
import * as z from "zod/mini";

z.config({ jitless: true });

const [{ startEntryPage }, { createLoader }, { defineConnectElements, bindElement }] =
  await Promise.all([
    import("./entry-page.ts"),
    import("../platform/loader.ts"),
    import("../platform/elements.ts"),
  ]);
startEntryPage({
  window: window as unknown as Parameters<typeof startEntryPage>[0]["window"],
  document,
  // The platform's loader, as `loadConnectAndInitialize` runs it, but for this page, which
  // is the provider's own: the entry point's internal attributes pass on any host.
  load: (options) =>
    createLoader(options, {
      window,
      document,
      internalAllowed: true,
      elements: {
        define: () => defineConnectElements({ window: window as Window & typeof globalThis }),
        bind: bindElement,
      },
    }),
});
