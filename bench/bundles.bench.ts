import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { transformSync } from "esbuild";
import type { BenchRow } from "./bench.ts";

/**
 * The JavaScript each connect-host page loads, min+gzip, beside the targets of issue 13 and
 * ARCHITECTURE.md. Read from the builds' manifests (`npm run build` first): the pages' and the
 * data layer's, which is built alone (vite.config.ts).
 *
 * "Initial" is what a frame loads before its first paint: the page's entry and its static
 * imports, the dynamic imports the entry itself awaits at start (the frames import their
 * page module dynamically, after zod's jitless flag is set), the frame's own view (the
 * registry's lazy import for the component the frame shows), each with its static imports,
 * in en-US: en-US has no catalogue to load (its messages are compiled into the descriptors of
 * the modules that use them, vite.config.ts `englishDescriptors`); another locale loads its
 * one catalogue, whose size (fr-FR's) is printed beside each figure. Any other dynamic import
 * (a dialog, a chart, an export, the CLDR locale matcher a tag without a catalogue of its own
 * needs) loads only on a user's action or a setting: it is reported beside the initial
 * figure ("later"), not in it. The data-layer frame counts all its JavaScript (its target says so),
 * other locales excepted. There is one figure per registered view: the shell plus that view
 * (other components' views are never loaded).
 */
const dist = new URL("../dist/connect/", import.meta.url);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const targets: Record<string, { name: string; kb: number; perView?: true; all?: true }> = {
  "data-layer.html": { name: "data-layer frame, all JS", kb: 35, all: true },
  "frame.html": { name: "frame (shell + its view), initial JS", kb: 100, perView: true },
  "popup.html": { name: "sign-in popup, initial JS", kb: 100 },
  "entry.html": { name: "mobile entry page (the loader), initial JS", kb: 100 },
};

/**
 * A locale catalogue other than en-US (a frame loads one; en-US is the one counted). The
 * catalogues are JSON files that the build compiles into modules (`<locale>.json.mjs`).
 */
const otherLocale = (id: string) => /\/messages\/(?!en-US\.)[^/]+\.json(\.mjs)?$/.test(id);
const isLocale = (id: string) => /\/messages\/[^/]+\.json(\.mjs)?$/.test(id);

/** The module the registry loads for `view` (ui/components/registry.ts: `<view>/<view>.component.tsx`). */
const isViewModule = (id: string, view: string) =>
  id.endsWith(`ui/components/${view}/${view}.component.tsx`);

/**
 * The view a registry module is (`ui/components/<name>/<name>.component.tsx`), by its name.
 * Only these are filtered per frame: a view's own lazy chunks elsewhere under
 * `ui/components/` (another view's form, say) are counted for every frame that loads them.
 */
const viewOf = (id: string) =>
  /(?:^|\/)ui\/components\/([a-z0-9-]+)\/\1\.component\.tsx$/.exec(id)?.[1];

/**
 * The platform script: the SDK's ES entry and the chunks it imports statically (its lazy
 * chunks load later). Library builds write no manifest per format, so the static imports are
 * read from the built code itself.
 */
function platformScript(): BenchRow | undefined {
  const sdk = new URL("../dist/sdk/", import.meta.url);
  if (!existsSync(new URL("index.js", sdk))) return undefined;
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(new URL(file, sdk), "utf8");
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
      visit(m[1]!);
  };
  visit("index.js");
  // Library builds keep ES modules readable (for tree-shaking); minify as a platform's
  // bundler would before measuring.
  let bytes = 0;
  for (const file of files) {
    const code = readFileSync(new URL(file, sdk), "utf8");
    const minified = transformSync(code, { minify: true, format: "esm" }).code;
    bytes += gzipSync(minified, { level: 9 }).length;
  }
  return {
    name: "platform script (loader + element definitions), initial",
    value: bytes / 1024,
    unit: "KB",
    target: 10,
    note: `${files.size} chunks; more load lazily`,
  };
}

/** The SDK's other entries, min+gzip: the classic script (already minified) and React's. */
function sdkEntries(): BenchRow[] {
  const sdk = new URL("../dist/sdk/", import.meta.url);
  const rows: BenchRow[] = [];
  const classic = readdirSync(sdk).find(
    (f) => /^[a-z0-9-]+\.js$/.test(f) && !/^(index|react)\.js$/.test(f),
  );
  if (classic)
    rows.push({
      name: "platform classic script (<script src>), initial",
      value: gzipSync(readFileSync(new URL(classic, sdk)), { level: 9 }).length / 1024,
      unit: "KB",
      target: 10,
      note: "its chunks load lazily from classic/",
    });
  if (existsSync(new URL("react.js", sdk))) {
    const code = readFileSync(new URL("react.js", sdk), "utf8");
    const minified = transformSync(code, { minify: true, format: "esm" }).code;
    rows.push({
      name: "React wrappers (react.js), beside the platform script",
      value: gzipSync(minified, { level: 9 }).length / 1024,
      unit: "KB",
      note: "react itself not counted",
    });
  }
  return rows;
}

