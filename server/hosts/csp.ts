import { isLoopbackIp, type ProviderHosts } from "../../protocol/provider.ts";

/**
 * The Content-Security-Policy of every page the connect host serves (USERS.md 5: the frames
 * run under a strict CSP). No inline script and no eval anywhere: pages load one module
 * from their own origin, and zod runs jitless. Styles are set through the CSSOM, which
 * `style-src` does not restrict; stylesheets and fonts may come from https so that a
 * platform's custom fonts load. Only the data layer talks to the API (and the sign-in popup,
 * to its one sign-in call). The mobile entry page frames only its own origin's pages and is
 * never framed itself.
 */
export type ConnectPage = "data-layer" | "frame" | "popup" | "entry";

export function connectHostCsp(page: ConnectPage, hosts: ProviderHosts): string {
  const apiOrigins = [hosts.api, hosts.files, hosts.errorReporting];
  // Locally a platform may serve its fonts over http from loopback (validateFonts allows it
  // in development); everywhere else fonts and stylesheets come over https only.
  const connectHost = new URL(hosts.connect).hostname;
  const local = connectHost === "localhost" || isLoopbackIp(connectHost);
  const loopback = local ? ["http://localhost:*", "http://127.0.0.1:*"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "font-src": ["'self'", "https:", "data:", ...loopback],
    "img-src": ["'self'", "data:", "https:", ...loopback],
    // The sign-in popup signs in at the API host (POST /v1/connect/sign_in), where its site
    // script also sends analytics and error reports. The data layer and the popup read the
    // consent enforcement mode from the marketing host (issue 16), where the popup's consent
    // manager also posts a choice.
    "connect-src":
      page === "data-layer"
        ? ["'self'", ...new Set(apiOrigins), hosts.marketing, "https:", ...loopback]
        : page === "popup"
          ? ["'self'", hosts.api, hosts.marketing]
          : ["'self'"],
    // The mobile entry page frames the data layer and its component from its own origin.
    "frame-src": page === "entry" ? ["'self'"] : ["'none'"],
    "worker-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": page === "popup" ? ["'self'", hosts.dashboard] : ["'none'"],
    // Platforms embed the frames, so any ancestor may; the popup and the mobile entry page
    // (docs/mobile.md) are top-level windows.
    "frame-ancestors": page === "popup" || page === "entry" ? ["'none'"] : ["*"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
