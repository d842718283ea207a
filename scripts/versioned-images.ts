// Images under public/images keep their names (a drawing or a photograph is replaced by replacing its
// file), so their URLs carry a version instead: "/images/pens.svg" in the app's source becomes
// "/images/pens.svg?v=3f2a…" in the build (server/image-version.ts). The server caches a URL with the
// current version for a year; pages built after an image changes ask for new URLs. A path made at run
// time (a page's share image, `shareImage` in app/lib/seo.ts) reads the version from __IMAGES_VERSION__.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { imagesVersion } from "../server/image-version";

const imageLiteral = /(["'`])(\/images\/[\w./-]+)\1/g;

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** `source` with every quoted "/images/…" path of a file under publicDir given the images' ?v= version (not a folder's). */
export function versionImagePaths(source: string, publicDir: string): string {
  return source.replace(imageLiteral, (literal, quote: string, path: string) =>
    isFile(join(publicDir, path)) ? `${quote}${path}?v=${imagesVersion(join(publicDir, "images"))}${quote}` : literal,
  );
}

export function versionedImages(publicDir = "public"): Plugin {
  return {
    name: "versioned-images",
    apply: "build",
    enforce: "pre",
    config: () => ({ define: { __IMAGES_VERSION__: JSON.stringify(imagesVersion(join(publicDir, "images"))) } }),
    transform(code, id) {
      if (!/[\\/]app[\\/][^?]*\.tsx?(\?|$)/.test(id) || !code.includes("/images/")) return null;
      const versioned = versionImagePaths(code, publicDir);
      return versioned === code ? null : { code: versioned, map: null };
    },
  };
}
