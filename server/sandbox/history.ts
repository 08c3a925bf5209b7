/**
 * Months of history for the main demo account: payments (several card brands, a few
 * declines and uncaptured ones, named customers), refunds (full and partial), disputes in
 * every state, daily then weekly automatic payouts and a few instant ones.
 *
 * `planHistory` is deterministic (a seeded PRNG): it draws what the account's customers and
 * the account would have tried, in time order, and runs each attempt through an in-memory
 * model of the money core's rules (`HistoryModel`: the same fees, dates and funds checks,
 * importing the money core's constants). An attempt the API would refuse (funds short, a
 * disputed charge refunded, ...) is dropped, as the API would write nothing. The result is
 * the list of calls that succeeded (`events`, which a test replays through the real API to
 * check the rows match) and the rows they wrote, which `writeHistory` inserts with
 * multi-row inserts in one transaction (the ledger's `writeEntries` keeps its daily summary).
 */
import type { Kysely, Transaction } from "kysely";
import type { DisputeReason, DisputeStatus } from "../../protocol/objects/dispute.schema.ts";
import type { Weekday } from "../../protocol/objects/payout-schedule.schema.ts";
import { payoutDestination } from "../accounts/destination.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../http/secrets.ts";
import type { Acting } from "../money/access.ts";
import { disputeResponseDays } from "../money/disputes.ts";
import {
  DAY,
  instantPayoutDailyLimit,
  type LedgerEntry,
  lockAccount,
  startOfDay,
  writeEntries,
} from "../money/ledger.ts";
import {
  cardFee,
  disputeFee,
  instantPayoutFee,
  testPaymentMethods,
} from "../money/payment-methods.ts";
import { chargebackStatuses, paymentStatusOf } from "../money/payment-status.ts";
import { instantArrivalSeconds, isPayoutDay, standardArrivalDays } from "../money/payouts.ts";
import { defaultDelayDays } from "../money/schedule.ts";

export interface HistoryOptions {
  /** The end of the history (the seed's now), Unix seconds. */
  now: number;
  /** Days of history before the day of `now`. */
  days: number;
  /** Payment attempts (declined ones included). */
  payments: number;
  /** The PRNG seed. */
  seed: number;
  currency?: string;
  /**
   * Whether the account has a payout destination (a default external account for the
   * currency; default true). Without one the API makes no payout, automatic or instant.
   */
  canPayOut?: boolean;
}

/** The first day of a history of `days` days ending on the day of `now`. */
export const historyStart = (now: number, days: number) => startOfDay(now) - days * DAY;

export const fullHistory = { days: 182, payments: 5_400, seed: 20_260_101 } as const;

// ---------------------------------------------------------------------------------------
// The calls, as a platform would make them
// ---------------------------------------------------------------------------------------

export type EvidenceFields = Record<string, string>;

export type HistoryEvent =
  | {
      kind: "charge";
      at: number;
      key: string;
      amount: number;
      paymentMethod: string;
      capture: boolean;
      customer: { name: string; email: string };
      description: string;
      /** The platform's order number, for the payments list's metadata filter. */
      metadata: Record<string, string>;
    }
  | { kind: "refund"; at: number; charge: string; amount: number; reason: RefundReason }
  | {
      kind: "dispute";
      at: number;
      key: string;
      charge: string;
      status: "warning_needs_response" | "needs_response";
      reason: DisputeReason;
    }
  | { kind: "escalate"; at: number; dispute: string }
  | { kind: "submit"; at: number; dispute: string; evidence: EvidenceFields }
  | { kind: "resolve"; at: number; dispute: string; outcome: "won" | "lost" }
  | { kind: "close"; at: number; dispute: string }
  | { kind: "instant_payout"; at: number; amount: number }
  | { kind: "schedule"; at: number; interval: "weekly"; weeklyAnchor: "friday" }
  /** The payout schedule's run at a day's start (the sandbox clock does the same). */
  | { kind: "automatic"; at: number };

type RefundReason = "requested_by_customer" | "duplicate" | "fraudulent";

/** What is tried; amounts that depend on the balance are settled when it runs. */
type Attempt =
  | Exclude<HistoryEvent, { kind: "refund" } | { kind: "instant_payout" } | { kind: "automatic" }>
  | { kind: "refund"; at: number; charge: string; share: number | "full"; reason: RefundReason }
  | { kind: "instant_payout"; at: number; share: number };

