// The sandbox command of the package (`dist/server/sandbox.js`, package.json's `bin`): the
// reference provider's server code bundled by esbuild from `server/sandbox/bin.ts` into one ES
// module, so an installed package runs it with plain Node (no tsx, no source tree). The
// package's dependencies stay imports (npm installs them beside it; PGlite loads its own
// WebAssembly files); the migrations are modules the bundle holds. `npm run build` runs it.
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function buildSandbox(outDir = join(root, "dist", "server")) {
  const outfile = join(outDir, "sandbox.js");
  await build({
    entryPoints: [join(root, "server", "sandbox", "bin.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "warning",
  });
  chmodSync(outfile, 0o755);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await buildSandbox(process.argv[2]));
}
