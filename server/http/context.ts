/** What every handler can reach: the database, the config, the request's id and caller. */
import type { Kysely } from "kysely";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/schema.ts";

export interface Deps {
  db: Kysely<Database>;
  config: ServerConfig;
  /** Tests only: faults injected at the points of a writing request (`FaultHooks`). */
  faults?: FaultHooks;
  /** The served process's shutdown (`shutdown.ts`): past its grace, nothing more commits. */
  shutdown?: ShutdownState;
}

/** What a request's commit asks of the process's shutdown: were the requests in flight cut off? */
export interface ShutdownState {
  readonly cut: boolean;
}

/**
 * The points of a writing request (one transaction, `route.ts`) where a test may inject a
 * fault: throw, drop the database connection, or kill the process.
 *
 * - `afterWork`: the handler's work is done, its answer not yet stored.
 * - `beforeCommit`: the answer is stored under the Idempotency-Key, nothing committed yet.
 * - `afterCommit`: everything committed, the answer not yet sent.
 */
export type FaultPoint = "afterWork" | "beforeCommit" | "afterCommit";

export interface FaultHooks {
  /** `db` is the request's transaction (absent after the commit). */
  at(point: FaultPoint, request: { path: string; db?: Kysely<Database> }): Promise<void> | void;
}

/** An account session's key (or a signed-in user's key acting for its session). */
export interface AccountSessionPrincipal {
  kind: "account_session";
  platformId: string;
  livemode: boolean;
  accountId: string;
  accountSessionId: string;
  keyId: string;
  components: Record<string, { enabled: boolean; features: Record<string, unknown> }>;
  /**
   * The key is the session's external_account key (from a verification or challenge),
   * which the external-account changes need (SPEC.md §6).
   */
  externalAccountKey?: true;
  /**
   * The provider user whose key this is, when a signed-in user's key acts for the
   * account session it was exchanged in (`actingPrincipal`).
   */
  userId?: string;
}

/** Who is calling, resolved from the Authorization header and the account header. */
export type Principal =
  | { kind: "none" }
  | {
      kind: "secret";
      platformId: string;
      livemode: boolean;
      /** The connected account named by the account header, when given. */
      accountId: string | null;
    }
  | { kind: "publishable"; platformId: string; livemode: boolean; accountId: string | null }
  | AccountSessionPrincipal
  | {
      kind: "user";
      platformId: string;
      livemode: boolean;
      accountId: string;
      userId: string;
      keyId: string;
      /**
       * The account session the key was exchanged or renewed in, with its components: the
       * user's key acts for it on the routes that take an account-session key.
       */
      session?: AccountSessionPrincipal;
      /** The key's account session has expired or was logged out: it acts for none. */
      sessionExpired?: true;
    }
  | {
      kind: "embedded_flags";
      platformId: string;
      livemode: boolean;
      accountId: string | null;
      keyId: string;
    };

export type PrincipalKind = Principal["kind"];

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: Deps;
  };
}
