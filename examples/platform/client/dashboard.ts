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

const appearanceCode = controls.querySelector<HTMLTextAreaElement>('textarea[name="appearance"]')!;
const applyAppearance = controls.querySelector<HTMLButtonElement>(
  'button[name="apply-appearance"]',
)!;
const defaultAppearance = controls.querySelector<HTMLButtonElement>(
  'button[name="default-appearance"]',
)!;

/**
 * An appearance the developer pasted from the UI config tool (debug-ui-config), kept for
 * this tab and passed to `loadConnectAndInitialize` from the next load on: what a platform
 * does with the object the tool exports. The colour and dark controls then change only what
 * the person touches.
 */
const storedAppearanceKey = "example-platform:appearance";
type Appearance = { theme?: "light" | "dark" | "system"; variables?: Record<string, string> };
const stored = ((): Appearance | null => {
  const text = sessionStorage.getItem(storedAppearanceKey);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as Appearance) : null;
  } catch {
    return null;
  }
})();
if (stored) {
  appearanceCode.value = JSON.stringify(stored, null, 2);
  dark.checked = stored.theme === "dark";
  const hex = stored.variables?.colorPrimary;
  if (hex && /^#[0-9a-f]{6}$/i.test(hex)) colour.value = hex;
}
const touched = { colour: stored === null, dark: stored === null };

const appearance = (): Appearance => {
  const base: Appearance = stored ?? { theme: "light" };
  return {
    ...base,
    ...(touched.dark ? { theme: dark.checked ? ("dark" as const) : ("light" as const) } : {}),
    variables: { ...base.variables, ...(touched.colour ? { colorPrimary: colour.value } : {}) },
  };
};

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
 * What a platform puts around a details component: a "show in the page" switch (`inline`)
 * and its own list of objects, each with a "View" button that names the object (`view`).
 * The ids, labels and classes are the page models' handles.
 */
function detailsControls(
  element: HTMLElement,
  list: {
    name: string;
    inlineLabel: string;
    className: string;
    label: string;
    key: "payment" | "payout";
    items: readonly { id: string; label: string }[];
    view(id: string): void;
  },
): HTMLElement[] {
  const inline = document.createElement("input");
  inline.type = "checkbox";
  inline.id = `${list.name}-inline`;
  inline.addEventListener("change", () => {
    if (inline.checked) element.setAttribute("inline", "true");
    else element.removeAttribute("inline");
  });
  const inlineLabel = document.createElement("label");
  inlineLabel.htmlFor = inline.id;
  inlineLabel.textContent = list.inlineLabel;
  const objects = document.createElement("ul");
  objects.className = list.className;
  objects.setAttribute("aria-label", list.label);
  for (const object of list.items) {
    const item = document.createElement("li");
    const view = document.createElement("button");
    view.type = "button";
    view.dataset[list.key] = object.id;
    view.textContent = `View ${object.label}`;
    view.addEventListener("click", () => list.view(object.id));
    item.append(view);
    objects.append(item);
  }
  const controls = document.createElement("p");
  controls.append(inline, inlineLabel);
  return [controls, objects, element];
}

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
  return detailsControls(element, {
    name: "payment-details",
    inlineLabel: "Show in the page",
    className: "orders",
    label: "Orders",
    key: "payment",
    items: config.payments ?? [],
    view: (id) => {
      element.setAttribute("payment", id);
      element.setAttribute("visible", "true");
    },
  });
}

/**
 * payout-details as a platform uses it: its own list of the account's payouts, each with a
 * "View" button that names the payout and shows the details. payout-details has no
 * `visible`: naming a payout shows it, and `close` takes the name away.
 */
