/**
 * The HTMX example's HTML, rendered by the platform's backend (hypermedia: the state lives in
 * the markup and the requests, not in a client-side store). The page holds a slot for the
 * payouts list, a "Recent payouts only" checkbox, a show/hide button and an event log; each
 * control asks the backend for the slot's new content (`/htmx/payouts`), which HTMX morphs in
 * (`hx-swap="innerMorph"`): the same element keeps its frame and gets its new `recent-payouts`
 * attribute, or the element is removed or added. The elements' `loaderstart` and `loaderror`
 * DOM events trigger requests (`hx-trigger="loaderstart from:#payouts-slot"`) whose answers
 * are appended to the log. No `hx-on` and no `js:` values: the platform's CSP has no
 * `'unsafe-eval'`.
 */
import { tagName } from "../../protocol/provider.ts";
import { escapeHtml } from "../platform/pages.ts";

export const htmxBase = "/htmx";

/** What the page shows: whether the list is on the page, and in which mode. */
export interface PayoutsState {
  shown: boolean;
  recent: boolean;
}

/** The events the page hands to the backend, and what the log says for each. */
export const loggedEvents = ["loaderstart", "loaderror"] as const;
export type LoggedEvent = (typeof loggedEvents)[number];

/** Reads the state from a request's query (`shown`, `recent`: "true" or absent / "false"). */
export function stateOf(query: Record<string, string | undefined>): PayoutsState {
  return { shown: query.shown !== "false", recent: query.recent === "true" };
}

/** The slot's content: the element with its attribute from the state, or a note. */
function slot({ shown, recent }: PayoutsState): string {
  const tag = tagName("payouts-list");
  return shown
    ? `<${tag} id="payouts" recent-payouts="${recent}"></${tag}>`
    : `<p id="payouts-hidden">The payouts list is hidden.</p>`;
}

/** The show/hide button: it asks for the other state, keeping the checkbox's value. */
function toggle({ shown }: PayoutsState, oob: boolean): string {
  return `<button type="button" id="toggle" hx-get="${htmxBase}/payouts" hx-vals='{"shown": "${!shown}"}' hx-include="#recent" hx-target="#payouts-slot" hx-swap="innerMorph"${oob ? ' hx-swap-oob="outerHTML"' : ""}>${shown ? "Hide payouts" : "Show payouts"}</button>`;
}

/** Whether the list is shown, for the checkbox's requests. */
function shownInput({ shown }: PayoutsState, oob: boolean): string {
  return `<input type="hidden" id="shown" name="shown" value="${shown}"${oob ? ' hx-swap-oob="outerHTML"' : ""}>`;
}

/** The page's body (the first render, with the list shown). */
export function htmxBody(state: PayoutsState): string {
  const listeners = loggedEvents
    .map(
      (type) =>
        `<span hidden hx-get="${htmxBase}/events/${type}" hx-trigger="${type} from:#payouts-slot" hx-target="#events" hx-swap="beforeend"></span>`,
    )
    .join("\n      ");
  return `      <h1>Payouts</h1>
      <p class="controls">
        <input type="checkbox" id="recent" name="recent" value="true"${state.recent ? " checked" : ""} hx-get="${htmxBase}/payouts" hx-trigger="change" hx-include="#recent, #shown" hx-target="#payouts-slot" hx-swap="innerMorph">
        <label for="recent">Recent payouts only</label>
        ${shownInput(state, false)}
        ${toggle(state, false)}
      </p>
      <div id="payouts-slot">${slot(state)}</div>
      <h2>Events</h2>
      <ol id="events" aria-live="polite"></ol>
      ${listeners}`;
}

/** The answer to `GET /htmx/payouts`: the slot's content, and the controls out of band. */
export function payoutsFragment(state: PayoutsState): string {
  return `${slot(state)}\n${toggle(state, true)}\n${shownInput(state, true)}`;
}

/** The answer to `GET /htmx/events/<type>`: one line of the log. */
export function eventFragment(type: LoggedEvent): string {
  return `<li>${escapeHtml(`${type} ${tagName("payouts-list")}`)}</li>`;
}
