import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script, without declarations
import { buildTypes } from "./build-types.mjs";

const root = new URL("..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/**
 * A platform's TypeScript project: it imports the package by name through its `exports`,
 * with the declarations `npm run build` generates, and must type-check — including lines that
 * MUST fail (`@ts-expect-error`), which also fail if the types silently became `any`.
 */
const consumer = `
import { loadConnectAndInitialize, type ConnectElement } from "${pkg.name}";
import { ConnectAccountOnboarding, ConnectComponentsProvider } from "${pkg.name}/react";

const instance = loadConnectAndInitialize({
  publishableKey: "pk_test_consumer",
  fetchClientSecret: async () => "secret",
});
export const list: ConnectElement<"payouts-list"> = instance.create("${pkg.name}-payouts-list");
const onboarding = instance.create("${pkg.name}-account-onboarding");
onboarding.setOnStepChange((detail) => console.log(detail.step.toUpperCase()));
// @ts-expect-error the step is a string
onboarding.setOnStepChange((detail: { step: number }) => detail);
onboarding.addEventListener("stepchange", (event) => console.log(event.detail.step.length));
onboarding.setOnLoadError((detail) => console.log(detail.error.type, detail.error.message));
export const details: ConnectElement<"payout-details"> = document.createElement("${pkg.name}-payout-details");
// @ts-expect-error payouts-list has no setOnExit
document.createElement("${pkg.name}-payouts-list").setOnExit(() => {});

// The testing helpers, typed over playwright-core (a peer dependency).
import { componentFrame, PayoutsListModel, SandboxClient } from "${pkg.name}/testing";
import type { Page } from "playwright-core";
export async function payoutsOf(page: Page) {
  const rows = await new PayoutsListModel(await componentFrame(page, "${pkg.name}-payouts-list")).seeRows();
  const amount: string = rows[0]!.amount;
  // @ts-expect-error a row's fields are strings
  const wrong: number = rows[0]!.status;
  const sandbox = new SandboxClient({ apiUrl: "http://127.0.0.1:4200", secretKey: "sk_test_x" });
  const advanced = await sandbox.advanceClock({ days: 1 });
  return [amount, wrong, advanced.automatic_payouts.toFixed(0)];
}

const { ConnectPayoutsList } = await import("${pkg.name}/react").then((m) => m.connectComponents);
export const app = (
  <ConnectComponentsProvider connectInstance={Promise.resolve(instance)}>
    <ConnectPayoutsList className="payouts" />
    <ConnectAccountOnboarding onExit={() => {}} onStepChange={({ step }) => step.trim()} />
    {/* @ts-expect-error an internal setter is not a prop */}
    <ConnectAccountOnboarding prefillOptions={{}} />
    <${pkg.name}-payout-details payout="po_1" ref={(el) => el?.setAttribute("inline", "true")} />
  </ConnectComponentsProvider>
);
`;

const scratchDirs: string[] = [];
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

describe("packaging (USERS.md 1 and 14)", () => {
  it("package.json has an exports map for . and ./react, each with its types, and sideEffects: false", () => {
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.exports["."]).toEqual({
      types: "./dist/sdk/index.d.ts",
      import: "./dist/sdk/index.js",
    });
    expect(pkg.exports["./react"]).toEqual({
      types: "./dist/sdk/react.d.ts",
      import: "./dist/sdk/react.js",
    });
  });

  it("ships the sandbox command, the built hosts and <package>/testing, with playwright-core a peer dependency", () => {
    expect(pkg.exports["./testing"]).toEqual({
      types: "./dist/testing/index.d.ts",
      import: "./dist/testing/index.js",
    });
    expect(Object.values(pkg.bin)).toEqual(["dist/server/sandbox.js"]);
    for (const shipped of ["dist/connect", "dist/sdk", "dist/server", "dist/testing"])
      expect(pkg.files).toContain(shipped);
    expect(pkg.peerDependencies["playwright-core"]).toBeDefined();
    expect(pkg.dependencies["playwright-core"]).toBeUndefined();
  });

  it("the generated declarations type-check from a consumer's project, through the exports map", () => {
    // Inside node_modules so the package's own dependencies (react, zod, xstate) resolve.
    mkdirSync(join(root, "node_modules", ".cache"), { recursive: true });
    const scratch = mkdtempSync(join(root, "node_modules", ".cache", "sdk-consumer-"));
    scratchDirs.push(scratch);
    const packageDir = join(scratch, "node_modules", pkg.name);
    mkdirSync(join(packageDir, "dist", "sdk"), { recursive: true });
    writeFileSync(
      join(packageDir, "package.json"),
      JSON.stringify({ name: pkg.name, type: "module", exports: pkg.exports }),
    );
    expect(buildTypes(join(packageDir, "dist", "sdk"))).toBe(0);
    writeFileSync(join(scratch, "consumer.tsx"), consumer);
    // Its own package scope: else the repository's package.json would resolve its own name.
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({ name: "platform", private: true, type: "module" }),
    );
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          jsx: "react-jsx",
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["consumer.tsx"],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", scratch],
      { encoding: "utf8" },
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 240_000);
});
