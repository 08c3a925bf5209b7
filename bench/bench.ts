/**
 * The benchmark harness: `npm run bench` runs every `bench/*.bench.ts` in one process and
 * prints each figure beside its target as a ratio (figure / target, or target / figure for a
 * floor such as a throughput; ≤ 1 meets the target).
 * Figures are measured side by side in the same run, never asserted in tests.
 */
export interface BenchRow {
  /** What was measured. */
  name: string;
  /** The measured figure, in `unit`. */
  value: number;
  unit: string;
  /** The target in the same unit, when the design sets one (ARCHITECTURE.md, the issues). */
  target?: number;
  /** The target is a floor (≥), not a ceiling: the ratio is then target / figure. */
  higherIsBetter?: boolean;
  /** Extra context printed after the row. */
  note?: string;
}

export type Bench = () => Promise<BenchRow[]>;

/** Median of per-iteration times (ms) over `rounds` rounds of `iterations` calls. */
export function medianPerCall(fn: () => void, iterations: number, rounds = 7): number {
  for (let i = 0; i < iterations; i++) fn(); // warm up
  const perCall: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    perCall.push((performance.now() - start) / iterations);
  }
  perCall.sort((a, b) => a - b);
  return perCall[Math.floor(perCall.length / 2)]!;
}

export function formatRows(rows: BenchRow[]): string {
  const lines = rows.map((row) => {
    const value = `${formatNumber(row.value)} ${row.unit}`;
    const target =
      row.target === undefined
        ? ""
        : `target ${row.higherIsBetter ? "≥ " : ""}${formatNumber(row.target)} ${row.unit}`;
    const ratio =
      row.target === undefined || row.target === 0
        ? ""
        : `ratio ${(row.higherIsBetter ? row.target / row.value : row.value / row.target).toFixed(3)}`;
    const meets = row.higherIsBetter
      ? row.value >= (row.target ?? 0)
      : row.value <= (row.target ?? 0);
    const verdict = row.target === undefined ? "" : meets ? "meets" : "MISSES";
    return [
      row.name.padEnd(64),
      value.padStart(16),
      target.padStart(22),
      ratio.padStart(13),
      verdict.padStart(7),
      row.note ? `  ${row.note}` : "",
    ].join("");
  });
  return lines.join("\n");
}

function formatNumber(n: number): string {
  if (n >= 100) return n.toFixed(0);
  if (n >= 1) return n.toFixed(2);
  return n.toPrecision(3);
}
