// `npm start`: installs what it needs, builds (the connect host, the SDK, the example
// platform's pages), and runs the reference provider (API host on embedded PGlite, or
// PostgreSQL when DATABASE_URL is set) over the seeded sandbox, the connect host and the
// example platform; it prints the URL to open. Ctrl-C stops everything.
import { ensureDependencies, run } from "./lib/setup.mjs";

ensureDependencies();
const built = run("node", ["scripts/build.mjs"]);
if (built !== 0) process.exit(built);
process.exit(run("npx", ["tsx", "scripts/serve.ts", ...process.argv.slice(2)]));
