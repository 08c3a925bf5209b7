import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The example platform's browser code, bundled as any platform would bundle the SDK: one
 * module per page (the backend renders the HTML), chunks under `assets/chunks/`. Built by
 * `npm run build` into dist/platform; the platform's backend serves it from `/assets/`.
 */
const entries = {
  dashboard: here("./client/dashboard.ts"),
  plain: here("./client/plain.ts"),
  react: here("./client/react.tsx"),
};

export default defineConfig({
  root: here("."),
  base: "/",
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: here("../../dist/platform"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // The polyfill would need an inline script, which the platform's CSP forbids.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: Object.fromEntries(Object.entries(entries).filter(([, p]) => existsSync(p))),
      output: {
        entryFileNames: "assets/[name].js",
        chunkFileNames: "assets/chunks/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
