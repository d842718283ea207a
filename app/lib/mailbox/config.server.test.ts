import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { MailboxConfigError, readMailboxConfig } from "./config.server";

describe("readMailboxConfig", () => {
  it("is off, saying why, when IMAP_URL is unset or blank", () => {
    expect(readMailboxConfig({})).toEqual({ imap: null, offReason: "IMAP_URL is not set" });
    expect(readMailboxConfig({ IMAP_URL: "  " })).toEqual({ imap: null, offReason: "IMAP_URL is not set" });
  });

  it("reads imaps:// with URL-encoded user and password, port 993 and INBOX by default", () => {
    const { imap } = readMailboxConfig({
      IMAP_URL: "imaps://office%40promo.example:p%40ss%3Aw%2Fd@mail.promo.example",
    });
    expect(imap).toMatchObject({
      secure: true,
      host: "mail.promo.example",
      port: 993,
      user: "office@promo.example",
      mailbox: "INBOX",
      label: "imaps://office%40promo.example@mail.promo.example:993/INBOX",
    });
    expect(imap!.password).toBe("p@ss:w/d");
  });

  it("reads imap:// with a port and the folder from IMAP_MAILBOX", () => {
    const { imap } = readMailboxConfig({ IMAP_URL: "imap://office:secret@127.0.0.1:1143", IMAP_MAILBOX: " Replies " });
    expect(imap).toMatchObject({ secure: false, host: "127.0.0.1", port: 1143, mailbox: "Replies" });
    expect(readMailboxConfig({ IMAP_URL: "imap://office:secret@mail.example" }).imap!.port).toBe(143);
  });

  it("never shows the password when the settings are logged or serialised", () => {
    const { imap } = readMailboxConfig({ IMAP_URL: "imaps://office:hunter2-secret@mail.example" });
    expect(inspect(imap)).not.toContain("hunter2-secret");
    expect(JSON.stringify(imap)).not.toContain("hunter2-secret");
  });

  it.each([
    ["https://office:secret@mail.example", "IMAP_URL must start with imap:// or imaps://."],
    ["mail.example:993", "IMAP_URL must start with imap:// or imaps://."],
    ["not a url", "IMAP_URL must look like imaps://user:password@host:993"],
    ["imaps://mail.example", "IMAP_URL must name the user and the password"],
    ["imaps://office@mail.example", "IMAP_URL must name the user and the password"],
    ["imaps://office:secret@mail.example:99999", "IMAP_URL must look like"],
    ["imaps://office:secret@mail.example:0", "IMAP_URL must have a port from 1 to 65535."],
    ["imaps://office:secret@mail.example/INBOX", "name the folder in IMAP_MAILBOX"],
    ["imaps://office:sec%ZZret@mail.example", "not URL-encoded"],
  ])("stops the start for IMAP_URL=%j with a clear message that does not repeat it", (value, message) => {
    let error: unknown;
    try {
      readMailboxConfig({ IMAP_URL: value });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(MailboxConfigError);
    expect((error as Error).message).toContain("Invalid mailbox configuration in the environment:\n  IMAP_URL: ");
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain("secret");
  });

  it("refuses a folder name with control characters", () => {
    expect(() => readMailboxConfig({ IMAP_URL: "imap://a:b@h", IMAP_MAILBOX: "IN\r\nBOX" })).toThrow(
      "IMAP_MAILBOX: IMAP_MAILBOX must not hold control characters.",
    );
  });
});

describe("MAIL_AUTHSERV_ID", () => {
  const url = "imap://office:secret@127.0.0.1:1143";
  it("is the office server's authserv-id in lower case, or null when unset or blank", () => {
    expect(readMailboxConfig({ IMAP_URL: url, MAIL_AUTHSERV_ID: " Mail.Promo.example " }).imap!.authservId).toBe(
      "mail.promo.example",
    );
    expect(readMailboxConfig({ IMAP_URL: url }).imap!.authservId).toBeNull();
    expect(readMailboxConfig({ IMAP_URL: url, MAIL_AUTHSERV_ID: "" }).imap!.authservId).toBeNull();
  });

  it("refuses a value that is not a host name, naming the variable", () => {
    expect(() => readMailboxConfig({ IMAP_URL: url, MAIL_AUTHSERV_ID: "mx; dmarc=pass" })).toThrow(/MAIL_AUTHSERV_ID/);
  });
});
