import { crc32, deflateSync, gzipSync } from "node:zlib";
import sharp from "sharp";

// Files a buyer (or an attacker) might attach to a quote request, made from scratch for the tests.

const EXIF = { IFD0: { Copyright: "EXIF-SECRET-OWNER", ImageDescription: "EXIF-SECRET-NOTE" } };

const drawing = (width = 240, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: { r: 21, g: 101, b: 192 } } });

/** A phone camera's EXIF: its make and model, and where the photo was taken (Lahore). */
export const phoneExif = {
  IFD0: { Make: "PHONEMAKER-SECRET", Model: "PHONEMODEL-SECRET" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 31/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "74/1 21/1 0/1" },
};

/** Whether EXIF bytes point to a GPS section (tag 0x8825, in either byte order). */
export const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export const fixtures = {
  /**
   * A photo as a phone takes it held sideways: 4000 × 3000 pixels of noise (about 4 MB), stored
   * sideways with EXIF orientation 6 (turn 90° clockwise to view), the phone's make and model, and GPS.
   */
  phoneJpeg: () =>
    sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: "#777",
        noise: { type: "gaussian", mean: 128, sigma: 20 },
      },
    })
      .jpeg({ quality: 85 })
      .withMetadata({ orientation: 6 })
      .withExifMerge(phoneExif)
      .toBuffer(),
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

const SVG_OPEN = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 100 50">`;
const svgOf = (body: string, head = "") => Buffer.from(`${head}${SVG_OPEN}${body}</svg>`);
const many = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i)).join("");

/** What the server must answer for a file of the corpus, and what its stored copy must not hold. */
export type CorpusExpectation = { status: number; code?: string; absent?: string[]; present?: string[] };

/** A hostile or borderline file, made here from scratch, with the answer it must get. */
export type CorpusFile = {
  name: string;
  fileName: string;
  make: () => Buffer | Promise<Buffer>;
  expect: CorpusExpectation;
  /** Among the files that cost the checker the most: the bench sends these. */
  heavy?: boolean;
};

/**
 * Files an attacker would send to stall the server or smuggle something through, and real-world
 * files that must still pass. Each is small enough to be sent within the limits unless its point is
 * to pass them.
 */
