/**
 * The dashboard: every component this version has a view for (the backend derives the list
 * from the view registry), each created with `instance.create(tag)`, plus controls that call
 * `instance.update()` (a colour, the dark theme, the locale) and `instance.logout()`; and the
 * webhook events the backend received for this account, refreshed every two seconds.
 */
import { tagName } from "../../../protocol/provider.ts";
import { loadConnectAndInitialize } from "../../../sdk/index.ts";
import { fetchClientSecret, readConfig } from "./config.ts";

const config = readConfig();
const controls = document.querySelector<HTMLElement>(".controls")!;
const colour = controls.querySelector<HTMLInputElement>('input[name="colorPrimary"]')!;
const dark = controls.querySelector<HTMLInputElement>('input[name="dark"]')!;
const locale = controls.querySelector<HTMLSelectElement>('select[name="locale"]')!;
const logout = controls.querySelector<HTMLButtonElement>('button[name="logout"]')!;
const status = controls.querySelector<HTMLOutputElement>('output[name="status"]')!;

const appearance = () => ({
  theme: dark.checked ? ("dark" as const) : ("light" as const),
  variables: { colorPrimary: colour.value },
});

const instance = loadConnectAndInitialize({
  publishableKey: config.publishableKey,
  connectOrigin: config.connectOrigin,
  fetchClientSecret,
  appearance: appearance(),
  locale: locale.value,
});

const say = (text: string) => {
  status.value = text;
};
instance.on("sessionRefreshed", () => say("Session refreshed."));
instance.on("sessionExpired", () => say("Session expired."));
instance.on("loggedOut", () => say("Logged out of the components."));

/**
 * payment-details as a platform uses it: its own list of orders, each with a "View" button
 * that names the payment and shows the details (`visible`); the details' `close` hides them
 * again. "Show in the page" sets `inline` (a section of the page instead of a drawer).
 */
function paymentDetails(element: HTMLElement): HTMLElement[] {
  element.setAttribute("visible", "false");
  const first = config.payments?.[0];
  if (first) element.setAttribute("payment", first.id);
  element.addEventListener("close", () => element.setAttribute("visible", "false"));
  const inline = document.createElement("input");
  inline.type = "checkbox";
  inline.id = "payment-details-inline";
  inline.addEventListener("change", () => {
    if (inline.checked) element.setAttribute("inline", "true");
    else element.removeAttribute("inline");
  });
  const inlineLabel = document.createElement("label");
  inlineLabel.htmlFor = inline.id;
  inlineLabel.textContent = "Show in the page";
  const orders = document.createElement("ul");
  orders.className = "orders";
  orders.setAttribute("aria-label", "Orders");
  for (const payment of config.payments ?? []) {
    const item = document.createElement("li");
    const view = document.createElement("button");
    view.type = "button";
    view.dataset.payment = payment.id;
    view.textContent = `View ${payment.label}`;
    view.addEventListener("click", () => {
      element.setAttribute("payment", payment.id);
      element.setAttribute("visible", "true");
    });
    item.append(view);
    orders.append(item);
  }
  const controls = document.createElement("p");
  controls.append(inline, inlineLabel);
  return [controls, orders, element];
}

/** payment-disputes for the account's disputed payment, and the count it reports. */
function paymentDisputes(element: HTMLElement): HTMLElement[] {
  if (config.disputedPayment) element.setAttribute("payment", config.disputedPayment);
  const count = document.createElement("output");
  count.setAttribute("name", "disputes-loaded");
  element.addEventListener("ondisputesloaded", (event) => {
    count.value = `Disputes loaded: ${(event as CustomEvent<{ total: number }>).detail.total}`;
  });
  return [element, count];
}

const list = document.getElementById("components")!;
for (const name of config.components) {
  const section = document.createElement("section");
  section.setAttribute("aria-label", name);
  const heading = document.createElement("h2");
  heading.textContent = name;
  const element = instance.create(tagName(name));
  const parts =
    name === "payment-details"
      ? paymentDetails(element)
      : name === "payment-disputes"
        ? paymentDisputes(element)
        : [element];
  section.append(heading, ...parts);
  list.append(section);
}

colour.addEventListener("change", () => instance.update({ appearance: appearance() }));
dark.addEventListener("change", () => instance.update({ appearance: appearance() }));
locale.addEventListener("change", () => instance.update({ locale: locale.value }));

logout.addEventListener("click", async () => {
  logout.disabled = true;
  try {
    await instance.logout();
    // Then the platform's own session ends too, as a real platform's logout would.
    await fetch("/sign-out", { method: "POST", redirect: "manual" });
  } catch (error) {
    say(`Logout failed: ${(error as Error).message}`);
    logout.disabled = false;
  }
});

/** The webhook events panel: what the backend verified and kept (`GET /api/webhook_events`). */
interface ReceivedEvent {
  id: string;
  type: string;
  objectId: string;
  created: number;
}
const received = document.getElementById("webhook-events")!;
let shown = "";
async function showWebhookEvents() {
  const response = await fetch("/api/webhook_events", { credentials: "same-origin" });
  if (!response.ok) return;
  const { data } = (await response.json()) as { data: ReceivedEvent[] };
  const key = data.map((e) => e.id).join();
  if (key === shown) return;
  shown = key;
  received.replaceChildren(
    ...data.map((event) => {
      const item = document.createElement("li");
      item.dataset.event = event.id;
      const type = document.createElement("strong");
      type.textContent = event.type;
      const time = document.createElement("time");
      time.dateTime = new Date(event.created * 1000).toISOString();
      time.textContent = new Date(event.created * 1000).toLocaleString();
      item.append(type, ` ${event.objectId} `, time);
      return item;
    }),
  );
}
void showWebhookEvents();
setInterval(() => void showWebhookEvents().catch(() => undefined), 2_000);
