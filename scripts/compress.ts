// After `react-router build`: a Brotli (.br) and a gzip (.gz) copy beside every text file in
// build/client, so the server sends compressed files without compressing on each request
// (server/app.ts picks one by Accept-Encoding). A copy that would not be smaller is not written.
import { readdirSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { extname, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { isPrecompressedCopy, precompressedExtension } from "../server/encoding";

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

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

/** Brotli at its best quality is slow: the files are compressed side by side on libuv's threads. */
export async function compressDir(dir: string) {
  const all = [...files(dir)];
  for (const file of all.filter(isPrecompressedCopy)) rmSync(file);
  const sources = all.filter((file) => !isPrecompressedCopy(file) && compressibleExtensions.has(extname(file)));
  const sizes = await Promise.all(
    sources.map(async (file) => {
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: 9 }),
      ]);
      if (br.length < source.length) await writeFile(file + precompressedExtension.br, br);
      if (gz.length < source.length) await writeFile(file + precompressedExtension.gzip, gz);
      return { before: source.length, after: Math.min(br.length, source.length) };
    }),
  );
  return {
    count: sizes.length,
    before: sizes.reduce((sum, size) => sum + size.before, 0),
    after: sizes.reduce((sum, size) => sum + size.after, 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? "build/client");
  const { count, before, after } = await compressDir(dir);
  console.log(
    `Compressed ${count} files in ${relative(process.cwd(), dir) || "."}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (Brotli)`,
  );
}
