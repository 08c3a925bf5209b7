/**
 * Entry of a component UI frame (connect/frame.html). zod must run without eval under the
 * frame's CSP, and it reads the flag when a schema is built, so the flag is set before any
 * schema module loads (hence the dynamic import; `config` is zod's core, the same for both of
 * its APIs, so the entry does not carry the classic one). The host link starts the handshake itself
 * (the frame sends syn), so no message can arrive before it listens.
 */
import * as z from "zod/mini";
import { provider } from "../../protocol/provider.ts";

z.config({ jitless: true });

// The frame's view chunks are asked for now, beside the page module, not after it (issue 13:
// no sequential rounds of chunk loading): from the registry's table of imports, which needs
// nothing else, so the request does not wait for the shell's chunks (an alias, rare, waits
// for the page's own lookup). The page's `loadView` later gets the same module from the
// module map. A failure here is the page's to report, so it is ignored.
const component = new URLSearchParams(location.hash.slice(1)).get(provider.hashParams.component);
if (component)
  import("../../ui/components/view-imports.ts")
    .then(({ viewImports }) =>
      Object.hasOwn(viewImports, component)
        ? viewImports[component as keyof typeof viewImports]?.()
        : undefined,
    )
    .catch(() => {});

const { startFramePage, mountFramePage } = await import("./frame-page.ts");
const page = startFramePage({
  hash: location.hash,
  origin: location.origin,
  self: window,
  document,
  ...(location.ancestorOrigins ? { ancestorOrigins: location.ancestorOrigins } : {}),
});
const container = document.getElementById("root");
if (container) mountFramePage(page, container);
window.addEventListener("pagehide", () => page.close(), { once: true });