function payoutDetails(element: HTMLElement): HTMLElement[] {
  element.addEventListener("close", () => element.removeAttribute("payout"));
  return detailsControls(element, {
    name: "payout-details",
    inlineLabel: "Show the payout in the page",
    className: "payouts",
    label: "Payouts to the bank",
    key: "payout",
    items: config.payouts ?? [],
    view: (id) => element.setAttribute("payout", id),
  });
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

/** A labelled control of the reporting chart's toolbar. */
function labelled(id: string, text: string, control: HTMLInputElement | HTMLSelectElement) {
  control.id = id;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = text;
  const wrap = document.createElement("span");
  wrap.append(label, " ", control);
  return wrap;
}

function choice(name: string, options: [string, string][]) {
  const select = document.createElement("select");
  select.name = name;
  for (const [value, text] of options) select.add(new Option(text, value));
  return select;
}

/**
 * reporting-chart as a platform's home page uses it: the report and the interval type as
 * attributes, the period as the setters (`setIntervalStart`, `setIntervalEnd`; empty: the
 * bounds of the data); a value the element refuses is said (`inputerror`).
 */
function reportingChart(element: HTMLElement): HTMLElement[] {
  const chart = element as HTMLElement & {
    setIntervalStart(value: Date | undefined): void;
    setIntervalEnd(value: Date | undefined): void;
  };
  element.setAttribute("report-name", "gross_volume");
  const report = choice("report-name", [
    ["gross_volume", "Gross volume"],
    ["net_volume", "Net volume"],
  ]);
  report.addEventListener("change", () => element.setAttribute("report-name", report.value));
  const interval = choice("interval-type", [
    ["", "Automatic"],
    ["day", "Day"],
    ["week", "Week"],
    ["month", "Month"],
  ]);
  interval.addEventListener("change", () => {
    if (interval.value) element.setAttribute("interval-type", interval.value);
    else element.removeAttribute("interval-type");
  });
  const date = (name: string, set: (value: Date | undefined) => void) => {
    const input = document.createElement("input");
    input.type = "date";
    input.name = name;
    input.addEventListener("change", () =>
      set(input.value ? new Date(`${input.value}T00:00:00`) : undefined),
    );
    return input;
  };
  const refused = document.createElement("output");
  refused.setAttribute("name", "reporting-chart-input-error");
  element.addEventListener("inputerror", (event) => {
    refused.value = (event as CustomEvent<{ message: string }>).detail.message;
  });
  const controls = document.createElement("p");
  controls.className = "chart-controls";
  controls.append(
    labelled("reporting-chart-report", "Report", report),
    labelled("reporting-chart-interval", "Interval", interval),
    labelled(
      "reporting-chart-from",
      "From",
      date("from", (d) => chart.setIntervalStart(d)),
    ),
    labelled(
      "reporting-chart-to",
      "To",
      date("to", (d) => chart.setIntervalEnd(d)),
    ),
  );
  return [controls, refused, element];
}

/** earnings-chart (internal) as a wide banner of the home page: 2.5 times as wide as high. */
function earningsChart(element: HTMLElement): HTMLElement[] {
  element.setAttribute("chart-aspect-ratio", "2.5");
  return [element];
}

/** balances with instant payouts offered (the session's features decide the rest). */
function balances(element: HTMLElement): HTMLElement[] {
  element.setAttribute("instant-payouts", "true");
  return [element];
}

/**
 * The instant payouts promotion and the deprecated instant payouts view: what their events
 * say, as a platform's listener hears them (whether the promotion is shown; each payout made).
 */
function instantPayoutEvents(element: HTMLElement): HTMLElement[] {
  const heard = document.createElement("output");
  heard.setAttribute("name", "instant-payout-events");
  const say = (text: string) => {
    heard.value = heard.value ? `${heard.value}; ${text}` : text;
  };
  element.addEventListener("oninstantpayoutspromotionloaded", (event) => {
    const { promotionShown } = (event as CustomEvent<{ promotionShown: boolean }>).detail;
    say(`Promotion shown: ${promotionShown ? "yes" : "no"}`);
  });
  element.addEventListener("instantpayoutcreated", (event) => {
    say(`Instant payout created: ${(event as CustomEvent<{ payoutId: string }>).detail.payoutId}`);
  });
  return [element, heard];
}

/**
 * notification-banner as a platform places it: at the top of its dashboard, collecting what
 * is currently due (and the future requirements), with the counts it reports each time.
 */
function notificationBanner(element: HTMLElement): HTMLElement[] {
  const banner = element as HTMLElement & {
    setCollectionOptions?(options: unknown): void;
  };
  banner.setCollectionOptions?.({ fields: "currently_due", future_requirements: "omit" });
  const count = document.createElement("output");
  count.setAttribute("name", "notifications");
  element.addEventListener("onnotificationschange", (event) => {
    const { total, actionRequired } = (
      event as CustomEvent<{ total: number; actionRequired: number }>
    ).detail;
    count.value = `Notifications: ${total}, action required: ${actionRequired}`;
  });
  return [element, count];
}

/**
 * account-onboarding as a platform places it for an account still owing information: its
 * own terms and privacy pages, what is currently due (and not the future requirements), and
 * what the flow says through its setters (the step shown; the person leaving it).
 */
function accountOnboarding(element: HTMLElement): HTMLElement[] {
  const onboarding = element as HTMLElement & {
    setCollectionOptions?(options: unknown): void;
    setOnExit?(listener: () => void): void;
    setOnStepChange?(listener: (detail: { step: string }) => void): void;
  };
  element.setAttribute("full-terms-of-service-url", `${location.origin}/legal/terms`);
  element.setAttribute("privacy-policy-url", `${location.origin}/legal/privacy`);
  onboarding.setCollectionOptions?.({ fields: "currently_due", future_requirements: "omit" });
  const said = document.createElement("output");
  said.setAttribute("name", "onboarding");
  const say = (text: string) => {
    said.value = said.value ? `${said.value}; ${text}` : text;
  };
  onboarding.setOnStepChange?.(({ step }) => say(`Step: ${step}`));
  onboarding.setOnExit?.(() => say("Exited"));
  if (!config.platformTerms) return [element, said];
  // The platform collects this account's terms itself: the flow has no terms step.
  element.setAttribute("skip-terms-of-service-collection", "true");
  return [platformTermsForm(config.platformTerms.accepted), element, said];
}

/**
 * The platform's own terms of service, for an account whose terms it collects: a link to
 * them, a checkbox and a button; the backend records the acceptance on the connected account
 * (`POST /api/terms_acceptance`). Once accepted, it says when.
 */
function platformTermsForm(accepted: number | null): HTMLElement {
  const form = document.createElement("form");
  form.className = "platform-terms";
  form.setAttribute("aria-labelledby", "platform-terms-heading");
  const heading = document.createElement("h3");
  heading.id = "platform-terms-heading";
  heading.textContent = "Our terms of service";
  const intro = document.createElement("p");
  const link = document.createElement("a");
  link.href = "/legal/terms";
  link.target = "_blank";
  link.textContent = "terms of service";
  intro.append("Before you take payments with us, read and accept our ", link, ".");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "platform-terms-accept";
  box.name = "accept";
  box.value = "true";
  box.required = true;
  const label = document.createElement("label");
  label.htmlFor = box.id;
  label.textContent = "I accept the terms of service";
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.textContent = "Accept the terms";
  const result = document.createElement("output");
  result.setAttribute("name", "platform-terms");
  result.setAttribute("role", "status");
  const done = (date: number) => {
    box.checked = true;
    box.disabled = true;
    submit.hidden = true;
    result.value = `Accepted on ${new Date(date * 1000).toLocaleString()}.`;
  };
  if (accepted !== null) done(accepted);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      const response = await fetch("/api/terms_acceptance", {
        method: "POST",
        credentials: "same-origin",
        body: new URLSearchParams({ accept: box.checked ? "true" : "false" }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        accepted?: number;
        error?: { message?: string };
      };
      if (response.ok && typeof body.accepted === "number") done(body.accepted);
      else
        result.value =
          body.error?.message ?? `The terms could not be accepted (${response.status}).`;
    } catch {
      result.value = "The terms could not be accepted: the platform cannot be reached.";
    } finally {
      submit.disabled = false;
    }
  });
  const row = document.createElement("p");
  row.append(box, " ", label);
  form.append(heading, intro, row, submit, result);
  return form;
}

