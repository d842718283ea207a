import { describe, expect, it } from "vitest";

import { describeFbr, FbrConfigError, readFbrConfig } from "./config.server";

const token = "9bad1dcc-914f-3b23-96c4-a22c758a2ee8";

describe("FBR's settings", () => {
  it("are absent when FBR_DI_TOKEN is unset or blank, whatever else is set", () => {
    expect(readFbrConfig({})).toBeNull();
    expect(readFbrConfig({ FBR_DI_TOKEN: "  \n", FBR_DI_URL: "not a url", FBR_DI_SANDBOX: "1" })).toBeNull();
  });

  it("default to FBR's production gateway with a 20-second timeout", () => {
    expect(readFbrConfig({ FBR_DI_TOKEN: ` ${token}\n` })).toEqual({
      token,
      url: "https://gw.fbr.gov.pk",
      sandbox: false,
      timeoutMs: 20_000,
    });
  });

  it("take the sandbox, another address without its trailing slash, and a timeout", () => {
    expect(
      readFbrConfig({
        FBR_DI_TOKEN: token,
        FBR_DI_URL: "http://127.0.0.1:4555/pral/",
        FBR_DI_SANDBOX: "1",
        FBR_DI_TIMEOUT_MS: "5000",
      }),
    ).toEqual({ token, url: "http://127.0.0.1:4555/pral", sandbox: true, timeoutMs: 5000 });
    expect(readFbrConfig({ FBR_DI_TOKEN: token, FBR_DI_SANDBOX: "0" })?.sandbox).toBe(false);
  });

  it.each([
    [{ FBR_DI_URL: "gw.fbr.gov.pk" }, /FBR_DI_URL/],
    [{ FBR_DI_URL: "ftp://gw.fbr.gov.pk" }, /FBR_DI_URL/],
    [{ FBR_DI_URL: "https://user:secret@gw.fbr.gov.pk" }, /FBR_DI_URL must not hold a user/],
    [{ FBR_DI_URL: "https://gw.fbr.gov.pk/?token=x" }, /FBR_DI_URL/],
    [{ FBR_DI_SANDBOX: "yes" }, /FBR_DI_SANDBOX/],
    [{ FBR_DI_TIMEOUT_MS: "20s" }, /FBR_DI_TIMEOUT_MS/],
    [{ FBR_DI_TIMEOUT_MS: "50" }, /FBR_DI_TIMEOUT_MS/],
    [{ FBR_DI_TIMEOUT_MS: "600000" }, /FBR_DI_TIMEOUT_MS/],
  ])("refuse a bad value, naming the variable: %o", (vars, message) => {
    expect(() => readFbrConfig({ FBR_DI_TOKEN: token, ...vars })).toThrow(FbrConfigError);
    expect(() => readFbrConfig({ FBR_DI_TOKEN: token, ...vars })).toThrow(message);
  });

  it("refuse a token pasted with the word Bearer or a line break, which FBR would refuse on every call", () => {
    expect(() => readFbrConfig({ FBR_DI_TOKEN: `Bearer ${token}` })).toThrow(/FBR_DI_TOKEN/);
    expect(() => readFbrConfig({ FBR_DI_TOKEN: `${token}\nX-Other: 1` })).toThrow(/FBR_DI_TOKEN/);
  });

  it("are described without the token", () => {
    const production = readFbrConfig({ FBR_DI_TOKEN: token })!;
    expect(describeFbr(production)).toBe("FBR Digital Invoicing production at gw.fbr.gov.pk, token set, timeout 20 s.");
    const sandbox = readFbrConfig({ FBR_DI_TOKEN: token, FBR_DI_SANDBOX: "1", FBR_DI_URL: "http://127.0.0.1:4555" })!;
    expect(describeFbr(sandbox)).toBe(
      "FBR Digital Invoicing sandbox at http://127.0.0.1:4555, token set, timeout 20 s.",
    );
    expect(describeFbr(sandbox)).not.toContain(token);
    expect(describeFbr(null)).toBe("Not reporting to FBR Digital Invoicing: FBR_DI_TOKEN is not set.");
  });
});
