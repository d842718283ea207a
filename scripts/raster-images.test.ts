import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/temp-dir";
import { writeRasterCopies } from "./raster-images";

describe("writeRasterCopies", () => {
  it("writes a 400 and an 800 px WebP copy of each photograph, never enlarged, and leaves drawings and share images alone", async () => {
    const images = tempDir("raster-images");
    mkdirSync(join(images, "products"));
    mkdirSync(join(images, "share", "portfolio"), { recursive: true });
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#0f766e" } });
    await photo(1600, 1200)
      .jpeg()
      .toFile(join(images, "products", "pen.jpg"));
    await photo(600, 375).png().toFile(join(images, "small.png"));
    writeFileSync(join(images, "drawing.svg"), "<svg/>");
    await photo(1200, 630)
      .png()
      .toFile(join(images, "share", "portfolio", "onset-pen.png"));

    await writeRasterCopies(images);

    const widthOf = async (file: string) => {
      const { width, format } = await sharp(join(images, file)).metadata();
      return `${format} ${width}`;
    };
    expect(await widthOf("products/pen-400w.webp")).toBe("webp 400");
    expect(await widthOf("products/pen-800w.webp")).toBe("webp 800");
    expect(await widthOf("small-400w.webp")).toBe("webp 400");
    expect(await widthOf("small-800w.webp")).toBe("webp 600");
    expect(readdirSync(images).sort()).toEqual([
      "drawing.svg",
      "products",
      "share",
      "small-400w.webp",
      "small-800w.webp",
      "small.png",
    ]);
    expect(readdirSync(join(images, "share", "portfolio"))).toEqual(["onset-pen.png"]);
  });
});
