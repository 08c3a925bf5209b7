// `npm start`: installs what it needs, builds the connect host, and runs the reference
// provider (API host on embedded PGlite, or PostgreSQL when DATABASE_URL is set) and the
// connect host. Ctrl-C stops everything.
import { ensureDependencies, run } from "./lib/setup.mjs";

ensureDependencies();
const built = run("node", ["scripts/build.mjs"]);
if (built !== 0) process.exit(built);
process.exit(run("npx", ["tsx", "scripts/serve.ts", ...process.argv.slice(2)]));
