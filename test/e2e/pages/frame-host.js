// A platform page that plays the host element by hand, in plain JS and on the wire protocol
// of docs/protocol.md: the handshake SERVER of its namespace, and over each connected port
// the host's methods (recorded) and the `props` subscription. It embeds the instance's
// data-layer frame and one component UI frame, and sizes that frame to its reported height.
const params = new URLSearchParams(location.search);
const namespace = params.get("namespace");
const connect = params.get("connect");
const component = params.get("component");
const serverId = `host-${Math.random().toString(36).slice(2)}`;

const calls = [];
const subscribers = new Map();
let props = { attributes: {}, setters: { handledEvents: [] }, appearance: null, locale: null };

const dataLayer = document.createElement("iframe");
dataLayer.name = `oriel-data-layer-${namespace}`;
dataLayer.hidden = true;
dataLayer.src = `${connect}/data-layer.html#platformUrl=${encodeURIComponent(location.href)}&namespace=${namespace}`;

const frame = document.createElement("iframe");
frame.title = component;
frame.style.border = "0";
frame.style.width = params.get("width") ?? "600px";
frame.style.height = "0";
const hash = new URLSearchParams({
  oriel_internal_running_in_iframe: "true",
  platformUrl: location.href,
  namespace,
  component,
});
// The override flag of SPEC.md §6 on the page's URL is passed on, as the element does.
const overrideFlag = "oriel_internal_override_flags_in_external_domains";
if (params.get(overrideFlag) === "true") hash.set(overrideFlag, "true");
frame.src = `${connect}/frame.html#${hash}`;

function serve(port) {
  port.onmessage = (event) => {
    const message = event.data;
    if (message.type === "CALL") {
      const arg = message.args[0];
      calls.push({ method: message.method, arg });
      if (message.method === "reportSize") frame.style.height = `${arg.height}px`;
      port.postMessage({ type: "CALL_RESPONSE", id: message.id });
    } else if (message.type === "ADD_SUBSCRIPTION" && message.name === "props") {
      subscribers.set(message.id, port);
      port.postMessage({ type: "SUBSCRIPTION_RESULT", id: message.id, value: props });
    } else if (message.type === "REMOVE_SUBSCRIPTION") {
      subscribers.delete(message.id);
    }
  };
  port.start();
}

window.addEventListener("message", (event) => {
  const m = event.data;
  if (event.origin !== connect || !m || m.namespace !== namespace) return;
  if (m.message === "syn") {
    const reply = { namespace, message: "syn-ack", data: { clientId: m.data.clientId, serverId } };
    event.source.postMessage(reply, connect);
  } else if (m.message === "ack" && m.data.serverId === serverId) {
    const port = event.ports[0] ?? m.data.port;
    if (port) serve(port);
  }
});

frame.addEventListener("load", () => {
  frame.contentWindow.postMessage(
    { namespace, message: "server-syn", data: { serverId } },
    connect,
  );
});

window.frameHost = {
  calls,
  setProps(next) {
    props = { ...props, ...next };
    for (const [id, port] of subscribers) {
      port.postMessage({ type: "SUBSCRIPTION_RESULT", id, value: props });
    }
  },
};

document.body.append(dataLayer, frame);
