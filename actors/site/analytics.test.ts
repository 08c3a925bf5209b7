import { describe, expect, it } from "vitest";
import { corpus, namedFields } from "../../protocol/site/personal-data.corpus.ts";
import { ManualTimers } from "../messaging/manual-timers.ts";
import { createAnalyticsLogger } from "./analytics.ts";

/** A logger over manual timers (a fake clock: nothing here waits for real time). */
function setup(allowed = true) {
  const timers = new ManualTimers();
  const bodies: { body: string; keepalive: boolean }[] = [];
  let consent = allowed;
  const logger = createAnalyticsLogger({
    timers,
    allowed: () => consent,
    clientId: () => (consent ? "0123456789abcdef0123456789abcdef" : null),
    send: async (body, { keepalive }) => {
      bodies.push({ body, keepalive });
    },
  });
  const events = () =>
    bodies.map(
      (b) => JSON.parse(new URLSearchParams(b.body).get("events")!) as Record<string, unknown>[],
    );
  return { timers, bodies, events, logger, setConsent: (v: boolean) => (consent = v) };
}

const event = (i: number, extra: Record<string, unknown> = {}) => ({
  event_name: "site_page_viewed",
  properties: { i },
  ...extra,
});

describe("analytics logger (SPEC.md §9)", () => {
  it("sends a batch at the 5th event, and a partial batch 3 s after its first event", () => {
    const { logger, timers, events } = setup();
    for (let i = 0; i < 5; i++) logger.log(event(i));
    expect(events()).toHaveLength(1);
    expect(events()[0]).toHaveLength(5);
    expect(timers.pending).toBe(0);
    logger.log(event(5));
    timers.advance(2999);
    expect(events()).toHaveLength(1);
    timers.advance(1);
    expect(events()).toHaveLength(2);
  });

  it("posts form bodies with the client id, and a keep-alive one when the page hides", () => {
    const { logger, bodies } = setup();
    logger.log(event(0));
    logger.flush({ keepalive: true });
    const form = new URLSearchParams(bodies[0]!.body);
    expect(form.get("client_id")).toBe("0123456789abcdef0123456789abcdef");
    expect(bodies[0]!.keepalive).toBe(true);
  });

  it("drops and counts an event over 64,000 bytes, keeping the others whole", () => {
    const { logger, events } = setup();
    logger.log(event(0, { properties: { blob: "z".repeat(70_000) } }));
    for (let i = 1; i < 5; i++) logger.log(event(i));
    expect(
      events()
        .flat()
        .map((e) => (e.properties as { i: number }).i),
    ).toEqual([1, 2, 3, 4]);
    expect(logger.stats()).toMatchObject({ oversize: 1, sent: 4 });
  });

  it("cuts page paths at 512 characters and the page field at 300", () => {
    const { logger, events } = setup();
    logger.log(event(0, { page_path: `/${"a".repeat(600)}`, page: `/${"b".repeat(400)}` }));
    logger.flush();
    const [record] = events()[0]!;
    expect((record!.page_path as string).length).toBe(512);
    expect((record!.page as string).length).toBe(300);
  });

  it("collects nothing without consent, and discards the queue when consent is withdrawn", () => {
    const { logger, timers, bodies, setConsent } = setup(false);
    logger.log(event(0));
    timers.advance(3000);
    expect(bodies).toEqual([]);
    expect(logger.stats().withoutConsent).toBe(1);
    setConsent(true);
    logger.log(event(1));
    setConsent(false);
    logger.discard();
    logger.flush({ keepalive: true });
    expect(bodies).toEqual([]);
  });

  it("redacts before queueing: no email, phone, card, bank number or query value leaves", () => {
    const { logger, bodies } = setup();
    logger.log(
      event(0, {
        page: "/search?q=jane@example.com",
        properties: { note: "+44 20 7946 0958 / 4242 4242 4242 4242 / DE89370400440532013000" },
      }),
    );
    logger.flush();
    const sent = decodeURIComponent(bodies[0]!.body);
    for (const personal of ["jane@example.com", "7946", "4242", "DE89"])
      expect(sent).not.toContain(personal);
  });

  it("no email, phone, card or bank number, or name from the corpus survives in any batch", () => {
    const { logger, timers, bodies } = setup();
    // Every corpus text in each place a page puts text (a path, the page with its query, a
    // property), and every named field, as records logged in turn: batches of 5 and the 3 s
    // flush of what remains, on the fake clock.
    corpus.forEach((c, i) => {
      logger.log(event(i, { page_path: c.text, page: c.text, properties: { note: c.text } }));
    });
    namedFields.forEach((n, i) => {
      logger.log(event(100 + i, n.record));
    });
    timers.advance(3000);
    expect(logger.stats()).toMatchObject({ sent: corpus.length + namedFields.length, oversize: 0 });
    expect(bodies.length).toBe(Math.ceil((corpus.length + namedFields.length) / 5));
    // Each batch of events as it leaves (URL-encoded) and as the intake decodes it (the
    // anonymous client id beside it is random hex, not from the corpus).
    const sent = bodies.flatMap((b) => {
      const events = new URLSearchParams(b.body).get("events")!;
      return [new URLSearchParams({ events }).toString(), events];
    });
    for (const body of sent) {
      for (const piece of [...corpus, ...namedFields].flatMap((c) => c.personal))
        expect(body).not.toContain(piece);
    }
  });
});
