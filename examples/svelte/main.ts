/**
 * The Svelte example's entry: one loader instance for the page (the platform's backend answers
 * `fetchClientSecret`), then the Svelte app. The loader defines the custom elements, so the
 * elements Svelte creates later upgrade at once and bind to this instance.
 */
import { mount } from "svelte";
import { loadConnectAndInitialize } from "../../sdk/index.ts";
import { fetchClientSecret, readConfig } from "../platform/client/config.ts";
import App from "./App.svelte";

const config = readConfig();

loadConnectAndInitialize({
  publishableKey: config.publishableKey,
  connectOrigin: config.connectOrigin,
  fetchClientSecret,
});

mount(App, { target: document.getElementById("app")! });
