import { z } from "zod";
import { classifyDataLayerMessage } from "../protocol/messages/data-layer.schema.ts";
import { provider } from "../protocol/provider.ts";
import { type BenchRow, medianPerCall } from "./bench.ts";

/**
 * Every message that reaches the data layer is schema-validated before it is handled, and
 * the frames run zod jitless (no eval under CSP). The proxied call's whole overhead budget is
 * 1 ms (ARCHITECTURE.md), so this measures what validation of one authedProxy request costs,
 * jitless and with zod's JIT, as a share of that budget.
 */
const request = {
  type: provider.messageMarker,
  requestType: "authedProxy",
  requestId: "req_42",
  componentName: "payouts",
  url: "http://127.0.0.1:4200/v1/payouts?limit=10",
  method: "POST",
  body: { amount: 1200, currency: "usd", metadata: { order: "A-19", items: ["x", "y"] } },
  headers: { "Accept-Language": "en-US" },
};

export default async function (): Promise<BenchRow[]> {
  const classify = () => {
    const result = classifyDataLayerMessage({ data: request, ports: [] });
    if (!result.ok) throw new Error(result.rejection.message);
  };
  z.config({ jitless: true });
  const jitless = medianPerCall(classify, 5_000);
  z.config({ jitless: false });
  const jit = medianPerCall(classify, 5_000);
  z.config({ jitless: true });
  return [
    {
      name: "validate one authedProxy request, jitless (frames)",
      value: jitless * 1000,
      unit: "µs",
      target: 1000,
      note: "target: the whole proxy overhead budget",
    },
    {
      name: "validate one authedProxy request, zod JIT (for comparison)",
      value: jit * 1000,
      unit: "µs",
      target: 1000,
    },
  ];
}
