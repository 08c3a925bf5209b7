/**
 * The sandbox from a platform's test: its clock and the events a test makes happen — a
 * dispute, a failed payout, an identity verification's outcome — through the provider's
 * sandbox API (test helpers and the sandbox's magic values, server/README.md), with the
 * platform's secret key. It runs in the test's process (Node), never in a page.
 */
import { type Dispute, disputeSchema } from "../../protocol/objects/dispute.schema.ts";
import {
  type Payout,
  type payoutFailureCodes,
  payoutSchema,
} from "../../protocol/objects/payout.schema.ts";
import { type Person, personSchema } from "../../protocol/objects/person.schema.ts";
import {
  type SandboxClock,
  sandboxClockAdvanceSchema,
  sandboxClockSchema,
} from "../../protocol/objects/sandbox.schema.ts";
import { provider } from "../../protocol/provider.ts";

/** What the sandbox command prints (its JSON line), or the part of it a client needs. */
export interface SandboxKeys {
  secretKey: string;
  hosts: { api: string };
  mainAccountId?: string;
}

/** The provider's answer to a refused call: its status and error object. */
export class SandboxApiError extends Error {
  override name = "SandboxApiError";
  constructor(
    readonly status: number,
    readonly error: { type?: string; code?: string; message?: string; param?: string },
    path: string,
  ) {
    super(`${path}: ${status} ${error.code ?? error.type ?? ""} ${error.message ?? ""}`.trim());
  }
}

/** Why the sandbox bank returns a payout. */
export type PayoutFailure = (typeof payoutFailureCodes)[number];

/** Dates of birth that decide the sandbox's identity check. */
const verificationDob = {
  verified: { day: 1, month: 1, year: 1901 },
  failed: { day: 1, month: 1, year: 1900 },
} as const;

const DAY = 86_400;

/** `{a: {b: 1}}` → `a[b]=1`, the API's form encoding. */
function formBody(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  const walk = (value: unknown, path: string) => {
    if (value === undefined) return;
    if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        walk(child, path ? `${path}[${key}]` : key);
      }
    } else out.append(path, String(value));
  };
  walk(params, "");
  return out;
}

export type ClockAdvance = SandboxClock & { automatic_payouts: number; disputes_decided: number };

export class SandboxClient {
  readonly apiUrl: string;
  readonly secretKey: string;
  /** The account calls act for when none is given (the seeded main account). */
  readonly defaultAccount: string | undefined;

  constructor(options: { apiUrl: string; secretKey: string; account?: string }) {
    this.apiUrl = options.apiUrl.replace(/\/$/, "");
    this.secretKey = options.secretKey;
    this.defaultAccount = options.account;
  }

  /** A client from the sandbox command's JSON line. */
  static fromSandbox(sandbox: SandboxKeys): SandboxClient {
    return new SandboxClient({
      apiUrl: sandbox.hosts.api,
      secretKey: sandbox.secretKey,
      ...(sandbox.mainAccountId ? { account: sandbox.mainAccountId } : {}),
    });
  }

  private account(account: string | undefined): string {
    const id = account ?? this.defaultAccount;
    if (!id) throw new Error("Name the connected account (no default account was given).");
    return id;
  }