// ---------------------------------------------------------------------------------------
// The rows, as the API writes them
// ---------------------------------------------------------------------------------------

interface ChargeState {
  key: string;
  id: string;
  amount: number;
  amountCaptured: number;
  amountRefunded: number;
  captured: boolean;
  status: "succeeded" | "failed";
  paymentMethod: string;
  customer: { name: string; email: string };
  description: string;
  metadata: Record<string, string>;
  failure: { code: string; message: string } | null;
  /** Index of its ledger entry. */
  entry: number | null;
  availableOn: number;
  created: number;
  disputed: boolean;
}

interface RefundState {
  id: string;
  charge: string;
  amount: number;
  reason: RefundReason;
  entry: number;
  created: number;
}

interface DisputeState {
  key: string;
  id: string;
  charge: string;
  amount: number;
  reason: DisputeReason;
  status: DisputeStatus;
  evidence: EvidenceFields;
  evidenceSubmittedAt: number | null;
  dueBy: number;
  withdrawal: number | null;
  reinstatement: number | null;
  closedAt: number | null;
  created: number;
}

interface PayoutState {
  id: string;
  amount: number;
  method: "standard" | "instant";
  automatic: boolean;
  description: string | null;
  entry: number;
  submittedAt: number;
  arrivalDate: number;
  created: number;
}

interface Schedule {
  interval: "daily" | "weekly";
  weekly_anchor: Weekday | null;
  monthly_anchor: null;
  updated: number | null;
}

/**
 * One account's money, in memory, under the money core's rules: charges.routes.ts,
 * disputes.ts, payouts.ts and ledger.ts (one currency).
 */
export class HistoryModel {
  readonly entries: Omit<LedgerEntry, "platformId" | "accountId" | "livemode">[] = [];
  readonly charges = new Map<string, ChargeState>();
  readonly refunds: RefundState[] = [];
  readonly disputes = new Map<string, DisputeState>();
  readonly payouts: PayoutState[] = [];
  schedule: Schedule = {
    interval: "daily",
    weekly_anchor: null,
    monthly_anchor: null,
    updated: null,
  };
  /** Net per available_on moment, for the funds checks. */
  private readonly byMoment = new Map<number, number>();

  constructor(
    readonly currency: string,
    readonly canPayOut = true,
  ) {}

  private write(entry: Omit<LedgerEntry, "platformId" | "accountId" | "livemode" | "currency">) {
    this.entries.push({ ...entry, currency: this.currency });
    const net = entry.amount - entry.fee;
    this.byMoment.set(entry.availableOn, (this.byMoment.get(entry.availableOn) ?? 0) + net);
    return this.entries.length - 1;
  }

  /** ledger.ts `summarize` for one currency: available, pending and the lowest ahead. */
  summary(now: number) {
    let available = 0;
    let pending = 0;
    let lowestAhead = 0;
    for (const moment of [...this.byMoment.keys()].sort((a, b) => a - b)) {
      const net = this.byMoment.get(moment)!;
      if (moment <= now) {
        available += net;
        lowestAhead = available;
      } else {
        pending += net;
        lowestAhead = Math.min(lowestAhead, available + pending);
      }
    }
    return { available, pending, lowestAhead };
  }

  private hasFunds(amount: number, from: number) {
    return amount <= this.summary(from).lowestAhead;
  }

  charge(e: Extract<HistoryEvent, { kind: "charge" }>): boolean {
    const method = testPaymentMethods[e.paymentMethod]!;
    const failed = method.decline !== undefined;
    const captured = !failed && e.capture;
    const id = newId("ch");
    const availableOn = startOfDay(e.at) + defaultDelayDays * DAY;
    const entry = captured
      ? this.write({
          amount: e.amount,
          fee: cardFee(e.amount),
          type: "charge",
          reportingCategory: "charge",
          source: id,
          description: e.description,
          availableOn,
          created: e.at,
        })
      : null;
    this.charges.set(e.key, {
      key: e.key,
      id,
      amount: e.amount,
      amountCaptured: captured ? e.amount : 0,
      amountRefunded: 0,
      captured,
      status: failed ? "failed" : "succeeded",
      paymentMethod: e.paymentMethod,
      customer: e.customer,
      description: e.description,
      metadata: e.metadata,
      failure: method.decline ?? null,
      entry,
      availableOn,
      created: e.at,
      disputed: false,
    });
    return true;
  }

