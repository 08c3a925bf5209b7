import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Charge } from "../../protocol/objects/charge.schema.ts";
import type { ApiEvent } from "../../protocol/objects/event.schema.ts";
import type { WebhookDelivery } from "../../protocol/objects/webhook-endpoint.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { PaymentsModel } from "../../sdk/testing/payments.model.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { WebhookEventsModel } from "./models/webhook-events.model.ts";
import { runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// Issue 18, item 6 (Acceptance): a refund made in the payments component on the example
// platform reaches the platform's backend as a signed webhook that it verifies (and shows on
// its dashboard); a tampered or replayed delivery is refused; a failed delivery is retried.

const platformTests = examplePlatformTests();
const env = () => platformTests.env;

afterEach(() => {
  env().platformClock.offset = 0;
});

const signedIn = () => platformTests.signedIn(undefined, "payments");

/** The provider's API as the platform's backend calls it (secret key, the main account). */
function api<T>(method: "GET" | "POST", path: string, params?: Record<string, unknown>) {
  return method === "GET"
    ? platformTests.apiGet<T>(path)
    : platformTests.apiPost<T>(path, params ?? {});
}

/** Refunds the newest succeeded payment in the payments component; answers its charge. */
async function refundInTheComponent(platform: PlatformPage): Promise<Charge> {
  const list = new PaymentsModel(await platform.frameOf("payments"));
  await list.seeRows();
  await list.filterByStatus(["Succeeded"]);
  // The newest succeeded payment nobody disputed (another file may have opened a dispute).
  const { data: shown } = await api<{ data: Charge[] }>(
    "GET",
    "/v1/charges?limit=10&status[]=succeeded",
  );
  const target = shown.find((c) => !c.disputed);
  expect(target).toBeDefined();
  // The list shows those payments once the filter applied.
  await expect
    .poll(async () => (await list.seeRows()).map((r) => [r.amount, r.customer]), {
      timeout: 15_000,
    })
    .toEqual(
      shown.map((c) => [formatMoney(c.amount, c.currency, "en-US"), c.customer?.email ?? ""]),
    );
  await list.openRow(shown.indexOf(target!));
  await list.refund();
  await expect
    .poll(async () => (await list.seeDetail()).Status, { timeout: 15_000 })
    .toBe("Refunded");
  return target!;
}

/** The provider's charge.refunded event for a charge, once it is recorded. */
async function refundedEventOf(chargeId: string): Promise<ApiEvent> {
  const { data } = await api<{ data: ApiEvent[] }>(
    "GET",
    "/v1/events?type=charge.refunded&limit=100",
  );
  const event = data.find((e) => e.data.object.id === chargeId);
  if (!event) throw new Error(`no charge.refunded event for ${chargeId}`);
  return event;
}

/** The genuine delivery of an event to the example platform, as the worker sent it. */
const deliveryTo = (url: string, eventId: string) =>
  env().webhookDeliveries.find((d) => d.url === url && JSON.parse(d.body).id === eventId);

const postToPlatform = (body: string, signature: string) =>
  fetch(`${env().platform}/webhooks`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [provider.headers.webhookSignature]: signature,
    },
    body,
  });

