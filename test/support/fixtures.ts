/**
 * Provider answers recorded by test/provider-fixtures.test.ts from the reference provider
 * (never written by hand), for the component tests' fake data layer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface PayoutFixtures {
  /** The sandbox clock when they were recorded (Unix seconds). */
  recordedAt: number;
  /** `GET /v1/payouts?expand[]=data.destination`, newest first. */
  list: unknown[];
  /** `GET /v1/payouts/:id?expand[]=balance_transaction&expand[]=destination`, by id. */
  details: Record<string, unknown>;
}

export const payoutFixturesPath = join(import.meta.dirname, "../fixtures/payouts.json");

export const payoutFixtures = (): PayoutFixtures =>
  JSON.parse(readFileSync(payoutFixturesPath, "utf8")) as PayoutFixtures;