  /** The amount a refund attempt would take, or null when the API would refuse it. */
  refundAmount(a: Extract<Attempt, { kind: "refund" }>): number | null {
    const charge = this.charges.get(a.charge);
    if (!charge?.captured) return null;
    const dispute = [...this.disputes.values()].find((d) => d.charge === a.charge);
    if (dispute && !dispute.status.startsWith("warning_")) return null;
    const remaining = charge.amountCaptured - charge.amountRefunded;
    if (remaining === 0) return null;
    const amount =
      a.share === "full" ? remaining : Math.max(1, Math.round(charge.amountCaptured * a.share));
    return amount <= remaining ? amount : null;
  }

  refund(e: Extract<HistoryEvent, { kind: "refund" }>): boolean {
    const charge = this.charges.get(e.charge)!;
    const fee = cardFee(charge.amountCaptured);
    const upTo = (refunded: number) => Math.round((fee * refunded) / charge.amountCaptured);
    const returned = upTo(charge.amountRefunded + e.amount) - upTo(charge.amountRefunded);
    const availableOn = Math.max(e.at, charge.availableOn);
    if (!this.hasFunds(e.amount - returned, availableOn)) return false;
    const id = newId("re");
    const entry = this.write({
      amount: -e.amount,
      fee: -returned,
      type: "refund",
      reportingCategory: "refund",
      source: id,
      description: `REFUND FOR CHARGE (${charge.id})`,
      availableOn,
      created: e.at,
    });
    charge.amountRefunded += e.amount;
    this.refunds.push({
      id,
      charge: e.charge,
      amount: e.amount,
      reason: e.reason,
      entry,
      created: e.at,
    });
    return true;
  }

  /** disputes.ts `withdraw`: the amount and the fee, dated no earlier than the charge's funds. */
  private withdraw(dispute: { id: string }, charge: ChargeState, amount: number, at: number) {
    const availableOn = Math.max(at, charge.availableOn);
    if (!this.hasFunds(amount + disputeFee, availableOn)) return null;
    return this.write({
      amount: -amount,
      fee: disputeFee,
      type: "adjustment",
      reportingCategory: "dispute",
      source: dispute.id,
      description: `Chargeback withdrawal for ${charge.id}`,
      availableOn,
      created: at,
    });
  }

  dispute(e: Extract<HistoryEvent, { kind: "dispute" }>): boolean {
    const charge = this.charges.get(e.charge);
    if (!charge?.captured || charge.disputed) return false;
    const amount = charge.amountCaptured - charge.amountRefunded;
    if (amount === 0) return false;
    const id = newId("dp");
    let withdrawal: number | null = null;
    if (e.status === "needs_response") {
      withdrawal = this.withdraw({ id }, charge, amount, e.at);
      if (withdrawal === null) return false;
    }
    charge.disputed = true;
    this.disputes.set(e.key, {
      key: e.key,
      id,
      charge: e.charge,
      amount,
      reason: e.reason,
      status: e.status,
      evidence: {},
      evidenceSubmittedAt: null,
      dueBy: startOfDay(e.at) + (disputeResponseDays + 1) * DAY - 1,
      withdrawal,
      reinstatement: null,
      closedAt: null,
      created: e.at,
    });
    return true;
  }

  /** render.ts `disputeStatus`: unanswered past due_by reads as lost (or closed). */
  static statusAt(d: { status: DisputeStatus; dueBy: number }, now: number): DisputeStatus {
    if (now <= d.dueBy) return d.status;
    if (d.status === "needs_response") return "lost";
    if (d.status === "warning_needs_response") return "warning_closed";
    return d.status;
  }

  escalate(e: Extract<HistoryEvent, { kind: "escalate" }>): boolean {
    const d = this.disputes.get(e.dispute);
    if (!d || HistoryModel.statusAt(d, e.at) !== "warning_needs_response") return false;
    const charge = this.charges.get(d.charge)!;
    const amount = Math.min(d.amount, charge.amountCaptured - charge.amountRefunded);
    if (amount === 0) return false;
    const withdrawal = this.withdraw(d, charge, amount, e.at);
    if (withdrawal === null) return false;
    Object.assign(d, { status: "needs_response", amount, withdrawal });
    return true;
  }

