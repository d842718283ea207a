import { describe, expect, it } from "vitest";

import { DEFAULT_WHATSAPP_API_URL, describeWhatsApp, readWhatsAppConfig, WhatsAppConfigError } from "./config.server";

const complete = {
  WHATSAPP_TOKEN: "EAAJB7rZCZAZBpUBOZCkz8vN0t9ZA4qZBVtR2LdZAZCsw7yZA",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "9f3c1b7e5a2d4c6e8f0a1b3c5d7e9f21",
  WHATSAPP_VERIFY_TOKEN: "lahore-promos-webhook-2026",
};

const problemOf = (env: Record<string, string | undefined>) => {
  try {
    readWhatsAppConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(WhatsAppConfigError);
    return (error as Error).message;
  }
  throw new Error("no error");
};

describe("WhatsApp's configuration", () => {
  it("is off when none of it is set, so the desk keeps click-to-chat", () => {
    expect(readWhatsAppConfig({})).toBeNull();
    expect(
      readWhatsAppConfig({ WHATSAPP_TOKEN: " ", WHATSAPP_API_URL: "https://graph.facebook.com/v22.0" }),
    ).toBeNull();
    expect(describeWhatsApp(null)).toContain("click-to-chat");
  });

  it("reads a complete configuration, with Meta's Graph API by default", () => {
    expect(readWhatsAppConfig({ ...complete, WHATSAPP_TOKEN: ` ${complete.WHATSAPP_TOKEN}\n` })).toEqual({
      token: complete.WHATSAPP_TOKEN,
      phoneNumberId: "106540352242922",
      appSecret: complete.WHATSAPP_APP_SECRET,
      verifyToken: complete.WHATSAPP_VERIFY_TOKEN,
      apiUrl: DEFAULT_WHATSAPP_API_URL,
    });
  });

  it("names what is missing when only some is set", () => {
    expect(problemOf({ WHATSAPP_TOKEN: complete.WHATSAPP_TOKEN })).toBe(
      "WhatsApp is half configured: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are not set. Set all of WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN, or none to keep WhatsApp off.",
    );
    expect(problemOf({ ...complete, WHATSAPP_APP_SECRET: "" })).toContain("WHATSAPP_APP_SECRET is not set");
  });

  it("refuses values that could never work", () => {
    expect(problemOf({ ...complete, WHATSAPP_TOKEN: `Bearer ${complete.WHATSAPP_TOKEN}` })).toContain("WHATSAPP_TOKEN");
    expect(problemOf({ ...complete, WHATSAPP_PHONE_NUMBER_ID: "+92 300 1234567" })).toContain("not the phone number");
    expect(problemOf({ ...complete, WHATSAPP_APP_SECRET: "short" })).toContain("WHATSAPP_APP_SECRET");
    expect(problemOf({ ...complete, WHATSAPP_VERIFY_TOKEN: "my token" })).toContain("WHATSAPP_VERIFY_TOKEN");
  });

  it("takes another API address without its trailing slash, over https or to this machine", () => {
    expect(readWhatsAppConfig({ ...complete, WHATSAPP_API_URL: "https://graph.facebook.com/v22.0/" })?.apiUrl).toBe(
      "https://graph.facebook.com/v22.0",
    );
    expect(readWhatsAppConfig({ ...complete, WHATSAPP_API_URL: "http://127.0.0.1:4999/v21.0" })?.apiUrl).toBe(
      "http://127.0.0.1:4999/v21.0",
    );
    expect(readWhatsAppConfig({ ...complete, WHATSAPP_API_URL: "http://localhost:4999/v21.0/" })?.apiUrl).toBe(
      "http://localhost:4999/v21.0",
    );
    expect(problemOf({ ...complete, WHATSAPP_API_URL: "http://graph.facebook.com/v21.0" })).toContain("https://");
    expect(problemOf({ ...complete, WHATSAPP_API_URL: "graph.facebook.com" })).toContain("WHATSAPP_API_URL");
    expect(problemOf({ ...complete, WHATSAPP_API_URL: "https://user:pw@graph.facebook.com/v21.0" })).toContain("user");
    expect(problemOf({ ...complete, WHATSAPP_API_URL: "https://graph.facebook.com/v21.0?x=1" })).toContain("query");
  });

  it("describes itself without the token or the secrets", () => {
    const described = describeWhatsApp(readWhatsAppConfig(complete));
    expect(described).toBe(
      "WhatsApp Cloud API at graph.facebook.com for phone number ID 106540352242922, token and app secret set.",
    );
    for (const secret of [complete.WHATSAPP_TOKEN, complete.WHATSAPP_APP_SECRET, complete.WHATSAPP_VERIFY_TOKEN])
      expect(described).not.toContain(secret);
  });
});
