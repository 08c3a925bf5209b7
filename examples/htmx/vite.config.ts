import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The HTMX example's one script — HTMX from its npm package, and the SDK — bundled by Vite.
 * The example platform's backend renders the page and its fragments (`fragments.ts`) and
 * serves this build under `/htmx/` (examples/platform/frameworks.ts).
 */
export default defineConfig({
  root: here("."),
  base: "/htmx/",
  publicDir: false,
  build: {
    outDir: here("../../dist/examples/htmx"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // The polyfill would need an inline script, which the platform's CSP forbids.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: here("./main.ts") },
      output: {
        entryFileNames: "assets/[name].js",
        chunkFileNames: "assets/chunks/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
