/**
 * The classic script's entry (`<connect>/v<version>/<provider id>.js`, the global
 * `<provider name>Connect`): the SDK's entry, plus declarative use — a page with only markup
 * configures the loader from a configuration element or the script's `data-` attributes
 * (`declarative.ts`). The ES build (`index.ts`) stays free of side effects.
 */
import { startFromPage } from "./declarative.ts";

export { declarativeInstance } from "./declarative.ts";
export * from "./index.ts";

if (typeof document !== "undefined") startFromPage(document, document.currentScript);
