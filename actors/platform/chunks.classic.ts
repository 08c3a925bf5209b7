import { hostsFor } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import type { Chunks } from "./chunks.ts";

/**
 * `chunks.ts` for the classic script (vite.config.ts swaps it in, `sdk-classic` mode). A
 * classic script cannot be split by the bundler, but it may call `import()` on an absolute
 * URL: each lazy chunk is an ES module built beside the script (`classic/<name>-<hash>.js`),
 * imported from the directory the script was served from — the connect host's versioned
 * path `<connect>/v<version>/`. Only when that is unknown (the script was not loaded by a
 * `<script src>`) does it fall back to the production connect host's path.
 */

/** The built chunk files by key, relative to the script's directory (set by the build). */
declare const __SDK_CLASSIC_CHUNKS__: Record<keyof Chunks, string> | undefined;

/** The directory the running classic script was loaded from, read while it evaluates. */
export function scriptBase(doc: Pick<Document, "currentScript"> | undefined): string {
  const script = doc?.currentScript;
  const src = script && "src" in script ? script.src : "";
  if (src) return new URL(".", src).href;
  return `${hostsFor("prod").connect}${sdkPath}`;
}

export function classicChunks(
  base: string,
  files: Record<keyof Chunks, string> | undefined,
): Chunks {
  const load = <T>(key: keyof Chunks): Promise<T> =>
    files
      ? (import(/* @vite-ignore */ new URL(files[key], base).href) as Promise<T>)
      : Promise.reject(new Error("the classic script's chunk list is set by its build"));
  return {
    session: () => load("session"),
    hostServer: () => load("hostServer"),
    validate: () => load("validate"),
    optionsCheck: () => load("optionsCheck"),
  };
}

export const chunks: Chunks = classicChunks(
  scriptBase(typeof document === "undefined" ? undefined : document),
  typeof __SDK_CLASSIC_CHUNKS__ === "undefined" ? undefined : __SDK_CLASSIC_CHUNKS__,
);
