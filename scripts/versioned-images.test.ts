import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/temp-dir";
import { versionImagePaths } from "./versioned-images";

function publicDir(files: Record<string, string>) {
  const dir = tempDir("versioned-images");
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe("versionImagePaths", () => {
  it("gives every quoted path of an image that exists the same version, in any quotes", () => {
    const dir = publicDir({ "images/a.svg": "<svg/>", "images/products/b.svg": "<svg></svg>" });
    const out = versionImagePaths(
      `const a = "/images/a.svg", b = '/images/products/b.svg', c = \`/images/a.svg\`;`,
      dir,
    );
    const version = /\?v=([0-9a-f]{10})"/.exec(out)?.[1];
    expect(version).toBeDefined();
    expect(out).toBe(
      `const a = "/images/a.svg?v=${version}", b = '/images/products/b.svg?v=${version}', c = \`/images/a.svg?v=${version}\`;`,
    );
  });

  it("leaves paths of missing files, of folders, unquoted text and other folders' files as they are", () => {
    const dir = publicDir({ "images/a.svg": "<svg/>", "images/share/home.png": "png", "og-image.png": "png" });
    const source = `"/images/missing.svg" /images/a.svg "/og-image.png" \`/images/products/\${id}.svg\` "/images/share"`;
    expect(versionImagePaths(source, dir)).toBe(source);
  });

  it("changes the version when an image's content changes", () => {
    const before = versionImagePaths(`"/images/a.svg"`, publicDir({ "images/a.svg": "<svg/>", "images/b.svg": "1" }));
    const after = versionImagePaths(`"/images/a.svg"`, publicDir({ "images/a.svg": "<svg/>", "images/b.svg": "2" }));
    expect(before).not.toBe(after);
  });
});
