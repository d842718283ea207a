import { inflateSync } from "node:zlib";

// A WOFF 1.0 font file (https://www.w3.org/TR/WOFF/) unpacked into the plain TrueType/OpenType file it
// wraps: each table inflated when it was compressed, laid out again at 4-byte boundaries. pdfkit
// reads glyph outlines from a WOFF file by inflating the whole glyf table for every glyph it embeds;
// from the unpacked file it reads them directly.

/** The sfnt (TrueType or OpenType) file inside a WOFF 1.0 file. */
export function unpackWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF 1.0 font file");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error("A WOFF table is not the length it declares");
    return { tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const header = 12 + 16 * count;
  const out = Buffer.alloc(header + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6); // searchRange
  out.writeUInt16BE(Math.log2(power), 8); // entrySelector
  out.writeUInt16BE(count * 16 - power * 16, 10); // rangeShift
  let offset = header;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(out, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}
