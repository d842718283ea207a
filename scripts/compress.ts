// After `react-router build`: a Brotli (.br) and a gzip (.gz) copy beside every text file in
// build/client, so the server sends compressed files without compressing on each request
// (server/app.ts picks one by Accept-Encoding). A copy that would not be smaller is not written.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isPrecompressedCopy, precompressedExtension } from "../server/encoding";

export const compressibleExtensions = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".xml",
  ".txt",
  ".json",
  ".data",
  ".webmanifest",
  ".ico",
]);

/** Every file under dir, depth first. */
export function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export function compressDir(dir: string) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const file of [...files(dir)]) {
    if (isPrecompressedCopy(file)) {
      rmSync(file);
      continue;
    }
    if (!compressibleExtensions.has(extname(file))) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(file + precompressedExtension.br, br);
    if (gz.length < source.length) writeFileSync(file + precompressedExtension.gzip, gz);
    count += 1;
    before += source.length;
    after += Math.min(br.length, source.length);
  }
  return { count, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? "build/client");
  const { count, before, after } = compressDir(dir);
  console.log(
    `Compressed ${count} files in ${relative(process.cwd(), dir) || "."}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (Brotli)`,
  );
}