export default async function (): Promise<BenchRow[]> {
  // One manifest per connect-host build (vite.config.ts): the pages', then the data layer's.
  const manifestUrls = ["manifest.json", "manifest.data-layer.json"]
    .map((name) => new URL(`.vite/${name}`, dist))
    .filter((url) => existsSync(url));
  if (manifestUrls.length === 0) {
    console.log("  (no build: run `npm run build` first)");
    return [];
  }
  const rows: BenchRow[] = [];
  const platform = platformScript();
  if (platform) rows.push(platform);
  if (platform) rows.push(...sdkEntries());
  const pages: { key: string; manifest: Record<string, ManifestChunk> }[] = [];
  for (const url of manifestUrls) {
    const manifest = JSON.parse(readFileSync(url, "utf8")) as Record<string, ManifestChunk>;
    for (const [key, chunk] of Object.entries(manifest))
      if (chunk.isEntry) pages.push({ key, manifest });
  }
  // The data layer first, as before the builds were two.
  pages.sort(
    (a, b) => Number(b.key.endsWith("data-layer.html")) - Number(a.key.endsWith("data-layer.html")),
  );
  for (const { key, manifest } of pages) {
    const page = key.split("/").pop() ?? key;
    const target = targets[page];
    if (!target) continue;
    /**
     * The page's files before first paint (`initial`) and those only a later action loads
     * (`later`), with `only` the one component view it shows (all when undefined).
     */
    const measure = (only?: string) => {
      const initial = new Set<string>();
      const deferred: string[] = [];
      const visit = (id: string, isEntry = false) => {
        if (otherLocale(id)) return;
        const view = viewOf(id);
        if (only && view && view !== only) return;
        const c = manifest[id];
        if (!c || initial.has(c.file)) return;
        initial.add(c.file);
        for (const next of c.imports ?? []) visit(next);
        for (const next of c.dynamicImports ?? []) {
          const firstPaint =
            target.all ||
            isEntry ||
            isLocale(next) ||
            (only !== undefined && isViewModule(next, only));
          if (firstPaint) visit(next);
          else deferred.push(next);
        }
      };
      visit(key, true);
      const later = new Set<string>();
      const visitLater = (id: string) => {
        if (otherLocale(id)) return;
        const view = viewOf(id);
        if (only && view && view !== only) return;
        const c = manifest[id];
        if (!c || initial.has(c.file) || later.has(c.file)) return;
        later.add(c.file);
        for (const next of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) visitLater(next);
      };
      for (const id of deferred) visitLater(id);
      const kb = (files: Set<string>) => {
        let bytes = 0;
        for (const file of files)
          bytes += gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
        return bytes / 1024;
      };
      return { kb: kb(initial), chunks: initial.size, laterKb: kb(later), later: later.size };
    };
    // What a frame or the popup in another language loads besides: that locale's catalogue.
    const catalogue = Object.entries(manifest).find(([id]) =>
      /\/messages\/fr-FR\.json(\.mjs)?$/.test(id),
    )?.[1];
    const catalogueKb =
      catalogue && (target.perView || page === "popup.html")
        ? gzipSync(readFileSync(new URL(catalogue.file, dist)), { level: 9 }).length / 1024
        : undefined;
    const views = target.perView
      ? [...new Set(Object.keys(manifest).map(viewOf))].filter((v): v is string => !!v).sort()
      : [undefined];
    for (const view of views) {
      const { kb, chunks, laterKb, later } = measure(view);
      rows.push({
        name: view ? `${view} ${target.name}` : target.name,
        value: kb,
        unit: "KB",
        target: target.kb,
        note:
          `${chunks} chunks` +
          (catalogueKb ? `; in fr-FR also its catalogue, ${catalogueKb.toFixed(1)} KB` : "") +
          (later
            ? `; later (an action or a setting), beside it: ${laterKb.toFixed(1)} KB in ${later} chunks`
            : ""),
      });
    }
  }
  return rows;
}
