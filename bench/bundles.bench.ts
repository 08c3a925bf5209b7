import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { transformSync } from "esbuild";
import type { BenchRow } from "./bench.ts";

/**
 * The JavaScript each connect-host page loads, min+gzip, beside the targets of
 * ARCHITECTURE.md. Read from the build's manifest (`npm run build` first): a page's entry
 * plus everything it imports, statically or dynamically (the frames import their page module
 * dynamically, after zod's jitless flag is set, so it always loads) — except the locale
 * catalogues, of which a frame loads one (en-US is counted), and, for the component frame,
 * the views of other components: a frame loads only its own view, so there is one figure per
 * registered view, the shell plus that view (ARCHITECTURE.md's target is for a list frame).
 */
const dist = new URL("../dist/connect/", import.meta.url);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const targets: Record<string, { name: string; kb: number; perView?: true }> = {
  "data-layer.html": { name: "data-layer frame, all JS", kb: 35 },
  "frame.html": { name: "frame (shell + its view), initial JS", kb: 100, perView: true },
  "popup.html": { name: "sign-in popup, all JS", kb: 100 },
};

/** A component view module of the registry (`ui/components/<name>/…`), by its name. */
const viewOf = (id: string) => /(?:^|\/)ui\/components\/([a-z0-9-]+)\//.exec(id)?.[1];

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
  const manifestUrl = new URL(".vite/manifest.json", dist);
  if (!existsSync(manifestUrl)) {
    console.log("  (no build: run `npm run build` first)");
    return [];
  }
  const manifest = JSON.parse(readFileSync(manifestUrl, "utf8")) as Record<string, ManifestChunk>;
  const rows: BenchRow[] = [];
  const platform = platformScript();
  if (platform) rows.push(platform);
  if (platform) rows.push(...sdkEntries());
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const page = key.split("/").pop() ?? key;
    const target = targets[page];
    if (!target) continue;
    /** The page's files, with `only` the one component view it loads (all when undefined). */
    const measure = (only?: string) => {
      const files = new Set<string>();
      const visit = (id: string) => {
        if (/\/messages\/(?!en-US\.)[^/]+\.json$/.test(id)) return;
        const view = viewOf(id);
        if (only && view && view !== only) return;
        const c = manifest[id];
        if (!c || files.has(c.file)) return;
        files.add(c.file);
        for (const next of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) visit(next);
      };
      visit(key);
      let bytes = 0;
      for (const file of files)
        bytes += gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
      return { kb: bytes / 1024, chunks: files.size };
    };
    const views = target.perView
      ? [...new Set(Object.keys(manifest).map(viewOf))].filter((v): v is string => !!v).sort()
      : [undefined];
    for (const view of views) {
      const { kb, chunks } = measure(view);
      rows.push({
        name: view ? `${view} ${target.name}` : target.name,
        value: kb,
        unit: "KB",
        target: target.kb,
        note: `${chunks} chunks`,
      });
    }
  }
  return rows;
}
