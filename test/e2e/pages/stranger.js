// A frame on a third site that knows the protocol and tries to use the data layer next to
// it: well-formed init, requests on the port it hopes to open, and window messages.
const namespace = new URLSearchParams(location.hash.slice(1)).get("namespace");
const marker = "oriel-connect";
const received = [];
window.stranger = { received, attempted: false };

window.stranger.attempt = () => {
  const dataLayer = window.parent.frames[`oriel-data-layer-${namespace}`];
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => received.push(event.data);
  window.addEventListener("message", (event) => received.push(event.data));
  dataLayer.postMessage(
    {
      type: marker,
      requestType: "init",
      requestId: "s-1",
      sender: "ui_frame",
      componentName: "payouts",
    },
    "*",
    [channel.port2],
  );
  channel.port1.postMessage({ type: marker, requestType: "authStateRequest", requestId: "s-2" });
  for (const requestType of ["authStateRequest", "logout", "claimAccountSessionRequest"]) {
    dataLayer.postMessage(
      { type: marker, requestType, requestId: `s-${requestType}`, clientSecret: "acs_secret_x" },
      "*",
    );
  }
  dataLayer.postMessage(
    { type: marker, requestType: "popupAuthenticationComplete", apiKey: "ek_stolen" },
    "*",
  );
  window.stranger.attempted = true;
};
