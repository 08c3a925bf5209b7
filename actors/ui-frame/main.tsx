/**
 * Entry of a component UI frame (connect/frame.html). zod must run without eval under the
 * frame's CSP, and it reads the flag when a schema is built, so the flag is set before any
 * schema module loads (hence the dynamic import). The host link starts the handshake itself
 * (the frame sends syn), so no message can arrive before it listens.
 */
import { z } from "zod";

z.config({ jitless: true });

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
