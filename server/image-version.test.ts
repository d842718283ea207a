import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/temp-dir";
import { imagesVersion } from "./image-version";

describe("imagesVersion", () => {
  it("is the same for public/images and the build's copy of it, whatever the build adds beside the files", () => {
    const source = tempDir("images");
    writeFileSync(join(source, "a.svg"), "<svg/>");
    writeFileSync(join(source, "pen.jpg"), "jpeg");
    const built = tempDir("built-images");
    cpSync(source, built, { recursive: true });
    for (const copy of ["a.svg.br", "a.svg.gz", "pen-400w.webp", "pen-800w.webp"])
      writeFileSync(join(built, copy), copy);
    expect(imagesVersion(built)).toBe(imagesVersion(source));
    expect(imagesVersion(source)).toMatch(/^[0-9a-f]{10}$/);
  });
});
