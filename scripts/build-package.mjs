// What the package ships beside the SDK, bundled by esbuild (`npm run build` runs both):
//
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

// `<package>/testing` (`dist/testing/index.js`, its declarations from sdk/build-types.mjs):
// the page models, componentFrame and the sandbox client as one ES module for Node. The
// provider configuration and the protocol schemas it uses are bundled in; playwright-core (a
// peer dependency, types only) and zod stay imports.
export async function buildTesting(outDir = join(root, "dist", "testing")) {
  await build({
    entryPoints: [join(root, "sdk", "testing", "index.ts")],
    outfile: join(outDir, "index.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["playwright-core", "zod", "zod/*"],
    sourcemap: true,
    logLevel: "warning",
  });
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit((await buildSandbox()) || (await buildTesting()));
}
