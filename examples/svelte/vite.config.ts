import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The Svelte example, built as a Svelte app is: Vite with @sveltejs/vite-plugin-svelte. The
 * example platform's backend renders the page and serves this build under `/svelte/`
 * (examples/platform/frameworks.ts).
 */
export default defineConfig({
  root: here("."),
  base: "/svelte/",
  publicDir: false,
  plugins: [svelte()],
  build: {
    outDir: here("../../dist/examples/svelte"),
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
