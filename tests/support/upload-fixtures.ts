import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

// Files a buyer (or an attacker) might attach to a quote request, made from scratch for the tests.

const EXIF = { IFD0: { Copyright: "EXIF-SECRET-OWNER", ImageDescription: "EXIF-SECRET-NOTE" } };

const drawing = (width = 240, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: { r: 21, g: 101, b: 192 } } });

export const fixtures = {
  /** A PNG logo carrying EXIF metadata. */
  png: () => drawing().png().withExif(EXIF).toBuffer(),
  jpeg: () => drawing().jpeg().withExif(EXIF).toBuffer(),
  webp: () => drawing().webp({ lossless: true }).withExif(EXIF).toBuffer(),
  /** The studio's mockup. */
  mockup: () => drawing(400, 300).png().toBuffer(),
  svg: () =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><defs><linearGradient id="g"><stop offset="0" stop-color="#1565c0"/></linearGradient></defs><rect width="100" height="50" fill="url(#g)"/></svg>`,
    ),
  hostileSvg: () =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" onload="alert('HIDDEN-ONLOAD')"><script>alert("HIDDEN-SCRIPT")</script>` +
        `<image href="https://evil.example/HIDDEN-TRACKER.png" width="10" height="10"/><rect width="100" height="50" fill="#1565c0"/></svg>`,
    ),
  /** A PNG cut short: its image data ends half way. */
  truncatedPng: async () => {
    const whole = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    return whole.subarray(0, Math.floor(whole.length / 2));
  },
  /** A small, valid-looking PNG that declares 20000 × 20000 pixels (400 megapixels once decoded). */
  decompressionBomb: () => pngDeclaring(20_000, 20_000),
  elf: () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(8192, 0x90)]),
  windowsExe: () =>
    Buffer.concat([
      Buffer.from("MZ"),
      Buffer.alloc(58),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(64),
      Buffer.from("PE\0\0"),
      Buffer.alloc(8192),
    ]),
  text: () => Buffer.from("This is a text file with a .png name.\n".repeat(20)),
  /** A PNG signature and header followed by padding, `bytes` long (refused on size before any decoding). */
  pngOfSize: (bytes: number) => {
    const head = pngDeclaring(100, 100);
    return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x41)]);
  },
  svgOfSize: (bytes: number) => {
    const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><!--`;
    const close = `--></svg>`;
    return Buffer.from(open + "x".repeat(bytes - open.length - close.length) + close);
  },
  /** Random pixels do not compress: a PNG close to 5 MB for ~1.6 megapixels. */
  noisePng: (side = 1270) =>
    sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 90 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer(),
};

function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // A few rows of zeros: a real bomb would hold the whole image in a few hundred KB; the header is what counts.
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