export const corpus: CorpusFile[] = [
  {
    name: "20,000 empty elements the cleaner would remove (180 KB)",
    fileName: "flood.svg",
    make: () => svgOf(many(19_990, () => "<x:nothing/>")),
    expect: { status: 422, code: "svg_too_complex" },
    heavy: true,
  },
  {
    name: "200 elements to remove, within the limit, among 1,000 empty groups",
    fileName: "removals.svg",
    make: () => svgOf(many(199, () => "<sodipodi:guide/>") + many(1_000, () => "<g/>")),
    expect: { status: 200, absent: ["sodipodi"] },
    heavy: true,
  },
  {
    name: "99 unknown attributes on each of 50 elements",
    fileName: "attributes.svg",
    make: () => svgOf(many(50, () => `<rect ${many(99, (i) => `d${i}="" `)}/>`)),
    expect: { status: 200, absent: ['d1=""'] },
    heavy: true,
  },
  {
    name: "99 unknown attributes on each of 1,500 elements (near 1 MB)",
    fileName: "attributes.svg",
    make: () => svgOf(many(1_500, () => `<rect ${many(99, (i) => `d${i}="" `)}/>`)),
    expect: { status: 422, code: "svg_too_complex" },
  },
  {
    name: "5,001 shapes, one more than a logo to print may have",
    fileName: "shapes.svg",
    make: () => svgOf(many(5_000, () => `<path d="M0 0h1v1z"/>`)),
    expect: { status: 422, code: "svg_too_complex" },
  },
  {
    name: "groups nested 64 deep, 15 times over",
    fileName: "deep-wide.svg",
    make: () => svgOf(many(15, () => "<g>".repeat(63) + "</g>".repeat(63))),
    expect: { status: 200 },
    heavy: true,
  },
  {
    name: "3,000 levels whose tags look self-closing",
    fileName: "nested.svg",
    make: () => svgOf('<g a="/>">'.repeat(3000) + "</g>".repeat(3000)),
    expect: { status: 422, code: "svg_too_complex" },
  },
  {
    name: "150 attributes hidden behind a > in a value",
    fileName: "hidden.svg",
    make: () => svgOf(`<rect title="a>b" ${many(150, (i) => `a${i}="1" `)}/>`),
    expect: { status: 422, code: "svg_too_complex" },
  },
  {
    name: "elements named with an underscore, 25,000 of them",
    fileName: "underscore.svg",
    make: () => svgOf(many(25_000, () => "<_a/>")),
    expect: { status: 422, code: "svg_too_complex" },
  },
  {
    name: "a billion laughs",
    fileName: "laughs.svg",
    make: () =>
      svgOf(
        "<text>&l4;</text>",
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "ha">` +
          many(4, (i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`) +
          "]>",
      ),
    expect: { status: 422, code: "svg_declarations" },
  },
  {
    name: "an external entity reading a local file",
    fileName: "xxe.svg",
    make: () => svgOf("<text>&x;</text>", `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>`),
    expect: { status: 422, code: "svg_declarations" },
  },
  {
    name: "a public DOCTYPE without an internal subset (an older editor's export)",
    fileName: "illustrator.svg",
    make: () =>
      svgOf(
        `<rect width="100" height="50" fill="#1565c0"/>`,
        `<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: an editor -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n`,
      ),
    expect: { status: 200, absent: ["DOCTYPE", "Generator"], present: ['fill="#1565c0"'] },
  },
  {
    name: "script, handlers, external links and foreignObject",
    fileName: "hostile.svg",
    make: () =>
      svgOf(
        `<script>alert("CORPUS-SCRIPT")</script><SCRIPT>alert("CORPUS-UPPER")</SCRIPT>` +
          `<rect width="1" height="1" onclick="alert('CORPUS-HANDLER')"/>` +
          `<image xlink:href="https://corpus.invalid/track.png" width="1" height="1"/>` +
          `<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://corpus.invalid/"/></foreignObject>` +
          `<style>@import url(https://corpus.invalid/a.css); rect { fill: url(https://corpus.invalid/p) }</style>` +
          `<a href="javascript:alert('CORPUS-LINK')"><text>x</text></a>`,
        `<?xml-stylesheet href="https://corpus.invalid/s.css"?>`,
      ),
    expect: { status: 200, absent: ["CORPUS-", "corpus.invalid", "javascript:", "<script", "foreignObject"] },
  },
  {
    name: "tags in CDATA and comments, which are not elements",
    fileName: "cdata.svg",
    make: () =>
      svgOf(`<style><![CDATA[${"<g>".repeat(200)}]]></style><!-- ${"<g>".repeat(200)} --><rect width="1" height="1"/>`),
    expect: { status: 200, present: ['<rect width="1" height="1"/>'] },
  },
  {
    name: "a UTF-16 SVG with its byte-order mark",
    fileName: "utf16.svg",
    make: () =>
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`<?xml version="1.0" encoding="UTF-16"?>${SVG_OPEN}<text>لاہور</text></svg>`, "utf16le"),
      ]),
    expect: { status: 200, present: ["<text>لاہور</text>"] },
  },
  {
    name: "an HTML page named logo.png",
    fileName: "logo.png",
    make: () => Buffer.from(`<!DOCTYPE html>\n<html><head><script>alert(1)</script></head><body>Logo</body></html>`),
    expect: { status: 415, code: "logo_not_image" },
  },
  {
    name: "an SVG compressed with gzip (svgz)",
    fileName: "logo.svgz",
    make: () => gzipSync(svgOf(`<rect width="1" height="1"/>`)),
    expect: { status: 415, code: "logo_not_image" },
  },
  {
    name: "a GIF",
    fileName: "logo.gif",
    make: () => Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(32)]),
    expect: { status: 415, code: "logo_type" },
  },
  {
    name: "a PDF",
    fileName: "logo.pdf",
    make: () => Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    expect: { status: 415, code: "logo_type" },
  },
  {
    name: "an executable named logo.png",
    fileName: "logo.png",
    make: () => fixtures.elf(),
    expect: { status: 415, code: "logo_not_image" },
  },
  {
    name: "an empty file",
    fileName: "logo.png",
    make: () => Buffer.alloc(0),
    expect: { status: 422, code: "logo_unreadable" },
  },
  {
    name: "a PNG declaring 400 megapixels",
    fileName: "bomb.png",
    make: () => fixtures.decompressionBomb(),
    expect: { status: 422, code: "logo_too_many_pixels" },
  },
  {
    name: "a JPEG declaring 60,000 × 60,000 pixels",
    fileName: "bomb.jpg",
    make: () => jpegDeclaring(60_000, 60_000),
    expect: { status: 422, code: "logo_too_many_pixels" },
  },
  {
    name: "a PNG cut short",
    fileName: "half.png",
    make: () => fixtures.truncatedPng(),
    expect: { status: 422, code: "logo_unreadable" },
  },
  {
    name: "a PNG with a script and an archive appended (a polyglot)",
    fileName: "polyglot.png",
    make: async () =>
      Buffer.concat([await fixtures.png(), Buffer.from("<script>alert('CORPUS-POLYGLOT')</script>PK\x03\x04")]),
    expect: { status: 200, absent: ["CORPUS-POLYGLOT", "PK\x03\x04", "EXIF-SECRET"] },
  },
  {
    name: "a JPEG carrying EXIF metadata",
    fileName: "photo.jpg",
    make: () => fixtures.jpeg(),
    expect: { status: 200, absent: ["EXIF-SECRET"] },
  },
  {
    name: "a noisy PNG near 5 MB",
    fileName: "noise.png",
    make: () => fixtures.noisePng(),
    expect: { status: 200 },
    heavy: true,
  },
  {
    name: "an SVG over 1 MB",
    fileName: "big.svg",
    make: () => fixtures.svgOfSize(1024 * 1024 + 1),
    expect: { status: 413, code: "logo_too_large" },
  },
  {
    name: "a PNG over 5 MB",
    fileName: "big.png",
    make: () => fixtures.pngOfSize(5 * 1024 * 1024 + 1),
    expect: { status: 413, code: "logo_too_large" },
  },
];

/** A small real JPEG whose frame header is rewritten to declare the given size. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await drawing(16, 16).jpeg().toBuffer());
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}