/**
 * account-management as a platform places it on its account settings page: everything the
 * provider will ask for marked where it is needed (eventually due, and future requirements).
 */
function accountManagement(element: HTMLElement): HTMLElement[] {
  const management = element as HTMLElement & {
    setCollectionOptions?(options: unknown): void;
  };
  management.setCollectionOptions?.({ fields: "eventually_due", future_requirements: "include" });
  return [element];
}

/**
 * account-management-form (internal) as the platform's own settings page would use it: the
 * public support details only, and what its close event says.
 */
function accountManagementForm(element: HTMLElement): HTMLElement[] {
  const form = element as HTMLElement & { setSectionView?(view: unknown): void };
  form.setSectionView?.({ section: "support" });
  const said = document.createElement("output");
  said.setAttribute("name", "account-management-form");
  element.addEventListener("accountmanagementformclose", () => {
    said.value = said.value ? `${said.value}; Closed` : "Closed";
  });
  return [element, said];
}

/** payout-reconciliation-report, and whether the period it shows had payouts (its event). */
function payoutReconciliationReport(element: HTMLElement): HTMLElement[] {
  const said = document.createElement("output");
  said.setAttribute("name", "report-availability");
  element.addEventListener("onreportavailabilityloaded", (event) => {
    const { available } = (event as CustomEvent<{ available: boolean }>).detail;
    said.value = available ? "Report available" : "No report for this period";
  });
  return [element, said];
}

