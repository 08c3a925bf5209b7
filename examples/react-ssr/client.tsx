/**
 * The browser half of the server-rendered React page: the same app, hydrated over the
 * backend's HTML (`render.tsx`) with the page's real loader instance. Only here does
 * `fetchClientSecret` run.
 */
import { hydrateRoot } from "react-dom/client";
import { loadConnectAndInitialize } from "../../sdk/index.ts";
import { fetchClientSecret, readConfig } from "../platform/client/config.ts";
import { PayoutsApp } from "./app.tsx";

const config = readConfig();

const instance = loadConnectAndInitialize({
  publishableKey: config.publishableKey,
  connectOrigin: config.connectOrigin,
  fetchClientSecret,
});

const root = document.getElementById("root");
if (root) hydrateRoot(root, <PayoutsApp instance={instance} />);
