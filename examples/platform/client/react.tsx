/**
 * The React page: the same loader instance given to `sdk/react`'s provider, one payouts list
 * that a button mounts and unmounts, all under StrictMode (whose double mount must leave one
 * frame), and the component's events listed as React props report them.
 */
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { loadConnectAndInitialize } from "../../../sdk/index.ts";
import { ConnectComponentsProvider, connectComponents } from "../../../sdk/react.tsx";
import { fetchClientSecret, readConfig } from "./config.ts";

const { ConnectPayoutsList } = connectComponents;
const config = readConfig();

// One instance for the page's lifetime, made outside React (a render may run twice).
const instance = loadConnectAndInitialize({
  publishableKey: config.publishableKey,
  connectOrigin: config.connectOrigin,
  fetchClientSecret,
});

function App() {
  const [shown, setShown] = useState(true);
  const [events, setEvents] = useState<string[]>([]);
  const note = (text: string) => setEvents((list) => [...list, text]);
  return (
    <ConnectComponentsProvider connectInstance={instance}>
      <h1>Payouts</h1>
      <button type="button" onClick={() => setShown((s) => !s)}>
        {shown ? "Hide payouts" : "Show payouts"}
      </button>
      {shown ? (
        <ConnectPayoutsList
          onLoaderStart={(detail) => note(`loaderstart ${detail.elementTagName}`)}
          onLoadError={(detail) => note(`loaderror ${detail.error.type}`)}
          onInputError={(detail) => note(`inputerror ${detail.code}`)}
        />
      ) : null}
      <h2>Events</h2>
      <ol id="events" aria-live="polite">
        {events.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
          <li key={i}>{text}</li>
        ))}
      </ol>
    </ConnectComponentsProvider>
  );
}

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