/**
 * A mobile entry point as the platform's app opens it (docs/mobile.md), with the attributes
 * the app passes, and what its events say (the task's outcome; the person leaving).
 */
function entryPoint(attributes: Record<string, string>, events: readonly string[]) {
  return (element: HTMLElement): HTMLElement[] => {
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    const said = document.createElement("output");
    said.setAttribute("name", `${element.localName}-events`);
    for (const name of [...events, "exit"])
      element.addEventListener(name, (event) => {
        const text = `${name} ${JSON.stringify((event as CustomEvent).detail)}`;
        said.value = said.value ? `${said.value}; ${text}` : text;
      });
    return [element, said];
  };
}

/**
 * debug-hosted-dashboard-preview with the platform's branding, as its settings page would pass
 * it: its name and its icon (served by the platform itself).
 */
function hostedDashboardPreview(element: HTMLElement): HTMLElement[] {
  element.setAttribute("display-name", "Cloudberry");
  element.setAttribute("icon", new URL("/brand-icon.svg", location.href).href);
  return [element];
}

/** payment-method-settings for the configuration the platform's backend read (its default). */
function paymentMethodSettings(element: HTMLElement): HTMLElement[] {
  if (config.paymentMethodConfiguration)
    element.setAttribute("payment-method-configuration", config.paymentMethodConfiguration);
  return [element];
}

/** What a real platform puts around each component that needs more than the element. */
const sections: Record<string, (element: HTMLElement) => HTMLElement[]> = {
  "payment-details": paymentDetails,
  "payment-disputes": paymentDisputes,
  "reporting-chart": reportingChart,
  "earnings-chart": earningsChart,
  balances,
  "instant-payouts-promotion": instantPayoutEvents,
  "instant-payouts": instantPayoutEvents,
  "notification-banner": notificationBanner,
  "account-onboarding": accountOnboarding,
  "account-management": accountManagement,
  "account-management-form": accountManagementForm,
  "payment-method-settings": paymentMethodSettings,
  "payout-details": payoutDetails,
  "payout-reconciliation-report": payoutReconciliationReport,
  "debug-hosted-dashboard-preview": hostedDashboardPreview,
  "entry-point-create-payout": entryPoint({ "payout-purpose": "Weekly earnings" }, [
    "payoutcreated",
  ]),
  "entry-point-add-funds": entryPoint({ "selected-currency": "usd" }, ["fundsadded"]),
  "entry-point-edit-payout-schedule": entryPoint({}, ["payoutschedulechanged"]),
  "entry-point-edit-payout-destination": entryPoint({}, ["payoutdestinationchanged"]),
};

const list = document.getElementById("components")!;
for (const name of config.components) {
  const section = document.createElement("section");
  section.setAttribute("aria-label", name);
  const heading = document.createElement("h2");
  heading.textContent = name;
  const element = instance.create(tagName(name));
  const parts = sections[name]?.(element) ?? [element];
  section.append(heading, ...parts);
  list.append(section);
}

colour.addEventListener("change", () => {
  touched.colour = true;
  instance.update({ appearance: appearance() });
});
dark.addEventListener("change", () => {
  touched.dark = true;
  instance.update({ appearance: appearance() });
});
applyAppearance.addEventListener("click", () => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(appearanceCode.value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    say("That is not an appearance object: paste the JSON the UI config tool exports.");
    return;
  }
  sessionStorage.setItem(storedAppearanceKey, JSON.stringify(parsed));
  location.reload();
});
defaultAppearance.addEventListener("click", () => {
  sessionStorage.removeItem(storedAppearanceKey);
  location.reload();
});
locale.addEventListener("change", () => instance.update({ locale: locale.value }));

logout.addEventListener("click", async () => {
  logout.disabled = true;
  try {
    await instance.logout();
    // Then the platform's own session ends too, as a real platform's logout would; the
    // webhook panel stops polling first (its call would be a 401 once signed out).
    clearInterval(webhookPoll);
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
const webhookPoll = setInterval(() => void showWebhookEvents().catch(() => undefined), 2_000);
