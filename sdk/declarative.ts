/**
 * Declarative use of the classic script (`classic.ts`): a page with only markup configures
 * the loader from either
 *
 * - a configuration element, `<<prefix>-connect publishable-key="pk_test_…"
 *   client-secret-url="/api/account_session" appearance='{"variables":{…}}' locale="fr-FR">`
 *   (its tag from the provider's prefix), anywhere in the document; or
 * - `data-` attributes on the classic script's own tag (`data-publishable-key`,
 *   `data-client-secret-url`, …), when the page has no configuration element.
 *
 * The client secret comes from the platform's endpoint: `client-secret-method` (POST by
 * default, or GET) with the page's cookies (same origin), answering JSON `{client_secret}`.
 * `appearance` and `locale` are read again whenever those attributes change, and applied with
 * `update()`; `connect-origin` defaults to the origin the script was served from (the connect
 * host). Without either source the script does nothing by itself (the imperative use).
 */
import { InvalidOptionError } from "../actors/platform/errors.ts";
import { type ConnectInstance, loadConnectAndInitialize } from "../actors/platform/loader.ts";
import { tagName } from "../protocol/provider.ts";

/** The configuration element's tag: `<<prefix>-connect>`. */
export const configTag = tagName("connect");

let pageInstance: ConnectInstance | undefined;

/** The instance the page's markup configured, once the document has been read. */
export const declarativeInstance = (): ConnectInstance | undefined => pageInstance;

/**
 * Reads the page's configuration (now, or once the document is parsed) and starts the loader
 * from it. `script` is the classic script's own tag (`document.currentScript` while it runs).
 */
export function startFromPage(doc: Document, script: Element | null): void {
  const begin = () => {
    const element = doc.querySelector(configTag);
    const source = element ?? (script?.hasAttribute("data-publishable-key") ? script : null);
    if (!source || pageInstance) return;
    const prefix = source === element ? "" : "data-";
    const read = (name: string) => source.getAttribute(prefix + name) ?? undefined;
    const json = (name: string): Record<string, unknown> | undefined => {
      const raw = read(name);
      try {
        return raw === undefined ? undefined : JSON.parse(raw);
      } catch {
        throw new InvalidOptionError(prefix + name, "must be JSON");
      }
    };
    const url = read("client-secret-url");
    const src = script?.getAttribute("src");
    const connectOrigin =
      read("connect-origin") ?? (src ? new URL(src, doc.baseURI).origin : undefined);
    pageInstance = loadConnectAndInitialize({
      publishableKey: read("publishable-key") as string,
      fetchClientSecret: async () => {
        const response = await fetch(url ?? "", {
          method: read("client-secret-method")?.toUpperCase() === "GET" ? "GET" : "POST",
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        const body = response.ok ? await response.json() : undefined;
        if (typeof body?.client_secret !== "string")
          throw new Error(`${url} answered ${response.status} without a client_secret`);
        return body.client_secret;
      },
      appearance: json("appearance"),
      locale: read("locale"),
      connectOrigin,
    });
    new MutationObserver(() =>
      pageInstance?.update({ appearance: json("appearance") ?? {}, locale: read("locale") }),
    ).observe(source, { attributeFilter: [`${prefix}appearance`, `${prefix}locale`] });
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", begin, { once: true });
  else begin();
}
