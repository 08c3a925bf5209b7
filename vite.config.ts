import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { provider } from "./protocol/provider.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The connect host: one HTML page per browser context that runs on the provider's connect
 * origin (the hidden data-layer frame, the component UI frame, the sign-in popup). Pages are
 * plain HTML that load one module each, so they run under a CSP without inline script.
 */
export const connectPages = {
  "data-layer": here("./connect/data-layer.html"),
  frame: here("./connect/frame.html"),
  popup: here("./connect/popup.html"),
  /** The UI library (the internal debug-ui-library tool's page): every kit primitive. */
  "ui-library": here("./connect/ui-library.html"),
};

const connectHost: UserConfig = {
  root: here("./connect"),
  base: "./",
  plugins: [react()],
  build: {
    outDir: here("./dist/connect"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // dist/connect/.vite/manifest.json: the benchmark measures each page's JavaScript from it.
    manifest: true,
    // The modulepreload polyfill would need an inline script; every supported browser has it.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: Object.fromEntries(Object.entries(connectPages).filter(([, p]) => existsSync(p))),
    },
  },
};

/** The platform SDK: an ES module for bundlers and a classic script for a plain <script> tag. */
const sdk: UserConfig = {
  build: {
    outDir: here("./dist/sdk"),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: true,
    lib: {
      entry: here("./sdk/index.ts"),
      name: `${provider.name}Connect`,
      formats: ["es", "iife"],
      fileName: (format) => (format === "es" ? "index.js" : `${provider.id}.js`),
    },
  },
};

export default defineConfig(({ mode }) => (mode === "sdk" ? sdk : connectHost));
