// Precompressed siblings of the connect host's hashed assets and of the platform SDK
// (`<file>.br`, `<file>.gz`), written once at build time so the connect host sends them as
// they are (server/hosts/connect.ts picks one by the request's Accept-Encoding). Brotli at
// its highest quality and gzip at level 9: both are paid once here, not per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(js|css|json|svg)$/;

/** Writes the siblings of every compressible file under `dir`; returns how many files. */
export function compressDir(dir) {
  let count = 0;
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += compressDir(path);
      continue;
    }
    if (!compressible.test(name)) continue;
    const source = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    count++;
  }
  return count;
}
