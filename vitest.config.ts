import { defineConfig } from "vitest/config";

/**
 * Unit, model-based and server tests. Browser tests (`*.e2e.ts`) have their own config
 * (`test/e2e/vitest.config.ts`) because they need a build and real origins.
 */
export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "dist/**", "**/.*/**", "test/e2e/**"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    // Passwords hash at a low scrypt cost here; production uses N = 2^17 (server/http/secrets.ts).
    env: { PASSWORD_SCRYPT_LOG2N: "12" },
    hookTimeout: 60_000,
  },
});
