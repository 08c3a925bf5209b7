/**
 * The server-rendered React page's app, the same on the server and in the browser: one
 * payouts list through `sdk/react`, a button that mounts and unmounts it, and its events in a
 * log. On the server `ConnectPayoutsList` renders its empty container only (its element is
 * made in an effect, and effects do not run there); once hydrated it creates the element.
 */
import { StrictMode, useState } from "react";
import type { ConnectInstance } from "../../sdk/index.ts";
import { ConnectComponentsProvider, ConnectPayoutsList } from "../../sdk/react.tsx";

export function PayoutsApp({ instance }: { instance: ConnectInstance }) {
  const [shown, setShown] = useState(true);
  const [events, setEvents] = useState<string[]>([]);
  const note = (text: string) => setEvents((list) => [...list, text]);
  return (
    <StrictMode>
      <ConnectComponentsProvider connectInstance={instance}>
        <h1>Payouts</h1>
        <p className="controls">
          <button type="button" onClick={() => setShown((s) => !s)}>
            {shown ? "Hide payouts" : "Show payouts"}
          </button>
        </p>
        {shown ? (
          <ConnectPayoutsList
            className="payouts"
            onLoaderStart={(detail) => note(`loaderstart ${detail.elementTagName}`)}
            onLoadError={(detail) => note(`loaderror ${detail.error.type}`)}
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
    </StrictMode>
  );
}
