import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseIcu } from "@formatjs/icu-messageformat-parser";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, parseAst, type Rolldown, type UserConfig } from "vite";
import { platformManifestFields } from "./protocol/catalogue/manifest.ts";
import { defaultLocale } from "./protocol/locales.ts";
import { provider } from "./protocol/provider.ts";
import { firstPaintPlan } from "./scripts/first-paint-plan.ts";
import { compileDescriptorTexts } from "./scripts/message-descriptors.ts";

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
  /** The mobile entry page a native app's web view loads (docs/mobile.md). */
  entry: here("./connect/entry.html"),
};

/**
 * ICU messages compiled at build time. Each locale catalogue (`ui/i18n/messages/<locale>.json`,
 * the one source) becomes a module of parsed messages (the AST react-intl formats directly),
 * one chunk per locale, and the frames carry no message parser: `@formatjs/icu-messageformat-
 * parser` resolves to its `no-parser` build (formatjs's documented way), for each copy in
 * node_modules. A message is therefore never parsed in the browser: a catalogue other than
 * en-US holds every id (ui/i18n/catalogue.test.ts), and en-US's messages are compiled into the
 * descriptors (`englishDescriptors`, below).
 */
const messagesDir = here("./ui/i18n/messages/");
const compiledPrefix = `\0${provider.tagPrefix}-compiled-messages:`;

/** A catalogue's messages parsed, as intl-messageformat parses them (skeletons for its locale). */
function compileCatalogue(file: string): Record<string, unknown> {
  const source = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const locale = new Intl.Locale(file.slice(file.lastIndexOf("/") + 1, -".json".length));
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      compiled[key] = parseIcu(message, { locale });
    } catch (error) {
      throw new Error(`${file}: message "${key}" is not valid ICU: ${String(error)}`);
    }
  }
  return compiled;
}

