import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The browser half of the server-rendered React example (`client.tsx`, which hydrates), built
 * by Vite with @vitejs/plugin-react. The example platform's backend renders the page with
 * `render.tsx` and serves this build under `/react-ssr/` (examples/platform/frameworks.ts).
 */
export default defineConfig({
  root: here("."),
  base: "/react-ssr/",
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: here("../../dist/examples/react-ssr"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // The polyfill would need an inline script, which the platform's CSP forbids.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { client: here("./client.tsx") },
      output: {
        entryFileNames: "assets/[name].js",
        chunkFileNames: "assets/chunks/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
