/**
 * The plain-HTML page's only code, framework-free: the SDK comes from the connect host's
 * classic script (a global), the elements are in the HTML with attributes, and this listens
 * to their bubbling DOM events. It is an external file because the page's CSP allows no
 * inline script.
 */
import { provider } from "../../../protocol/provider.ts";
import { fetchClientSecret, readConfig } from "./config.ts";

interface ClassicSdk {
  loadConnectAndInitialize(options: {
    publishableKey: string;
    connectOrigin: string;
    fetchClientSecret: () => Promise<string>;
  }): unknown;
}

const config = readConfig();
const sdk = (window as unknown as Record<string, ClassicSdk | undefined>)[
  `${provider.name}Connect`
];
const events = document.getElementById("events")!;

const note = (text: string) => {
  const item = document.createElement("li");
  item.textContent = text;
  events.append(item);
};

if (!sdk) note("The classic script did not load.");
else {
  for (const type of ["loaderstart", "loaderror", "inputerror"]) {
    document.addEventListener(type, (event) => {
      const target = event.target as Element;
      // inputerror: the catalogue's typed error (`code`); loaderror: `{error: {type}}`.
      const detail = (event as CustomEvent).detail as {
        code?: string;
        error?: { type?: string };
      } | null;
      const kind = detail?.code ?? detail?.error?.type ?? "";
      note(`${type} ${target.localName}${kind ? ` ${kind}` : ""}`);
    });
  }
  sdk.loadConnectAndInitialize({
    publishableKey: config.publishableKey,
    connectOrigin: config.connectOrigin,
    fetchClientSecret,
  });
}
