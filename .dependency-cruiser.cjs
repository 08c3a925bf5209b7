// The layering of docs/architecture.md, checked by `npm run deps` (part of `npm test`).
// From the ground up: protocol ← machines ← ui ← actors ← sdk, with server, examples,
// bench, scripts and test on top. A file may import its own layer or one below it, never
// one above — type-only imports included (`tsPreCompilationDeps`) — and no import may
// close a cycle. `scripts/deps.test.ts` runs this same file over a fixture with a
// planted upward import and a planted cycle, so the check is known to fail when it should.

/** The layers, lowest first; each may import only itself and those before it. */
const layers = ["protocol", "machines", "ui", "actors", "sdk"];
/** On top of every layer, beside each other (they may use each other and every layer). */
const top = ["server", "examples", "bench", "scripts", "test", "connect"];

/** `^(a|b)/` — a path under any of the folders. */
const under = (folders) => `^(${folders.join("|")})/`;

const upward = layers.map((layer, index) => ({
  name: `no-upward-from-${layer}`,
  comment: `${layer}/ imports only ${layers.slice(0, index + 1).join(", ")} (docs/architecture.md, "Layers")`,
  severity: "error",
  from: { path: under([layer]) },
  to: { path: under([...layers.slice(index + 1), ...top]) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: "no-cycle",
      comment: "an import cycle, type-only imports included",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.oriel)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