describe("webhooks on the example platform", () => {
  it("a refund made in the payments component reaches the platform's backend as a signed charge.refunded webhook it verifies and shows", async () => {
    const platform = await signedIn();
    const charge = await refundInTheComponent(platform);
    const event = await refundedEventOf(charge.id);
    expect(event).toMatchObject({
      type: "charge.refunded",
      account: env().sandbox.mainAccountId,
      data: { object: { id: charge.id, refunded: true, payment_status: "refunded" } },
    });

    // The dashboard's panel shows what the backend verified (it refreshes by itself).
    const panel = new WebhookEventsModel(platform.page);
    await expect
      .poll(async () => (await panel.seeEvents()).find((e) => e.text.includes(charge.id))?.type, {
        timeout: 15_000,
      })
      .toBe("charge.refunded");

    // The provider's delivery log: delivered once, answered 200 by the platform.
    const { data: endpoints } = await api<{ data: { id: string; url: string }[] }>(
      "GET",
      "/v1/webhook_endpoints",
    );
    const platformEndpoint = endpoints.find((e) => e.url === `${env().platform}/webhooks`)!;
    const { data: log } = await api<{ data: WebhookDelivery[] }>(
      "GET",
      `/v1/webhook_endpoints/${platformEndpoint.id}/deliveries?event=${event.id}`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: "succeeded", attempt_count: 1 });
    expect(log[0]!.attempts[0]!.status_code).toBe(200);
    // The signature header the platform checked.
    const sent = deliveryTo(platformEndpoint.url, event.id)!;
    expect(sent.headers[provider.headers.webhookSignature]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("the webhook panel: axe finds nothing serious or critical on the page, the panel fits 360px, and no secret is on the page", async () => {
    const platform = await signedIn();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const panel = new WebhookEventsModel(platform.page);
    // A refund made by the platform's backend this time (secret key): its event shows.
    const { data: succeeded } = await api<{ data: Charge[] }>(
      "GET",
      "/v1/charges?limit=10&status[]=succeeded",
    );
    const charge = succeeded.find((c) => !c.disputed);
    await api("POST", "/v1/refunds", { charge: charge!.id, amount: 100 });
    await expect
      .poll(async () => (await panel.seeEvents()).some((e) => e.text.includes(charge!.id)), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(seriousOrCritical(await runAxe(platform.page))).toEqual([]);
    // The panel's own boxes (the page's header and the component sections around it are
    // the dashboard's, checked by their own tests): inside the viewport, no clipped text.
    const clipped = await panel.region.evaluate((region) => {
      const viewport = document.documentElement.clientWidth;
      return [region, ...region.querySelectorAll("*")]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.right > viewport + 1 || el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => `<${el.localName}> ${(el.textContent ?? "").slice(0, 40)}`);
    });
    expect(clipped).toEqual([]);
    const html = await platform.page.content();
    expect(html).not.toContain(provider.keyPrefixes.webhookSecret);
    expect(html).not.toContain(env().sandbox.secretKey);
  });

  it("the platform's backend refuses a tampered delivery and a replayed one with 400, and shows neither", async () => {
    const platform = await signedIn();
    const charge = await refundInTheComponent(platform);
    const event = await refundedEventOf(charge.id);
    await expect
      .poll(() => deliveryTo(`${env().platform}/webhooks`, event.id), { timeout: 15_000 })
      .toBeDefined();
    const genuine = deliveryTo(`${env().platform}/webhooks`, event.id)!;
    const signature = genuine.headers[provider.headers.webhookSignature]!;

    // Tampered: the same signature over another charge id.
    const forged = genuine.body.replaceAll(charge.id, "ch_forged");
    const tampered = await postToPlatform(forged, signature);
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error).toBe("signature_mismatch");

    // Replayed: the genuine delivery, verbatim, ten minutes later on the platform's clock.
    env().platformClock.offset = 10 * 60;
    const replayed = await postToPlatform(genuine.body, signature);
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error).toBe("timestamp_outside_tolerance");

    const panel = new WebhookEventsModel(platform.page);
    await platform.page.reload();
    await expect
      .poll(async () => (await panel.seeEvents()).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const rows = await panel.seeEvents();
    expect(rows.some((r) => r.text.includes("ch_forged"))).toBe(false);
    expect(rows.filter((r) => r.text.includes(charge.id))).toHaveLength(1);
  });

  it("a delivery the endpoint fails is retried with backoff until it is answered 2xx; the log shows both attempts", async () => {
    // A second endpoint of the platform that fails its first request.
    const seen: { status: number; body: string }[] = [];
    const flaky = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const status = seen.length === 0 ? 503 : 200;
        seen.push({ status, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((done) => flaky.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/hooks`;
    const endpoint = await api<{ id: string }>("POST", "/v1/webhook_endpoints", {
      url,
      enabled_events: ["charge.refunded"],
    });
    try {
      const platform = await signedIn();
      const charge = await refundInTheComponent(platform);
      const event = await refundedEventOf(charge.id);
      await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(2);
      expect(seen.map((s) => s.status)).toEqual([503, 200]);
      expect(seen.map((s) => JSON.parse(s.body).id)).toEqual([event.id, event.id]);
      const { data: log } = await api<{ data: WebhookDelivery[] }>(
        "GET",
        `/v1/webhook_endpoints/${endpoint.id}/deliveries`,
      );
      expect(log[0]).toMatchObject({ event: event.id, status: "succeeded", attempt_count: 2 });
      expect(log[0]!.attempts.map((a) => a.status_code)).toEqual([503, 200]);
      expect(
        log[0]!.attempts[1]!.attempted_at - log[0]!.attempts[0]!.attempted_at,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      // The stack is shared with later files: the endpoint goes with its server.
      await fetch(`${env().api}/v1/webhook_endpoints/${endpoint.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${env().sandbox.secretKey}` },
      });
      flaky.close();
    }
  });
});
