// A UI frame on the connect origin, speaking the data-layer protocol by hand: it finds its
// data layer as a sibling frame, opens a conversation with init, and keeps every message.
const hash = new URLSearchParams(location.hash.slice(1));
const namespace = hash.get("namespace");
const component = hash.get("component");
const marker = "oriel-connect";
const received = [];
const waiting = new Map();
let next = 0;

const channel = new MessageChannel();
channel.port1.onmessage = (event) => {
  received.push(event.data);
  // An upload's progress comes before its reply: kept, not the answer.
  if (event.data.requestType === "uploadProgress") return;
  const resolve = waiting.get(event.data.requestId);
  if (resolve) {
    waiting.delete(event.data.requestId);
    resolve(event.data);
  }
};
window.addEventListener("message", (event) => received.push(event.data));

const ready = new Promise((resolve) => waiting.set("init-ui", resolve));
parent.frames[`oriel-data-layer-${namespace}`].postMessage(
  {
    type: marker,
    requestType: "init",
    requestId: "init-ui",
    sender: "ui_frame",
    componentName: component,
  },
  "*",
  [channel.port2],
);

window.uiFrame = {
  ready,
  received,
  request(message) {
    const requestId = `ui-${++next}`;
    return new Promise((resolve) => {
      waiting.set(requestId, resolve);
      channel.port1.postMessage({ type: marker, requestId, ...message });
    });
  },
};
