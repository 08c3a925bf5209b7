import { defineConfig } from "vitest/config";

/**
 * Unit, model-based and server tests. Browser tests (`*.e2e.ts`) have their own config
 * (`test/e2e/vitest.config.ts`) because they need a build and real origins.
 *
 * Two projects. `unit` shares each worker's module graph between its files
 * (`isolate: false`): loading zod, XState, React and the catalogue once per worker instead of
 * once per file cut that stage's time about fourfold. `isolated` gives every file fresh
 * modules: the server (a database per file), and the files whose check needs a module to
 * load fresh or mocks one (they are listed here; a new one joins them).
 */
const freshModules = [
  // zod reads `jitless` when a schema is built: the schemas must load after it is set.
  "protocol/messages/jitless.test.ts",
  // `vi.mock` of the loader and stubbed globals.
  "sdk/declarative.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    // Passwords hash at a low scrypt cost here; production uses N = 2^17 (server/http/secrets.ts).
    env: { PASSWORD_SCRYPT_LOG2N: "12" },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.{ts,tsx}"],
          exclude: [
            "node_modules/**",
            "dist/**",
            "**/.*/**",
            "test/e2e/**",
            "server/**",
            ...freshModules,
          ],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["server/**/*.test.{ts,tsx}", ...freshModules],
          exclude: ["node_modules/**", "dist/**", "**/.*/**"],
        },
      },
    ],
  },
});
