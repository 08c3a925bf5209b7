/**
 * The example platform's webhooks, as a platform's backend handles them:
 *
 * - `register()` (at start, once the API host answers): registers `<origin>/webhooks` for
 *   every event type (`POST /v1/webhook_endpoints`, secret key) and keeps the signing secret
 *   in this process only — never in a page, a response or a file. An endpoint it registered
 *   before (same URL; a restart) is deleted first, since its secret is gone with the old
 *   process.
 * - `receive(request)`: `POST /webhooks`. The raw body and the signature header go through
 *   the package's `constructEvent` (`sdk/webhooks.ts`): a bad signature, a tampered body or a
 *   replayed (old) delivery is answered 400 and nothing is kept; a verified event is kept
 *   (once per event id: a retry or a resend is acknowledged again) and answered 200.
 * - `recent(accountId)`: what it received for a connected account, newest first, for the
 *   dashboard's panel (`GET /api/webhook_events`).
 */
import type { ProviderHosts } from "../../protocol/provider.ts";
import {
  constructEvent,
  signatureHeaderName,
  type WebhookEvent,
  WebhookVerificationError,
} from "../../sdk/webhooks.ts";

/** What the dashboard shows of one received event (no secret, no whole object). */
export interface ReceivedEvent {
  id: string;
  type: string;
  account: string | null;
  /** The id of the object it is about (a charge, a payout, …). */
  objectId: string;
  /** When the provider recorded it (Unix seconds) and when this backend verified it. */
  created: number;
  receivedAt: number;
}

export interface WebhookReceiverOptions {
  hosts: Pick<ProviderHosts, "api">;
  secretKey: string;
  /** The URL the provider posts to (`<platform origin>/webhooks`). */
  url: string;
  fetch?: typeof fetch;
  /** How many received events it keeps (the oldest go first). */
  keep?: number;
  /** The platform's clock, Unix seconds (the replay check's "now"; tests move it). */
  now?: () => number;
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;

export function createWebhookReceiver(options: WebhookReceiverOptions) {
  const doFetch = options.fetch ?? fetch;
  const keep = options.keep ?? 200;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let secret: string | undefined;
  const received: ReceivedEvent[] = [];

  const api = async (method: string, path: string, body?: URLSearchParams) => {
    const response = await doFetch(`${options.hosts.api}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${options.secretKey}`,
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(body ? { body } : {}),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };

  return {
    /** Registers the endpoint (replacing one of the same URL); resolves to its id. */
    async register(): Promise<string> {
      const list = (await api("GET", "/v1/webhook_endpoints?limit=100")) as {
        data: { id: string; url: string }[];
      };
      for (const old of list.data.filter((e) => e.url === options.url)) {
        await api("DELETE", `/v1/webhook_endpoints/${old.id}`);
      }
      const params = new URLSearchParams({ url: options.url, "enabled_events[0]": "*" });
      params.set("description", "The example platform's backend");
      const made = (await api("POST", "/v1/webhook_endpoints", params)) as {
        id: string;
        secret: string;
      };
      secret = made.secret;
      return made.id;
    },

    /** `POST /webhooks`: verifies, keeps, answers. */
    async receive(request: Request): Promise<Response> {
      const body = await request.text();
      if (!secret) return Response.json({ error: "Not registered yet." }, { status: 503 });
      let event: WebhookEvent;
      try {
        event = await constructEvent(body, request.headers.get(signatureHeaderName), secret, {
          now,
        });
      } catch (e) {
        if (e instanceof WebhookVerificationError) {
          return Response.json({ error: e.code, message: e.message }, { status: 400 });
        }
        throw e;
      }
      if (!received.some((r) => r.id === event.id)) {
        received.unshift({
          id: event.id,
          type: event.type,
          account: event.account,
          objectId: event.data.object.id,
          created: event.created,
          receivedAt: now(),
        });
        received.splice(keep);
      }
      return Response.json({ received: true });
    },

    /** The events received for one connected account, newest first. */
    recent(accountId: string, limit = 20): ReceivedEvent[] {
      return received.filter((e) => e.account === accountId).slice(0, limit);
    },
  };
}
