/**
 * A fake list endpoint for the list machine's unit and model-based tests: it pages a
 * history exactly as the reference provider's keyset pagination does (`server/http/
 * pagination.ts`: newest first on created then id; `ending_before` answers newest first too).
 */
import type { Identified, Page, PageRequest } from "./resource-list.types.ts";

type Dated = Identified & { created: number };

export function fakePage<Item extends Dated>(
  history: readonly Item[],
  request: PageRequest,
): Page<Item> {
  const newestFirst = [...history].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  if (request.kind === "newest") {
    return {
      items: newestFirst.slice(0, request.limit),
      hasMore: newestFirst.length > request.limit,
    };
  }
  if (request.kind === "older") {
    const at = newestFirst.findIndex((p) => p.id === request.startingAfter);
    const rest = newestFirst.slice(at + 1);
    return { items: rest.slice(0, request.limit), hasMore: rest.length > request.limit };
  }
  const at = newestFirst.findIndex((p) => p.id === request.endingBefore);
  const before = newestFirst.slice(0, Math.max(0, at));
  const page = before.slice(Math.max(0, before.length - request.limit));
  return { items: page, hasMore: before.length > request.limit };
}

/** `count` items, oldest first in creation, ids `<prefix>_001`…, a day apart. */
export function datedHistory(count: number, prefix = "it"): Dated[] {
  const start = 1_767_225_600; // 2026-01-01T00:00:00Z
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}_${String(i + 1).padStart(3, "0")}`,
    created: start + i * 86_400,
  }));
}
