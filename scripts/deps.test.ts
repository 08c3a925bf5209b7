/**
 * The layering check (`npm run deps`, dependency-cruiser with `.dependency-cruiser.cjs`) is
 * known to fail when it should: it runs the repository's own configuration over a small tree
 * in a temporary folder, once clean, then with a planted type-only upward import and a
 * planted cycle.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const depcruise = join(root, "node_modules", ".bin", "depcruise");
const folders = ["protocol", "machines", "ui", "actors", "sdk", "server", "test"];
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tree with the repository's layer folders and configuration; `files` maps path → text. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "deps-check-"));
  made.push(dir);
  copyFileSync(join(root, ".dependency-cruiser.cjs"), join(dir, ".dependency-cruiser.cjs"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "ESNext",
        moduleResolution: "Bundler",
        allowImportingTsExtensions: true,
        noEmit: true,
        verbatimModuleSyntax: true,
      },
    }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function check(dir: string) {
  const run = spawnSync(
    depcruise,
    ["--config", ".dependency-cruiser.cjs", "--output-type", "err", ...folders],
    { cwd: dir, encoding: "utf8" },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const layered = {
  "protocol/object.ts": "export interface Thing { id: string }\n",
  "machines/list.ts":
    'import type { Thing } from "../protocol/object.ts";\nexport const first = (t: Thing[]) => t[0];\n',
  "ui/view.ts": 'import { first } from "../machines/list.ts";\nexport const view = first;\n',
  "actors/effects.ts": 'import { view } from "../ui/view.ts";\nexport const run = view;\n',
  "sdk/index.ts": 'export { run } from "../actors/effects.ts";\n',
  "server/app.ts": 'import { run } from "../sdk/index.ts";\nexport const app = run;\n',
  "test/app.test.ts": 'import { app } from "../server/app.ts";\nexport const t = app;\n',
};

describe("the layering check", () => {
  it("passes a tree where every import goes down a layer", () => {
    expect(check(tree(layered))).toMatchObject({ status: 0 });
  });

  it("fails on an upward import, even a type-only one (ui → actors)", () => {
    const { status, output } = check(
      tree({
        ...layered,
        "actors/client.ts": "export interface Client { get(): void }\n",
        "ui/view.ts":
          'import type { Client } from "../actors/client.ts";\nimport { first } from "../machines/list.ts";\nexport const view = (c: Client) => first([]) ?? c;\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("no-upward-from-ui: ui/view.ts → actors/client.ts");
  });

  it("fails on a test file that imports a layer above its own (protocol → test)", () => {
    const { status, output } = check(
      tree({
        ...layered,
        "test/harness.ts": "export const harness = 1;\n",
        "protocol/object.test.ts":
          'import { harness } from "../test/harness.ts";\nexport const h = harness;\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("no-upward-from-protocol: protocol/object.test.ts → test/harness.ts");
  });

  it("fails on an import cycle inside one layer", () => {
    const { status, output } = check(
      tree({
        ...layered,
        "machines/a.ts": 'import type { B } from "./b.ts";\nexport type A = { b?: B };\n',
        "machines/b.ts": 'import type { A } from "./a.ts";\nexport type B = { a?: A };\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("no-cycle: machines/a.ts");
  });
});
