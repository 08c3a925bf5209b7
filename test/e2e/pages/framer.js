// A page on a third site that embeds the kit's frames while naming ANOTHER page as the
// platform (platformUrl): the data-layer frame and a UI frame of the connect origin (a test
// stand-in that opens a conversation with init). The frames must refuse to work for it.
const params = new URLSearchParams(location.search);
const namespace = params.get("namespace");
const connect = params.get("connect");
const claimed = params.get("platformUrl");

const dataLayer = document.createElement("iframe");
dataLayer.name = `oriel-data-layer-${namespace}`;
dataLayer.hidden = true;
dataLayer.src = `${connect}/data-layer.html#platformUrl=${encodeURIComponent(claimed)}&namespace=${namespace}`;
dataLayer.addEventListener("load", () => {
  const ui = document.createElement("iframe");
  ui.src = `${connect}/__test__/ui-frame.html#namespace=${namespace}&component=payouts`;
  document.body.append(ui);
});
document.body.append(dataLayer);