const precompiledMessages = (): Plugin => ({
  name: "precompiled-messages",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (source === "@formatjs/icu-messageformat-parser" && importer)
      return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, {
        ...options,
        skipSelf: true,
      });
    if (!importer || !source.endsWith(".json")) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.startsWith(messagesDir)) return null;
    // Not ending in .json, so Vite's JSON plugin leaves the compiled module alone.
    return `${compiledPrefix}${resolved.id}.mjs`;
  },
  load(id) {
    if (!id.startsWith(compiledPrefix)) return null;
    const file = id.slice(compiledPrefix.length, -".mjs".length);
    this.addWatchFile(file);
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(file)))});`;
  },
});

/**
 * Each message descriptor carries its en-US message, compiled, in the connect host's bundles
 * (scripts/message-descriptors.ts): the en-US catalogue (`messages/en-US.json`, still the one
 * source: its compiled messages replace each descriptor's `defaultMessage`) is no chunk of its
 * own, and a frame in en-US carries only the messages of the modules it loads, where it
 * carried all of them. react-intl formats a descriptor's default message when the locale is
 * the default one; any other locale loads its one catalogue. Descriptions are dropped.
 */
const englishDescriptors = (): Plugin => {
  const file = join(messagesDir, `${defaultLocale}.json`);
  let english: Record<string, unknown> | undefined;
  return {
    name: "english-descriptors",
    buildStart() {
      this.addWatchFile(file);
      english = compileCatalogue(file);
    },
    transform(code, id) {
      if (id.includes("/node_modules/")) return null;
      try {
        const out = compileDescriptorTexts(code, parseAst, (key) => english?.[key]);
        // No line moves (columns after a short message on its line may): the map stays.
        return out === undefined ? null : { code: out, map: null };
      } catch (error) {
        this.error(`${id}: ${String(error)}`);
      }
    },
  };
};

/**
 * The connect host is two builds into dist/connect (`npm run build` runs them in this order):
 * - `connect`: every page but the data layer's, one chunk graph (the frames, the popup, the
 *   UI library and the entry page share their chunks);
 * - `data-layer`: the data-layer page alone. Built with the others, each module it shares
 *   with a frame became a chunk of its own (31 chunks, each compressed apart, 68.8 KB); alone,
 *   its chunks are only those its own lazy imports make (docs/architecture.md, issue 13).
 * Each writes its manifest (`.vite/manifest.json`, `.vite/manifest.data-layer.json`); the
 * benchmark reads both. The data layer's files are in `assets/data-layer/`, so no chunk of one
 * build can overwrite one of the other's.
 */
const dataLayerPage = "data-layer";

/**
 * The data layer's build treats every `z.…` call as pure (`manualPureFunctions`): a schema
 * built at a module's top level and never used there (the replies it sends but never parses,
 * a frame's messages) is dropped, where a bundler must otherwise keep any call it cannot
 * prove free of effects. The one zod call made for its effect, the entry's jitless flag,
 * is made by name (`config`); this check fails the build if the flag is gone from the entry.
 */
const dataLayerKeepsJitless = (): Plugin => ({
  name: "data-layer-keeps-jitless",
  generateBundle(_options, bundle) {
    const entry = Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry);
    if (entry?.type !== "chunk" || !/jitless\s*:/.test(entry.code))
      this.error(
        "the data layer's entry no longer sets zod's jitless flag (actors/data-layer/main.ts)",
      );
  },
});

/**
 * Each page's first paint in a few chunks (issue 13). Rollup's automatic splitting makes one
 * chunk per set of entries (every lazy import is one: each view, each locale, each part a
 * page awaits at start) that reach a module: some 50 chunks for a frame's shell alone, each
 * compressed apart and paying its import lines.
 *
 * So the connect build first plans: it builds once in memory with Rollup's own splitting,
 * which places each module's code (after tree-shaking) by the entries that need it, and reads
 * from that chunk graph, for every module, the pages that load it at their first paint (what
 * the bundle bench counts: the page's script, the chunks the script imports at start, their
 * static imports) and the pages that load it only later (a lazy chunk of theirs). Then it
 * builds for real with one chunk per such pair: the modules the frame and the popup both need
 * first are one chunk, those only the frame needs another, and no page loads, at its first
 * paint, a module it does not need then. A frame's view is part of its first paint, so a
 * module a view needs that the frame's shell does not (a kit primitive the popup also uses)
 * is left to Rollup, as are the views' own modules and every lazy chunk (shared between
 * frames as before).
 */
const firstPaintChunks = (plan: () => UserConfig) => {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: "first-paint-chunks",
    apply: "build",
    async buildStart() {
      const config = plan();
      const output = await build({
        ...config,
        configFile: false,
        logLevel: "silent",
        build: {
          ...config.build,
          write: false,
          emptyOutDir: false,
          manifest: false,
          sourcemap: false,
        },
      });
      chunkOf.clear();
      for (const [id, name] of firstPaintPlan(output as Rolldown.RolldownOutput))
        chunkOf.set(id, name);
    },
  };
  // A planned module's code needs only modules its pages load no later than it: this group's
  // chunks import none of Rollup's own, so none of them imports back.
  const group = {
    name: (id: string) => chunkOf.get(id) ?? null,
    includeDependenciesRecursively: false,
  };
  return { plugin, groups: [group] };
};

const connectBuild = (
  pages: Record<string, string>,
  dataLayer: boolean,
  planning = false,
): UserConfig => {
  const firstPaint = firstPaintChunks(() => connectBuild(pages, false, true));
  return {
    root: here("./connect"),
    base: "./",
    plugins: [
      precompiledMessages(),
      englishDescriptors(),
      react(),
      ...(dataLayer ? [dataLayerKeepsJitless()] : planning ? [] : [firstPaint.plugin]),
    ],
    build: {
      outDir: here("./dist/connect"),
      emptyOutDir: !dataLayer,
      assetsDir: dataLayer ? `assets/${dataLayerPage}` : "assets",
      target: "es2022",
      sourcemap: true,
      // dist/connect/.vite/manifest*.json: the benchmark measures each page's JavaScript from it.
      manifest: dataLayer ? `.vite/manifest.${dataLayerPage}.json` : true,
      // The modulepreload polyfill would need an inline script; every supported browser has it.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: Object.fromEntries(Object.entries(pages).filter(([, p]) => existsSync(p))),
        ...(dataLayer
          ? { treeshake: { manualPureFunctions: ["z"] } }
          : planning
            ? {}
            : { output: { codeSplitting: { groups: firstPaint.groups } } }),
      },
    },
  };
};
const connectHost = connectBuild(
  Object.fromEntries(Object.entries(connectPages).filter(([name]) => name !== dataLayerPage)),
  false,
);
const dataLayerHost = connectBuild({ [dataLayerPage]: connectPages[dataLayerPage] }, true);

/**
 * The platform SDK, three builds into dist/sdk (`npm run build` runs them in this order):
 * - `sdk`: the ES modules for bundlers, `index.js` and `react.js` ("use client" kept on top);
 * - `sdk-chunks`: the classic script's lazy chunks as ES modules (`classic/<name>-<hash>.js`,
 *   listed in `classic/chunks.json`);
 * - `sdk-classic`: the classic script `<id>.js` (IIFE), whose lazy imports load those chunks
 *   from the directory it was served from (actors/platform/chunks.classic.ts).
 */
const sdkDir = here("./dist/sdk");
const classicChunkList = "classic/chunks.json";
const classicChunkEntries = {
  session: here("./actors/platform/session.chunk.ts"),
  hostServer: here("./actors/platform/host-server.chunk.ts"),
  validate: here("./actors/platform/validate.chunk.ts"),
  optionsCheck: here("./actors/platform/options.check.ts"),
};

/**
 * The SDK builds' view of the generated catalogue manifest: each entry keeps only the fields
 * the SDK reads (`platformManifestFields`; its code is typed with `PlatformManifestEntry`),
 * so the platform script carries no error texts or feature lists (about 1.1 KB min+gzip).
 * The generated file stays the one source; this projects it line by line (one entry a line).
 */
const platformManifest = (): Plugin => ({
  name: "platform-manifest",
  enforce: "pre",
  transform(code, id) {
    if (!id.endsWith("/protocol/catalogue/manifest.generated.ts")) return null;
    const keep = new Set<string>(platformManifestFields);
    let entries = 0;
    const projected = code.replace(/^ {2}("[a-z0-9-]+"): (\{.*\}),$/gm, (_line, name, json) => {
      entries++;
      const entry = JSON.parse(json) as Record<string, unknown>;
      // A false flag (`disableMinWidth`) is left out: absent reads as false (PlatformManifestEntry).
      const kept = Object.fromEntries(
        Object.entries(entry).filter(([field, value]) => keep.has(field) && value !== false),
      );
      return `  ${name}: ${JSON.stringify(kept)},`;
    });
    if (entries === 0) this.error(`${id}: no entry matched; update the platform-manifest plugin`);
    return { code: projected, map: null };
  },
});

const sdk: UserConfig = {
  plugins: [platformManifest()],
  build: {
    outDir: sdkDir,
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    lib: {
      entry: {
        index: here("./sdk/index.ts"),
        react: here("./sdk/react.tsx"),
        webhooks: here("./sdk/webhooks.ts"),
      },
      formats: ["es"],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      external: [/^react(\/.*)?$/, /^react-dom(\/.*)?$/],
      // The modules the entry and its lazy chunks share go into ONE chunk: as separate chunks
      // (the provider, the manifest, the messaging types) each paid its own import lines and
      // gzip frame in the platform script's initial bytes (10.10 → 9.95 KB).
      output: {
        codeSplitting: {
          groups: [
            {
              name: "shared",
              test: /protocol\/provider\.ts|manifest\.generated\.ts|actors\/messaging\/(types|names)\.ts/,
            },
          ],
        },
      },
      // react.js keeps its "use client" on top: the entry module's directive is preserved.
      onLog(level, log, handler) {
        if (log.code === "MODULE_LEVEL_DIRECTIVE" && log.id?.endsWith("react.tsx")) return;
        handler(level, log);
      },
    },
  },
};

const sdkChunks: UserConfig = {
  build: {
    outDir: sdkDir,
    emptyOutDir: false,
    target: "es2022",
    sourcemap: true,
    lib: { entry: classicChunkEntries, formats: ["es"] },
    rollupOptions: {
      output: {
        // Served to browsers as they are (no bundler after them): minified.
        minify: true,
        entryFileNames: "classic/[name]-[hash].js",
        chunkFileNames: "classic/[name]-[hash].js",
      },
    },
  },
  plugins: [
    platformManifest(),
    {
      name: "classic-chunk-list",
      generateBundle(_options, bundle) {
        const files: Record<string, string> = {};
        for (const chunk of Object.values(bundle))
          if (chunk.type === "chunk" && chunk.isEntry)
            files[chunk.name] = chunk.fileName.replace(/^classic\//, "");
        this.emitFile({
          type: "asset",
          fileName: classicChunkList,
          source: JSON.stringify(files),
        });
      },
    },
  ],
};

const sdkClassic = (): UserConfig => {
  const listFile = join(sdkDir, classicChunkList);
  const list = JSON.parse(readFileSync(listFile, "utf8")) as Record<string, string>;
  const files = Object.fromEntries(
    Object.keys(classicChunkEntries).map((key) => {
      if (!list[key]) throw new Error(`${listFile} lacks ${key}: run the sdk-chunks build first`);
      return [key, `classic/${list[key]}`];
    }),
  );
  const chunksModule = here("./actors/platform/chunks.ts");
  return {
    define: { __SDK_CLASSIC_CHUNKS__: JSON.stringify(files) },
    build: {
      outDir: sdkDir,
      emptyOutDir: false,
      target: "es2022",
      sourcemap: true,
      lib: {
        // The SDK's entry plus declarative use (a page configured by its markup).
        entry: here("./sdk/classic.ts"),
        name: `${provider.name}Connect`,
        formats: ["iife"],
        fileName: () => `${provider.id}.js`,
      },
    },
    plugins: [
      platformManifest(),
      {
        name: "classic-chunks",
        enforce: "pre",
        async resolveId(source, importer) {
          if (!importer || !source.endsWith("chunks.ts")) return null;
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          return resolved?.id === chunksModule ? here("./actors/platform/chunks.classic.ts") : null;
        },
      },
    ],
  };
};

export default defineConfig(({ mode }) => {
  if (mode === dataLayerPage) return dataLayerHost;
  if (mode === "sdk") return sdk;
  if (mode === "sdk-chunks") return sdkChunks;
  if (mode === "sdk-classic") return sdkClassic();
  return connectHost;
});
