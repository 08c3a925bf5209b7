/**
 * The HTMX example's only script: HTMX itself (its npm package, bundled) and one loader
 * instance for the page. The loader defines the custom elements, so every element HTMX swaps
 * in upgrades at once and binds to this instance; everything else is markup
 * (`fragments.ts`).
 */
import "htmx.org";
import { loadConnectAndInitialize } from "../../sdk/index.ts";
import { fetchClientSecret, readConfig } from "../platform/client/config.ts";

const config = readConfig();

loadConnectAndInitialize({
  publishableKey: config.publishableKey,
  connectOrigin: config.connectOrigin,
  fetchClientSecret,
});