  submit(e: Extract<HistoryEvent, { kind: "submit" }>): boolean {
    const d = this.disputes.get(e.dispute);
    if (!d || HistoryModel.statusAt(d, e.at) !== "needs_response") return false;
    Object.assign(d, {
      status: "under_review",
      evidence: { ...d.evidence, ...e.evidence },
      evidenceSubmittedAt: e.at,
    });
    return true;
  }

  resolve(e: Extract<HistoryEvent, { kind: "resolve" }>): boolean {
    const d = this.disputes.get(e.dispute);
    if (!d || HistoryModel.statusAt(d, e.at) !== "under_review") return false;
    if (e.outcome === "won") {
      d.reinstatement = this.write({
        amount: d.amount,
        fee: 0,
        type: "adjustment",
        reportingCategory: "dispute_reversal",
        source: d.id,
        description: `Chargeback reversal for ${this.charges.get(d.charge)!.id}`,
        availableOn: e.at,
        created: e.at,
      });
    }
    d.status = e.outcome;
    d.closedAt = e.at;
    return true;
  }

  close(e: Extract<HistoryEvent, { kind: "close" }>): boolean {
    const d = this.disputes.get(e.dispute);
    if (!d) return false;
    const status = HistoryModel.statusAt(d, e.at);
    if (status !== "needs_response" && status !== "warning_needs_response") return false;
    d.status = d.status === "needs_response" ? "lost" : "warning_closed";
    d.closedAt = e.at;
    return true;
  }

  /** ledger.ts `balanceOf`'s instant_available at `at`. */
  instantAvailable(at: number): number {
    const used = this.payouts
      .filter((p) => p.method === "instant" && p.created > at - DAY)
      .reduce((sum, p) => sum + p.amount + instantPayoutFee(p.amount), 0);
    return Math.max(0, Math.min(this.summary(at).lowestAhead, instantPayoutDailyLimit - used));
  }

  /** payouts.ts `createPayout`. */
  private payout(amount: number, method: "standard" | "instant", automatic: boolean, at: number) {
    const instant = method === "instant";
    const fee = instant ? instantPayoutFee(amount) : 0;
    const id = newId("po");
    const description = automatic ? "Automatic payout" : null;
    const entry = this.write({
      amount: -amount,
      fee,
      type: "payout",
      reportingCategory: "payout",
      source: id,
      description,
      availableOn: at,
      created: at,
    });
    this.payouts.push({
      id,
      amount,
      method,
      automatic,
      description,
      entry,
      submittedAt: instant ? at : startOfDay(at) + DAY,
      arrivalDate: instant
        ? at + instantArrivalSeconds
        : startOfDay(at) + standardArrivalDays * DAY,
      created: at,
    });
  }

  instantPayout(e: Extract<HistoryEvent, { kind: "instant_payout" }>): boolean {
    if (!this.canPayOut) return false;
    if (e.amount + instantPayoutFee(e.amount) > this.instantAvailable(e.at)) return false;
    this.payout(e.amount, "instant", false, e.at);
    return true;
  }

  /** payouts.ts `runAutomaticPayouts` at `at`: true when it made a payout. */
  automatic(at: number): boolean {
    if (!isPayoutDay(this.schedule, at)) return false;
    if (this.payouts.some((p) => p.automatic && p.created >= startOfDay(at))) return false;
    const { lowestAhead } = this.summary(at);
    if (lowestAhead <= 0 || !this.canPayOut) return false;
    this.payout(lowestAhead, "standard", true, at);
    return true;
  }

  setSchedule(e: Extract<HistoryEvent, { kind: "schedule" }>): boolean {
    this.schedule = {
      interval: e.interval,
      weekly_anchor: e.weeklyAnchor,
      monthly_anchor: null,
      updated: e.at,
    };
    return true;
  }
}

