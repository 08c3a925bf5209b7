/**
 * A UI frame of the connect origin for the sign-in popup test, built from the real
 * actors/ui-frame code (the test bundles it): it connects to its data layer, and on a click
 * opens the sign-in popup and waits. Every message it receives is kept in `received`.
 */
import {
  createDataLayerClient,
  findDataLayerWindow,
} from "../../../../actors/ui-frame/data-layer-client.ts";
import { openSignInPopup } from "../../../../actors/ui-frame/sign-in-popup.ts";

const hash = new URLSearchParams(location.hash.slice(1));
const namespace = hash.get("namespace") ?? "";
const received: unknown[] = [];
window.addEventListener("message", (event) => received.push(event.data));

const dataLayer = findDataLayerWindow(window, namespace);
if (!dataLayer) throw new Error("no data-layer frame next to this frame");
const client = createDataLayerClient({
  dataLayer,
  connectOrigin: location.origin,
  componentName: hash.get("component") ?? "payouts",
  createChannel: () => {
    const channel = new MessageChannel();
    channel.port1.addEventListener("message", (event) => received.push(event.data));
    return channel;
  },
});

const results: unknown[] = [];
const output = document.getElementById("result") as HTMLOutputElement;
document.getElementById("sign-in")?.addEventListener("click", () => {
  // Inside the click: window.open runs before anything asynchronous.
  openSignInPopup({
    dataLayer: client,
    connectOrigin: location.origin,
    namespace,
    open: (url, target, features) => window.open(url, target, features),
  }).then(
    (state) => results.push({ status: state?.status }),
    (error: Error) => results.push({ error: error.name }),
  );
});

Object.assign(window, { uiFrame: { ready: client.ready, received, results } });
output.value = "ready";
