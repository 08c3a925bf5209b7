/**
 * The server half of the server-rendered React page: `renderToString` of the same app
 * (`app.tsx`) as the browser hydrates. On the server `loadConnectAndInitialize` returns an
 * instance that does nothing (no `window`): it never calls `fetchClientSecret`, and
 * `ConnectPayoutsList` renders its empty container only. `serverRenders` counts the renders
 * and any `fetchClientSecret` call made on the server, so a test can prove there is none.
 */
import { renderToString } from "react-dom/server";
import { loadConnectAndInitialize } from "../../sdk/index.ts";
import type { PageConfig } from "../platform/pages.ts";
import { PayoutsApp } from "./app.tsx";

export const serverRenders = { renders: 0, fetchClientSecretCalls: 0 };

export function renderPayoutsApp(config: Pick<PageConfig, "publishableKey" | "connectOrigin">) {
  const instance = loadConnectAndInitialize({
    publishableKey: config.publishableKey,
    connectOrigin: config.connectOrigin,
    fetchClientSecret: async () => {
      serverRenders.fetchClientSecretCalls++;
      throw new Error("fetchClientSecret is never called on the server");
    },
  });
  const html = renderToString(<PayoutsApp instance={instance} />);
  serverRenders.renders++;
  return html;
}
