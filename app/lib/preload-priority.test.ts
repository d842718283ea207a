import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority, lowerModulePreloadPriorityStream } from "./preload-priority";

const html =
  '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/a.js"/><p>Café – ok</p><link rel="modulepreload" href="/assets/b.js"/>';
const expected =
  '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><p>Café – ok</p><link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>';

describe("lowerModulePreloadPriority", () => {
  it("marks each module preload low priority once and leaves other links alone", () => {
    expect(lowerModulePreloadPriority(html)).toBe(expected);
    expect(lowerModulePreloadPriority(expected)).toBe(expected);
  });

  it("does the same on a stream cut anywhere, even inside a tag or a multi-byte character", async () => {
    const bytes = Buffer.from(html);
    for (const size of [1, 3, 7, 20]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      let out = "";
      for await (const piece of Readable.from(chunks).pipe(lowerModulePreloadPriorityStream())) out += piece;
      expect(out, `chunks of ${size}`).toBe(expected);
    }
  });
});
