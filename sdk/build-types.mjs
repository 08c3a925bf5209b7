// The SDK's declarations: `tsc -p sdk/tsconfig.types.json` into `<outDir>/types/` (the source
// tree's layout), plus the two entry declarations the package's `exports` name
// (`index.d.ts`, `react.d.ts`, and `../testing/index.d.ts` for `<package>/testing`). `npm run build` runs it into dist/sdk; sdk/package.test.ts
// runs it into a scratch package and compiles a consumer against it.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Writes the declarations into `outDir`; returns tsc's exit status. */
export function buildTypes(outDir = join(root, "dist", "sdk")) {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(
    process.execPath,
    [tsc, "-p", join(root, "sdk", "tsconfig.types.json"), "--outDir", join(outDir, "types")],
    { stdio: "inherit" },
  );
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(join(outDir, "index.d.ts"), 'export * from "./types/sdk/index.js";\n');
  writeFileSync(join(outDir, "react.d.ts"), 'export * from "./types/sdk/react.js";\n');
  // `<package>/testing` (dist/testing, beside dist/sdk): its declarations are in the same tree.
  mkdirSync(join(outDir, "..", "testing"), { recursive: true });
  writeFileSync(
    join(outDir, "..", "testing", "index.d.ts"),
    'export * from "../sdk/types/sdk/testing/index.js";\n',
  );
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildTypes(process.argv[2]));
