import { afterEach, describe, expect, it, vi } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { MailboxConfigError } from "~/lib/mailbox/config.server";
import { startQuoteService, stopQuoteService } from "./service.server";

// The server starts the quote service first thing (server/index.ts): a wrong mailbox setting stops it there.

afterEach(async () => {
  await stopQuoteService();
  vi.unstubAllEnvs();
});

describe("starting the quote service", () => {
  it("refuses a bad IMAP_URL with a message naming it, never its password, and opens nothing", () => {
    vi.stubEnv("DATA_DIR", tempDir("service-start-bad"));
    vi.stubEnv("IMAP_URL", "https://office:s3cret-pass@mail.example:993");
    let thrown: unknown;
    try {
      startQuoteService();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MailboxConfigError);
    expect(String(thrown)).toContain("IMAP_URL must start with imap:// or imaps://.");
    expect(String(thrown)).not.toContain("s3cret-pass");
  });

  it("starts without IMAP_URL, the mailbox reader off", () => {
    vi.stubEnv("DATA_DIR", tempDir("service-start-off"));
    vi.stubEnv("IMAP_URL", "");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(startQuoteService().store.count()).toBe(0);
    expect(log.mock.calls.flat().join("\n")).toContain("Buyers' e-mail replies are not read (IMAP_URL is not set)");
  });
});
