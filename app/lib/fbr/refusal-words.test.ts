import { describe, expect, it } from "vitest";

import { refusalAdvice, refusalWords } from "./refusal-words";

describe("FBR's error codes in staff's words", () => {
  it("name what to correct for the codes an invoice of this business meets", () => {
    expect(refusalAdvice("0052")?.field).toBe("HS code");
    expect(refusalAdvice("0099")?.field).toBe("unit");
    expect(refusalAdvice("0002")?.field).toBe("buyer NTN/CNIC");
    expect(refusalAdvice("0074")?.field).toBe("buyer province");
    expect(refusalAdvice("0046")?.field).toBe("rate");
    expect(refusalAdvice("0113")?.field).toBe("invoice date");
    expect(refusalAdvice("0401")?.field).toBe("access token");
    expect(refusalWords("0052", "Provide proper HS Code with invoice no. null")).toBe(
      "An HS code is not one FBR accepts for the line's sale type: check each line's HS code against FBR's list.",
    );
    expect(refusalWords(" 0009 ", "")).toBe("A registered buyer needs their NTN or CNIC: fill it in.");
  });

  it("fall back to FBR's own text for a code they do not know, tidied and bounded", () => {
    expect(refusalWords("0087", "Petroleum Levy rates not configured\n   properly.")).toBe(
      "FBR says: Petroleum Levy rates not configured properly.",
    );
    expect(refusalWords("", "Provide valid scenario id.")).toBe("FBR says: Provide valid scenario id.");
    expect(refusalWords("0999", "")).toBe("FBR refused it with error 0999.");
    expect(refusalWords("", " ")).toBe("FBR refused it without saying why.");
    expect(refusalWords("0999", "x".repeat(5_000)).length).toBeLessThanOrEqual("FBR says: ".length + 500);
  });

  it("explain every code of the specification's sales table that concerns what staff can correct", () => {
    for (const code of [
      "0001",
      "0003",
      "0005",
      "0010",
      "0012",
      "0013",
      "0026",
      "0057",
      "0058",
      "0073",
      "0080",
      "0104",
      "0300",
    ])
      expect(refusalAdvice(code), code).not.toBeNull();
  });
});
