// `npm run bench`: installs dependencies when needed, then runs every benchmark in
// bench/ and prints each figure beside its target. Arguments select benchmarks by name.
import { ensureDependencies, run } from "./lib/setup.mjs";

ensureDependencies();
process.exit(run("npx", ["tsx", "bench/run.ts", ...process.argv.slice(2)]));
