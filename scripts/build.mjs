// `npm run build`: the connect host (dist/connect: the UI frame, the sign-in popup and the
// other pages that exist, then the data-layer frame in a build of its own), the platform SDK
// (dist/sdk: ES modules, the classic script and its chunks, declarations) once its entry
// exists, the example platform's browser code (dist/platform), and the framework examples
// (dist/examples).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureDependencies, heading, root, run } from "./lib/setup.mjs";

ensureDependencies();
heading("Connect host (dist/connect)");
let status = run("npx", ["vite", "build", "--logLevel", "warn"]);
// The data-layer page is its own build, after the one that empties dist/connect (vite.config.ts).
if (status === 0)
  status = run("npx", ["vite", "build", "--mode", "data-layer", "--logLevel", "warn"]);
if (status === 0) {
  if (existsSync(join(root, "sdk", "index.ts"))) {
    heading("Platform SDK (dist/sdk)");
    // ES modules (index, react), the classic script's lazy chunks, then the classic script
    // (it needs the chunks' file names), then the declarations.
    for (const mode of ["sdk", "sdk-chunks", "sdk-classic"]) {
      if (status === 0)
        status = run("npx", ["vite", "build", "--mode", mode, "--logLevel", "warn"]);
    }
    if (status === 0) {
      const { buildTypes } = await import("../sdk/build-types.mjs");
      status = buildTypes();
    }
  } else {
    console.log("\nThe platform SDK (sdk/index.ts) is not built yet: skipped.");
  }
}
if (status === 0) {
  heading("Precompressed assets (.br, .gz)");
  const { compressDir } = await import("./compress.mjs");
  const count =
    compressDir(join(root, "dist", "connect", "assets")) + compressDir(join(root, "dist", "sdk"));
  console.log(`${count} files, each with a brotli and a gzip sibling`);
}
if (status === 0) {
  heading("Sandbox command and testing helpers (dist/server, dist/testing)");
  const { buildSandbox, buildTesting } = await import("./build-package.mjs");
  status = (await buildSandbox()) || (await buildTesting());
}
if (status === 0) {
  // The shared site script of the provider's own server-rendered pages (dashboard and
  // marketing hosts): consent, private analytics, error reports (actors/site/page.ts).
  heading("Shared site script (dist/site)");
  status = run("npx", [
    "esbuild",
    "actors/site/main.ts",
    "--bundle",
    "--format=esm",
    "--minify",
    "--target=es2022",
    "--log-level=warning",
    `--outfile=${join("dist", "site", "site.js")}`,
  ]);
}
if (status === 0) {
  heading("Example platform (dist/platform)");
  const config = join(root, "examples", "platform", "vite.config.ts");
  status = run("npx", ["vite", "build", "--config", config, "--logLevel", "warn"]);
}
if (status === 0) {
  heading("Framework examples (dist/examples)");
  const { buildExamples } = await import("./build-examples.mjs");
  status = await buildExamples();
}
process.exit(status);