// ---------------------------------------------------------------------------------------
// Drawing the attempts
// ---------------------------------------------------------------------------------------

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const firstNames = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Ines",
  "Jonas",
  "Kemi",
  "Liam",
  "Maya",
  "Noor",
  "Oscar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Umar",
  "Vera",
  "Wen",
  "Xavier",
  "Yara",
  "Zoe",
];
const lastNames = [
  "Adeyemi",
  "Baker",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Mbeki",
  "Nguyen",
  "Okafor",
  "Patel",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Varga",
  "Walsh",
  "Yilmaz",
];
const products = [
  "Sourdough loaf",
  "Croissant box",
  "Birthday cake",
  "Catering tray",
  "Cookie tin",
  "Baguette subscription",
  "Pastry class",
  "Wedding tasting",
  "Gift card",
];

/** Card tokens by share of payments (they must succeed: declines are drawn apart). */
const cardMix: readonly [string, number][] = [
  ["pm_card_visa", 0.42],
  ["pm_card_mastercard", 0.25],
  ["pm_card_amex", 0.12],
  ["pm_card_visa_debit", 0.1],
  ["pm_card_discover", 0.06],
  ["pm_card_gb", 0.05],
];

const evidence = (charge: ChargeAttempt): EvidenceFields => ({
  product_description: charge.description,
  customer_name: charge.customer.name,
  customer_email_address: charge.customer.email,
  uncategorized_text: `Receipt for ${charge.description}, paid by ${charge.customer.name}.`,
});

type ChargeAttempt = Extract<HistoryEvent, { kind: "charge" }>;

/** Uncaptured payments every seeded history has at least (the newest ones). */
export const MIN_UNCAPTURED = 3;

/** Every dispute outcome the API can reach, each placed where it can happen before `now`. */
const disputeScenarios = [
  "won",
  "lost_resolved",
  "lost_accepted",
  "lost_unanswered",
  "escalated_won",
  "inquiry_closed",
  "under_review",
  "needs_response",
  "inquiry_open",
] as const;
type Scenario = (typeof disputeScenarios)[number];

/** Scenarios that end in a state still open at `now` happen in the last days. */
const recentScenario = (s: Scenario) =>
  s === "needs_response" || s === "inquiry_open" || s === "under_review";

export interface HistoryPlan {
  start: number;
  /** The calls that succeeded, in time order (automatic payout runs included). */
  events: HistoryEvent[];
  model: HistoryModel;
}

