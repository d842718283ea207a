import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./encoding";

describe("preferredEncoding", () => {
  const both = ["br", "gzip"] as const;

  it("prefers Brotli when the client takes both, whatever order it lists them in", () => {
    expect(preferredEncoding("gzip, deflate, br", both)).toBe("br");
    expect(preferredEncoding("br, gzip", both)).toBe("br");
  });

  it("falls back to gzip, then to no encoding", () => {
    expect(preferredEncoding("gzip, deflate", both)).toBe("gzip");
    expect(preferredEncoding("identity", both)).toBeUndefined();
    expect(preferredEncoding(undefined, both)).toBeUndefined();
    expect(preferredEncoding("br", ["gzip"])).toBeUndefined();
  });

  it("honours q-values, refusals and the wildcard", () => {
    expect(preferredEncoding("br;q=0.5, gzip;q=0.9", both)).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(preferredEncoding("*", both)).toBe("br");
    expect(preferredEncoding("*;q=0", both)).toBeUndefined();
  });
});
