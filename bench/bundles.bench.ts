import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { BenchRow } from "./bench.ts";

/**
 * The JavaScript each connect-host page loads, min+gzip, beside the targets of
 * ARCHITECTURE.md. Read from the build's manifest (`npm run build` first): a page's entry
 * plus everything it imports, statically or dynamically (the frames import their page module
 * dynamically, after zod's jitless flag is set, so it always loads) — except the locale
 * catalogues, of which a frame loads one (en-US is counted).
 */
const dist = new URL("../dist/connect/", import.meta.url);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const targets: Record<string, { name: string; kb: number }> = {
  "data-layer.html": { name: "data-layer frame, all JS", kb: 35 },
  "frame.html": { name: "component frame, initial JS (shell, no view)", kb: 100 },
  "popup.html": { name: "sign-in popup, all JS", kb: 100 },
};

export default async function (): Promise<BenchRow[]> {
  const manifestUrl = new URL(".vite/manifest.json", dist);
  if (!existsSync(manifestUrl)) {
    console.log("  (no build: run `npm run build` first)");
    return [];
  }
  const manifest = JSON.parse(readFileSync(manifestUrl, "utf8")) as Record<string, ManifestChunk>;
  const rows: BenchRow[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const page = key.split("/").pop() ?? key;
    const target = targets[page];
    if (!target) continue;
    const files = new Set<string>();
    const visit = (id: string) => {
      if (/\/messages\/(?!en-US\.)[^/]+\.json$/.test(id)) return;
      const c = manifest[id];
      if (!c || files.has(c.file)) return;
      files.add(c.file);
      for (const next of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) visit(next);
    };
    visit(key);
    let bytes = 0;
    for (const file of files)
      bytes += gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
    rows.push({
      name: target.name,
      value: bytes / 1024,
      unit: "KB",
      target: target.kb,
      note: `${files.size} chunks`,
    });
  }
  return rows;
}