/** Draws the attempts and runs them through the model, in time order. */
export function planHistory(options: HistoryOptions): HistoryPlan {
  const random = prng(options.seed);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const { now, days } = options;
  const today = startOfDay(now);
  const start = historyStart(now, days);
  const attempts: Attempt[] = [];

  // Customers: a pool, some of whom come back.
  const customers = Array.from(
    { length: Math.max(20, Math.round(options.payments / 8)) },
    (_, i) => {
      const first = pick(firstNames);
      const last = pick(lastNames);
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
      };
    },
  );

  // Payments per day: growing over the months, quieter at weekends.
  const weights = Array.from({ length: days }, (_, d) => {
    const weekday = new Date((start + d * DAY) * 1000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
    return (0.6 + (0.8 * d) / days) * weekend * (0.85 + 0.3 * random());
  });
  const total = weights.reduce((s, w) => s + w, 0);
  const perDay = weights.map((w) => Math.floor((options.payments * w) / total));
  perDay[days - 1]! += options.payments - perDay.reduce((s, n) => s + n, 0);

  // The account moves from daily to weekly payouts a third of the way in.
  const scheduleChange = start + Math.floor(days / 3) * DAY + 10 * 3600 + 17;
  const weekly = (t: number) => t >= scheduleChange;
  attempts.push({
    kind: "schedule",
    at: scheduleChange,
    interval: "weekly",
    weeklyAnchor: "friday",
  });

  const charges: ChargeAttempt[] = [];
  let order = 10_000;
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    const times = Array.from({ length: perDay[d]! }, () => dayStart + between(6 * 3600, DAY - 60));
    for (const at of times.sort((a, b) => a - b)) {
      const roll = random();
      const paymentMethod =
        roll < 0.018
          ? "pm_card_chargeDeclined"
          : roll < 0.025
            ? "pm_card_chargeDeclinedInsufficientFunds"
            : pickWeighted(cardMix, random());
      const amount =
        Math.round(Math.exp(Math.log(600) + random() * (Math.log(30_000) - Math.log(600))) / 50) *
          50 -
        (random() < 0.4 ? 1 : 0);
      const charge: ChargeAttempt = {
        kind: "charge",
        at,
        key: `c${charges.length}`,
        amount,
        paymentMethod,
        // A few recent ones are authorized only.
        capture: !(d >= days - 6 && random() < 0.03),
        customer: pick(customers),
        description: `${pick(products)} (order ${order})`,
        metadata: { order_id: String(order++) },
      };
      charges.push(charge);
      attempts.push(charge);
    }
  }

  // At least three of the newest payments that succeed are authorized only, so every seeded
  // account shows capture and cancel (the draw above may leave fewer in a short history).
  // Set after the draw, so the rest of the history is unchanged.
  const succeeding = charges.filter((c) => !testPaymentMethods[c.paymentMethod]!.decline);
  const missing = MIN_UNCAPTURED - succeeding.filter((c) => !c.capture).length;
  if (missing > 0)
    for (const c of succeeding.filter((c) => c.capture).slice(-missing)) c.capture = false;

  // Disputes: every scenario at least once, more in proportion to payments.
  const disputeCount = Math.max(disputeScenarios.length, Math.round(options.payments * 0.007));
  const disputedCharges = new Set<string>();
  const eligible = charges.filter(
    (c) => c.capture && !testPaymentMethods[c.paymentMethod]!.decline,
  );
  for (let i = 0; i < disputeCount; i++) {
    const scenario = disputeScenarios[i % disputeScenarios.length]!;
    const recent = recentScenario(scenario);
    // When the cardholder disputes: recent ones in the last 5 days; the others early enough
    // to play out (about 25 days) before now. Not on a payout day in the weekly period.
    let openAt = recent
      ? now - between(3 * 3600, 5 * DAY)
      : start + between(Math.min(20, days - 1) * DAY, Math.max(21, days - 26) * DAY);
    if (openAt <= start + 2 * DAY || openAt >= now) continue;
    if (weekly(openAt) && new Date(openAt * 1000).getUTCDay() === 5) openAt += DAY;
    if (openAt >= now) continue;
    // A charge made before: days before in the weekly period; in the daily one, while its
    // funds are still pending (the daily payouts leave nothing available to withdraw).
    const candidates = eligible.filter(
      (c) =>
        !disputedCharges.has(c.key) &&
        c.at < openAt - 3600 &&
        c.at > openAt - (weekly(openAt) ? 40 * DAY : DAY),
    );
    if (candidates.length === 0) continue;
    const charge = pick(candidates);
    disputedCharges.add(charge.key);
    const key = `d${i}`;
    const inquiry = scenario === "escalated_won" || scenario.startsWith("inquiry");
    const reason: DisputeReason = inquiry
      ? "general"
      : pick(["fraudulent", "product_not_received", "duplicate"] as const);
    attempts.push({
      kind: "dispute",
      at: openAt,
      key,
      charge: charge.key,
      status: inquiry ? "warning_needs_response" : "needs_response",
      reason,
    });
    let at = openAt;
    const later = (lo: number, hi: number) => {
      at += between(lo, hi);
      return at;
    };
    switch (scenario) {
      case "won":
      case "lost_resolved":
        attempts.push({
          kind: "submit",
          at: later(DAY, 4 * DAY),
          dispute: key,
          evidence: evidence(charge),
        });
        attempts.push({
          kind: "resolve",
          at: later(7 * DAY, 15 * DAY),
          dispute: key,
          outcome: scenario === "won" ? "won" : "lost",
        });
        break;
      case "escalated_won":
        attempts.push({ kind: "escalate", at: later(DAY, 3 * DAY), dispute: key });
        attempts.push({
          kind: "submit",
          at: later(DAY, 3 * DAY),
          dispute: key,
          evidence: evidence(charge),
        });
        attempts.push({
          kind: "resolve",
          at: later(7 * DAY, 12 * DAY),
          dispute: key,
          outcome: "won",
        });
        break;
      case "lost_accepted":
      case "inquiry_closed":
        attempts.push({ kind: "close", at: later(3600, 3 * DAY), dispute: key });
        break;
      case "under_review":
        attempts.push({
          kind: "submit",
          at: Math.min(now - 60, later(3600, DAY)),
          dispute: key,
          evidence: evidence(charge),
        });
        break;
      default: // lost_unanswered, needs_response, inquiry_open: nothing is done
    }
  }

  // Refunds: about 4 % of payments, full or partial, some twice; never of a disputed charge.
  for (const c of eligible) {
    if (disputedCharges.has(c.key) || random() >= 0.04) continue;
    // In the daily period only while the funds are pending (see disputes above).
    const delay = weekly(c.at) ? between(3600, 12 * DAY) : between(600, 20 * 3600);
    const at = c.at + delay;
    if (at >= now) continue;
    const partial = random() < 0.35;
    const reason: RefundReason =
      random() < 0.8 ? "requested_by_customer" : random() < 0.5 ? "duplicate" : "fraudulent";
    attempts.push({
      kind: "refund",
      at,
      charge: c.key,
      share: partial ? 0.1 + Math.round(random() * 50) / 100 : "full",
      reason,
    });
    if (partial && random() < 0.3 && at + DAY < now) {
      attempts.push({
        kind: "refund",
        at: at + between(3600, DAY),
        charge: c.key,
        share: "full",
        reason,
      });
    }
  }

  // A few instant payouts, mid-week in the weekly period.
  for (let t = startOfDay(scheduleChange) + DAY; t < today; t += DAY) {
    const weekday = new Date(t * 1000).getUTCDay();
    if ((weekday === 3 || weekday === 4) && random() < 0.35) {
      attempts.push({
        kind: "instant_payout",
        at: t + between(9 * 3600, 20 * 3600),
        share: 0.3 + random() * 0.4,
      });
    }
  }

  // Run them in time order, with the schedule's run at each day's start.
  attempts.sort((a, b) => a.at - b.at);
  const model = new HistoryModel(options.currency ?? "usd", options.canPayOut ?? true);
  const events: HistoryEvent[] = [];
  let next = 0;
  for (let day = start; day <= today; day += DAY) {
    if (day <= now && model.automatic(day)) events.push({ kind: "automatic", at: day });
    while (next < attempts.length && attempts[next]!.at < day + DAY) {
      const attempt = attempts[next++]!;
      if (attempt.at >= now) continue;
      const event = settle(model, attempt);
      if (event && apply(model, event)) events.push(event);
    }
  }
  return { start, events, model };
}

