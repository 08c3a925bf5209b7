/**
 * Entry of the data-layer frame (connect/data-layer.html). zod must run without eval under
 * the frame's CSP, and it reads the flag when a schema is built, so the flag is set before
 * any schema module loads (hence the dynamic import). Messages that arrive while that import
 * loads (the platform posts init on the frame's load event) are held and replayed.
 */
// `config` by name, not `z.config`: the data layer's build treats `z.…` calls as pure (schema
// construction) and would drop this one, whose value is unused (vite.config.ts checks it stays).
import { config } from "zod/mini";

config({ jitless: true });

const early: MessageEvent[] = [];
const hold = (event: MessageEvent) => early.push(event);
window.addEventListener("message", hold);

const { startDataLayerPage } = await import("./page.ts");
window.removeEventListener("message", hold);
startDataLayerPage(early);
