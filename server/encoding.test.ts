import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./encoding";

const accepting = (header?: string) => ({ headers: header === undefined ? {} : { "accept-encoding": header } });

describe("preferredEncoding", () => {
  const both = ["br", "gzip"] as const;

  it("prefers Brotli when the client takes both, whatever order it lists them in", () => {
    expect(preferredEncoding(accepting("gzip, deflate, br, zstd"), both)).toBe("br");
    expect(preferredEncoding(accepting("br, gzip"), both)).toBe("br");
  });

  it("falls back to gzip, then to no encoding", () => {
    expect(preferredEncoding(accepting("gzip, deflate"), both)).toBe("gzip");
    expect(preferredEncoding(accepting("identity"), both)).toBeUndefined();
    expect(preferredEncoding(accepting(), both)).toBeUndefined();
    expect(preferredEncoding(accepting("br"), ["gzip"])).toBeUndefined();
  });

  it("honours q-values, refusals and the wildcard", () => {
    expect(preferredEncoding(accepting("br;q=0.5, gzip;q=0.9"), both)).toBe("gzip");
    expect(preferredEncoding(accepting("br;q=0, gzip"), both)).toBe("gzip");
    expect(preferredEncoding(accepting("*"), both)).toBe("br");
    expect(preferredEncoding(accepting("*;q=0"), both)).toBeUndefined();
  });
});