function pickWeighted(list: readonly [string, number][], roll: number): string {
  let acc = 0;
  for (const [value, weight] of list) {
    acc += weight;
    if (roll < acc) return value;
  }
  return list[list.length - 1]![0];
}

/** The call an attempt becomes, with its amount settled; null if the API would refuse it. */
function settle(model: HistoryModel, attempt: Attempt): HistoryEvent | null {
  if (attempt.kind === "refund") {
    const amount = model.refundAmount(attempt);
    return amount === null
      ? null
      : { kind: "refund", at: attempt.at, charge: attempt.charge, amount, reason: attempt.reason };
  }
  if (attempt.kind === "instant_payout") {
    const available = model.instantAvailable(attempt.at);
    // The largest amount whose fee still fits, times the share.
    const amount =
      Math.floor((Math.min(available - 50, (available * 100) / 101) * attempt.share) / 100) * 100;
    return amount < 1_000 ? null : { kind: "instant_payout", at: attempt.at, amount };
  }
  return attempt;
}

function apply(model: HistoryModel, event: HistoryEvent): boolean {
  switch (event.kind) {
    case "charge":
      return model.charge(event);
    case "refund":
      return model.refund(event);
    case "dispute":
      return model.dispute(event);
    case "escalate":
      return model.escalate(event);
    case "submit":
      return model.submit(event);
    case "resolve":
      return model.resolve(event);
    case "close":
      return model.close(event);
    case "instant_payout":
      return model.instantPayout(event);
    case "schedule":
      return model.setSchedule(event);
    case "automatic":
      return model.automatic(event.at);
  }
}

// ---------------------------------------------------------------------------------------
// Writing the rows
// ---------------------------------------------------------------------------------------

