import { readdirSync } from "node:fs";
import { type Bench, type BenchRow, formatRows } from "./bench.ts";

// Runs every bench/*.bench.ts (or those named on the command line) and prints the figures.
const dir = new URL(".", import.meta.url);
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

for (const file of files) {
  const mod = (await import(new URL(file, dir).href)) as { default: Bench };
  console.log(`\n${file.replace(/\.bench\.ts$/, "")}`);
  const rows: BenchRow[] = await mod.default();
  console.log(formatRows(rows));
}
