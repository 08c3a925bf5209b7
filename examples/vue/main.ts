/**
 * The Vue example's entry: one loader instance for the page (the platform's backend answers
 * `fetchClientSecret`), then the Vue app. The loader defines the custom elements, so the
 * elements Vue creates later upgrade at once and bind to this instance.
 */
import { createApp } from "vue";
import { loadConnectAndInitialize } from "../../sdk/index.ts";
import { fetchClientSecret, readConfig } from "../platform/client/config.ts";
import App from "./App.vue";

const config = readConfig();

loadConnectAndInitialize({
  publishableKey: config.publishableKey,
  connectOrigin: config.connectOrigin,
  fetchClientSecret,
});

createApp(App).mount("#app");
