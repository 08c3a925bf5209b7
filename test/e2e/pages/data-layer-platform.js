// A platform page that talks to the data layer directly, the way the loader does: it
// creates the hidden data-layer frame, posts init with a port, and keeps every message
// that comes back. A stranger's frame (another site) is embedded too.
const params = new URLSearchParams(location.search);
const namespace = params.get("namespace");
const connect = params.get("connect");
const stranger = params.get("stranger");
const marker = "oriel-connect";

const received = [];
const waiting = new Map();
let next = 0;

const frame = document.createElement("iframe");
frame.name = `oriel-data-layer-${namespace}`;
frame.hidden = true;
frame.src = `${connect}/data-layer.html#platformUrl=${encodeURIComponent(location.href)}&namespace=${namespace}`;

const channel = new MessageChannel();
channel.port1.onmessage = (event) => {
  received.push(event.data);
  const resolve = waiting.get(event.data.requestId);
  if (resolve) {
    waiting.delete(event.data.requestId);
    resolve(event.data);
  }
};

const ready = new Promise((resolve) => {
  waiting.set("init-1", resolve);
  frame.addEventListener("load", () => {
    frame.contentWindow.postMessage(
      {
        type: marker,
        requestType: "init",
        requestId: "init-1",
        sender: "platform",
        publishableKey: params.get("pk") ?? "pk_test_e2e",
      },
      connect,
      [channel.port2],
    );
  });
});

window.dataLayer = {
  ready,
  received,
  request(message) {
    const requestId = `req-${++next}`;
    return new Promise((resolve) => {
      waiting.set(requestId, resolve);
      channel.port1.postMessage({ type: marker, requestId, ...message });
    });
  },
};

document.body.append(frame);

// UI frames of the connect origin (test stand-ins), once the data layer is there.
const uiFrames = (params.get("frames") ?? "").split(",").filter(Boolean);
ready.then(() => {
  for (const component of uiFrames) {
    const ui = document.createElement("iframe");
    ui.src = `${connect}/__test__/ui-frame.html#namespace=${namespace}&component=${component}`;
    document.body.append(ui);
  }
});

const strangerFrame = document.createElement("iframe");
strangerFrame.src = `${stranger}/stranger.html#namespace=${namespace}`;
document.body.append(strangerFrame);
