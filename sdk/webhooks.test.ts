import { describe, expect, it } from "vitest";
import { eventSchema } from "../protocol/objects/event.schema.ts";
import { provider } from "../protocol/provider.ts";
import { webhookSignatureHeader } from "../protocol/webhook-signature.ts";
import { constructEvent, signatureHeaderName, WebhookVerificationError } from "./webhooks.ts";

const secret = `${provider.keyPrefixes.webhookSecret}test_secret_of_one_endpoint`;
const now = 1_750_000_000;
const clock = { now: () => now };

/** An event as the provider sends it, parsed by the protocol's schema first. */
const event = eventSchema.parse({
  id: "evt_1",
  object: "event",
  account: "acct_1",
  api_version: provider.apiVersion,
  created: now - 5,
  livemode: false,
  type: "payout.paid",
  data: {
    object: {
      id: "po_1",
      object: "payout",
      amount: 1_000,
      arrival_date: now - 5,
      automatic: false,
      balance_transaction: "txn_1",
      reversal: null,
      created: now - 3 * 86_400,
      currency: "usd",
      description: null,
      destination: "ba_1",
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      method: "standard",
      statement_descriptor: null,
      status: "paid",
      type: "bank_account",
    },
  },
});
const body = JSON.stringify(event);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).code;
}

describe("constructEvent (the platform's webhook verification)", () => {
  it("returns the event of a delivery signed with the endpoint's secret just now", async () => {
    const header = await webhookSignatureHeader(secret, now - 2, body);
    expect(header).toMatch(/^t=1749999998,v1=[0-9a-f]{64}$/);
    expect(await constructEvent(body, header, secret, clock)).toEqual(event);
  });

  it("accepts the body as bytes, as a server framework may hand it over", async () => {
    const header = await webhookSignatureHeader(secret, now, body);
    const bytes = new TextEncoder().encode(body);
    expect((await constructEvent(bytes, header, secret, clock)).id).toBe("evt_1");
  });

  it("refuses a tampered body (one changed amount) with signature_mismatch", async () => {
    const header = await webhookSignatureHeader(secret, now, body);
    const tampered = body.replace('"amount":1000', '"amount":9000');
    expect(tampered).not.toBe(body);
    expect(await refusal(constructEvent(tampered, header, secret, clock))).toBe(
      "signature_mismatch",
    );
  });

  it("refuses a delivery signed with another secret", async () => {
    const header = await webhookSignatureHeader(`${secret}_other`, now, body);
    expect(await refusal(constructEvent(body, header, secret, clock))).toBe("signature_mismatch");
  });

  it("refuses a changed timestamp: the timestamp is signed with the body", async () => {
    const header = await webhookSignatureHeader(secret, now - 3_600, body);
    const moved = header.replace(`t=${now - 3_600}`, `t=${now}`);
    expect(await refusal(constructEvent(body, moved, secret, clock))).toBe("signature_mismatch");
  });

  it("refuses a replay: a genuine delivery signed more than the tolerance ago", async () => {
    const header = await webhookSignatureHeader(secret, now - 301, body);
    expect(await refusal(constructEvent(body, header, secret, clock))).toBe(
      "timestamp_outside_tolerance",
    );
    // Within a wider tolerance the same delivery passes; at 300 s it is still accepted.
    expect(
      (await constructEvent(body, header, secret, { ...clock, toleranceSeconds: 600 })).id,
    ).toBe("evt_1");
    const edge = await webhookSignatureHeader(secret, now - 300, body);
    expect((await constructEvent(body, edge, secret, clock)).id).toBe("evt_1");
  });

  it("refuses a timestamp far in the future", async () => {
    const header = await webhookSignatureHeader(secret, now + 3_600, body);
    expect(await refusal(constructEvent(body, header, secret, clock))).toBe(
      "timestamp_outside_tolerance",
    );
  });

  it("refuses a missing header, a header without t= or v1=, and garbage signatures", async () => {
    expect(await refusal(constructEvent(body, undefined, secret, clock))).toBe("missing_signature");
    expect(await refusal(constructEvent(body, "", secret, clock))).toBe("missing_signature");
    expect(await refusal(constructEvent(body, `v1=${"a".repeat(64)}`, secret, clock))).toBe(
      "malformed_signature",
    );
    expect(await refusal(constructEvent(body, `t=${now}`, secret, clock))).toBe(
      "malformed_signature",
    );
    expect(await refusal(constructEvent(body, `t=${now},v1=zz`, secret, clock))).toBe(
      "signature_mismatch",
    );
    expect(await refusal(constructEvent(body, `t=${now},v0=abc`, secret, clock))).toBe(
      "malformed_signature",
    );
  });

  it("accepts a header with several v1 signatures when one matches (a secret being rolled)", async () => {
    const good = await webhookSignatureHeader(secret, now, body);
    const other = await webhookSignatureHeader(`${secret}_old`, now, body);
    const header = `${other},${good.split(",")[1]}`;
    expect((await constructEvent(body, header, secret, clock)).id).toBe("evt_1");
  });

  it("refuses a signed body that is not an event", async () => {
    const notEvent = JSON.stringify({ object: "charge", id: "ch_1" });
    const header = await webhookSignatureHeader(secret, now, notEvent);
    expect(await refusal(constructEvent(notEvent, header, secret, clock))).toBe("invalid_payload");
  });

  it("names the provider's signature header", () => {
    expect(signatureHeaderName).toBe(provider.headers.webhookSignature);
    expect(signatureHeaderName).toMatch(/-Signature$/);
  });

  it("keeps no secret: the module exports no key, cache or secret-shaped value", async () => {
    const header = await webhookSignatureHeader(secret, now, body);
    await constructEvent(body, header, secret, clock);
    const mod = await import("./webhooks.ts");
    const exported = JSON.stringify(Object.entries(mod).map(([k, v]) => [k, String(v)]));
    expect(exported).not.toContain(secret);
    expect(exported).not.toContain(provider.keyPrefixes.webhookSecret);
  });
});
