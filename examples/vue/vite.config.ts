import { fileURLToPath } from "node:url";
import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";
import { provider } from "../../protocol/provider.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The Vue example, built as a Vue app is: Vite with @vitejs/plugin-vue. The example platform's
 * backend renders the page and serves this build under `/vue/` (examples/platform/frameworks.ts).
 * The components' tags are custom elements, not Vue components: `isCustomElement` says so.
 */
export default defineConfig({
  root: here("."),
  base: "/vue/",
  publicDir: false,
  plugins: [
    vue({
      template: {
        compilerOptions: { isCustomElement: (tag) => tag.startsWith(`${provider.tagPrefix}-`) },
      },
    }),
  ],
  build: {
    outDir: here("../../dist/examples/vue"),
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
