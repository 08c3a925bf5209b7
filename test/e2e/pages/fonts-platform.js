// A platform page that loads the SDK's classic script and initialises it with a font
// stylesheet (`fonts: [{ cssSrc }]`), then creates one component. No session is needed to
// see how the frame treats the stylesheet: fetchClientSecret never answers.
const params = new URLSearchParams(location.search);
const script = document.createElement("script");
script.src = params.get("script");
script.addEventListener("load", () => {
  const sdk = window[params.get("global")];
  const instance = sdk.loadConnectAndInitialize({
    publishableKey: "pk_test_fonts",
    connectOrigin: params.get("connect"),
    fetchClientSecret: () => new Promise(() => {}),
    fonts: [{ cssSrc: params.get("cssSrc") }],
  });
  document.body.append(instance.create(params.get("tag")));
});
document.head.append(script);