const chunked = <T>(rows: readonly T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/**
 * Inserts the model's rows for `acting`'s account in one transaction, with multi-row
 * inserts: the ledger (through `writeEntries`, which keeps the daily summary), then the
 * charges, refunds, disputes and payouts that point at it, and the payout schedule.
 */
export async function writeHistory(
  db: Kysely<Database>,
  acting: Acting,
  model: HistoryModel,
): Promise<void> {
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    await lockAccount(trx, acting.accountId);
    const ids = await writeEntries(
      trx,
      model.entries.map((e) => ({ ...e, ...acting })),
    );
    const entryId = (i: number | null) => (i === null ? null : ids[i]!);
    const base = { account_id: acting.accountId, livemode: acting.livemode };
    // Payouts go to the account's default external account for the currency.
    const first = model.payouts[0];
    const destination = first
      ? await payoutDestination(trx, acting.accountId, model.currency, first.created)
      : null;
    if (first && destination === null) {
      throw new Error(`account ${acting.accountId} has no payout destination for its history`);
    }
    if (destination?.payoutFailureCode) {
      throw new Error(`the history does not model failed payouts (${destination.id})`);
    }
    const charges = [...model.charges.values()];
    const chargeId = new Map(charges.map((c) => [c.key, c.id]));
    const chargebacks = new Set(
      [...model.disputes.values()]
        .filter((d) => (chargebackStatuses as readonly string[]).includes(d.status))
        .map((d) => d.charge),
    );
    for (const rows of chunked(charges)) {
      await trx
        .insertInto("charges")
        .values(
          rows.map((c) => ({
            ...base,
            id: c.id,
            platform_id: acting.platformId,
            amount: c.amount,
            amount_captured: c.amountCaptured,
            amount_refunded: c.amountRefunded,
            currency: model.currency,
            captured: c.captured,
            status: c.status,
            customer_email: c.customer.email,
            customer_name: c.customer.name,
            payment_method: c.paymentMethod,
            payment_method_details: JSON.stringify({
              type: "card",
              card: testPaymentMethods[c.paymentMethod]!.card,
            }),
            description: c.description,
            metadata: JSON.stringify(c.metadata),
            failure_code: c.failure?.code ?? null,
            failure_message: c.failure?.message ?? null,
            balance_transaction: entryId(c.entry),
            payment_status: paymentStatusOf(
              {
                status: c.status,
                captured: c.captured,
                amount_captured: c.amountCaptured,
                amount_refunded: c.amountRefunded,
                canceled_at: null,
              },
              chargebacks.has(c.key),
            ),
            captured_at: c.captured ? c.created : null,
            canceled_at: null,
            created: c.created,
          })),
        )
        .execute();
    }
    for (const rows of chunked(model.refunds)) {
      await trx
        .insertInto("refunds")
        .values(
          rows.map((r) => ({
            ...base,
            id: r.id,
            charge: chargeId.get(r.charge)!,
            amount: r.amount,
            currency: model.currency,
            reason: r.reason,
            status: "succeeded" as const,
            metadata: "{}",
            balance_transaction: entryId(r.entry)!,
            created: r.created,
          })),
        )
        .execute();
    }
    for (const rows of chunked([...model.disputes.values()])) {
      await trx
        .insertInto("disputes")
        .values(
          rows.map((d) => ({
            ...base,
            id: d.id,
            charge: chargeId.get(d.charge)!,
            amount: d.amount,
            currency: model.currency,
            reason: d.reason,
            status: d.status,
            evidence: JSON.stringify(d.evidence),
            evidence_submitted_at: d.evidenceSubmittedAt,
            due_by: d.dueBy,
            withdrawal: entryId(d.withdrawal),
            reinstatement: entryId(d.reinstatement),
            metadata: "{}",
            closed_at: d.closedAt,
            created: d.created,
          })),
        )
        .execute();
    }
    for (const rows of chunked(model.payouts)) {
      await trx
        .insertInto("payouts")
        .values(
          rows.map((p) => ({
            ...base,
            id: p.id,
            amount: p.amount,
            currency: model.currency,
            method: p.method,
            automatic: p.automatic,
            destination: destination?.id ?? null,
            description: p.description,
            statement_descriptor: null,
            metadata: "{}",
            balance_transaction: entryId(p.entry)!,
            reversal: null,
            submitted_at: p.submittedAt,
            arrival_date: p.arrivalDate,
            canceled_at: null,
            created: p.created,
          })),
        )
        .execute();
    }
    const { schedule } = model;
    if (schedule.updated !== null) {
      await trx
        .insertInto("payout_schedules")
        .values({
          account_id: acting.accountId,
          interval: schedule.interval,
          delay_days: defaultDelayDays,
          weekly_anchor: schedule.weekly_anchor,
          monthly_anchor: null,
          updated: schedule.updated,
        })
        .execute();
    }
  });
}
