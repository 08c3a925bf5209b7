// A platform page for the sign-in popup test: it creates the hidden data-layer frame the
// way the loader does, claims through it, then embeds one UI frame (bundled from
// actors/ui-frame by the test) that opens the popup on a click. It keeps every message it
// receives, on its port and as window messages.
const params = new URLSearchParams(location.search);
const namespace = params.get("namespace");
const connect = params.get("connect");
const marker = params.get("marker");

const received = [];
const waiting = new Map();
let next = 0;
window.addEventListener("message", (event) => received.push(event.data));

const frame = document.createElement("iframe");
frame.name = params.get("dataLayerName");
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
        publishableKey: params.get("pk"),
      },
      connect,
      [channel.port2],
    );
  });
});

window.platform = {
  ready,
  received,
  request(message) {
    const requestId = `req-${++next}`;
    return new Promise((resolve) => {
      waiting.set(requestId, resolve);
      channel.port1.postMessage({ type: marker, requestId, ...message });
    });
  },
  addUiFrame() {
    const ui = document.createElement("iframe");
    ui.src = `${connect}/__test__/built/sign-in-frame.html#namespace=${namespace}&component=payouts`;
    document.body.append(ui);
  },
};

document.body.append(frame);