  /** One API call with the secret key; `account` adds the account header. Throws on refusal. */
  async request(
    method: "GET" | "POST",
    path: string,
    options: { params?: Record<string, unknown>; account?: string | null } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.secretKey}` };
    if (options.account) headers[provider.headers.account] = options.account;
    let url = `${this.apiUrl}${path}`;
    let body: string | undefined;
    if (options.params && method === "GET") {
      url += `?${formBody(options.params)}`;
    } else if (options.params) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = formBody(options.params).toString();
    }
    const response = await fetch(url, { method, headers, ...(body ? { body } : {}) });
    const answer = (await response.json()) as { error?: SandboxApiError["error"] };
    if (!response.ok) throw new SandboxApiError(response.status, answer.error ?? {}, path);
    return answer;
  }

  // -- the account session a platform's backend creates ----------------------------------------

  /**
   * A client secret for `account` with these components enabled, as a platform's backend
   * creates one (`POST /v1/account_sessions`): `{ "payouts-list": {} }` or with features.
   */
  async createAccountSession(
    components: Record<string, { features?: Record<string, boolean> }>,
    account?: string,
  ): Promise<string> {
    const session = (await this.request("POST", "/v1/account_sessions", {
      params: {
        account: this.account(account),
        components: Object.fromEntries(
          Object.entries(components).map(([name, c]) => [
            name.replaceAll("-", "_"),
            { enabled: true, ...c },
          ]),
        ),
      },
    })) as { client_secret: string };
    return session.client_secret;
  }

  // -- the clock -------------------------------------------------------------------------------

  /** The platform's simulated clock. */
  async clock(): Promise<SandboxClock> {
    return sandboxClockSchema.parse(await this.request("GET", "/v1/test_helpers/clock"));
  }

  /**
   * Moves the platform's clock forward by `seconds` or to `to` (Unix seconds): the days crossed
   * run their automatic payouts, pending checks settle, disputes whose review ended are decided.
   */
  async advanceClock(
    by: { seconds: number } | { to: number } | { days: number },
  ): Promise<ClockAdvance> {
    const params = "days" in by ? { seconds: by.days * DAY } : by;
    return sandboxClockAdvanceSchema.parse(
      await this.request("POST", "/v1/test_helpers/clock/advance", { params }),
    );
  }

  // -- events ----------------------------------------------------------------------------------

  /**
   * The cardholder disputes a charge (a chargeback, or an inquiry with
   * `status: "warning_needs_response"`). Without `charge`, the account's newest undisputed
   * captured charge.
   */
  async dispute(
    options: {
      account?: string;
      charge?: string;
      reason?:
        | "fraudulent"
        | "duplicate"
        | "product_not_received"
        | "subscription_canceled"
        | "general";
      status?: "warning_needs_response" | "needs_response";
    } = {},
  ): Promise<Dispute> {
    const account = this.account(options.account);
    const charge = options.charge ?? (await this.newestUndisputedCharge(account));
    const params = {
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.status ? { status: options.status } : {}),
    };
    return disputeSchema.parse(
      await this.request("POST", `/v1/test_helpers/charges/${charge}/dispute`, { params, account }),
    );
  }

  private async newestUndisputedCharge(account: string): Promise<string> {
    let startingAfter: string | undefined;
    for (let page = 0; page < 20; page++) {
      const list = (await this.request("GET", "/v1/charges", {
        account,
        params: { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
      })) as {
        data: { id: string; status: string; captured: boolean; disputed: boolean }[];
        has_more: boolean;
      };
      // Only captured money can be disputed (an uncaptured payment is only authorised).
      const found = list.data.find((c) => c.status === "succeeded" && c.captured && !c.disputed);
      if (found) return found.id;
      if (!list.has_more || list.data.length === 0) break;
      startingAfter = list.data.at(-1)!.id;
    }
    throw new Error(`${account} has no captured charge left to dispute.`);
  }

  /**
   * A payout the bank returns (`POST /v1/test_helpers/payouts/:id/fail`): `payout`, else the
   * account's newest pending payout, else a new standard payout of `amount` (from the available
   * balance). The clock then moves one day, so the payout is submitted and fails, its money
   * back in the balance. Returns the failed payout.
   */
  async failPayout(
    options: { account?: string; payout?: string; amount?: number; failure?: PayoutFailure } = {},
  ): Promise<Payout> {
    const account = this.account(options.account);
    let payout = options.payout;
    if (!payout && options.amount === undefined) {
      const pending = (await this.request("GET", "/v1/payouts", {
        account,
        params: { limit: 20 },
      })) as { data: { id: string; status: string }[] };
      payout = pending.data.find((p) => p.status === "pending")?.id;
    }
    if (!payout) {
      const made = (await this.request("POST", "/v1/payouts", {
        account,
        params: { amount: options.amount ?? 1_000, method: "standard" },
      })) as { id: string };
      payout = made.id;
    }
    await this.request("POST", `/v1/test_helpers/payouts/${payout}/fail`, {
      account,
      params: { failure_code: options.failure ?? "could_not_process" },
    });
    await this.advanceClock({ days: 1 });
    return payoutSchema.parse(await this.request("GET", `/v1/payouts/${payout}`, { account }));
  }

  /**
   * Decides a person's identity check: their date of birth becomes the sandbox's magic value
   * for `outcome`, and the clock moves one day so the check settles. Without `person`, the
   * account's representative (or its first person). Returns the person as the API shows it.
   */
  async decideVerification(
    outcome: "verified" | "failed",
    options: { account?: string; person?: string } = {},
  ): Promise<Person> {
    const account = this.account(options.account);
    const base = `/v1/accounts/${account}/persons`;
    let person = options.person;
    if (!person) {
      const list = (await this.request("GET", base, { params: { limit: 100 } })) as {
        data: { id: string; relationship?: { representative?: boolean } }[];
      };
      const chosen = list.data.find((p) => p.relationship?.representative) ?? list.data[0];
      if (!chosen) throw new Error(`${account} has no person to verify.`);
      person = chosen.id;
    }
    await this.request("POST", `${base}/${person}`, { params: { dob: verificationDob[outcome] } });
    await this.advanceClock({ days: 1 });
    return personSchema.parse(await this.request("GET", `${base}/${person}`));
  }
}
