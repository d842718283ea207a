import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { startImapServer } from "../support/imap-server";
import { fixtures } from "../support/upload-fixtures";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// Unmatched mail on the production server, read from a real Dovecot: a stranger's mail naming a
// request and a mail that cannot be read wait on /desk/mail; staff attach the one to its request (then
// in its conversation, its file kept) and discard the other.

const password = "lahore-blue-pens-2026";

/** A mail of 1,001 MIME parts: more than the reader reads. */
function thousandParts() {
  const lines = [
    "From: Bulk Sender <bulk@spam.example>",
    "To: sales@promo.example",
    "Subject: Catalogue",
    "Message-ID: <bulk-1@spam.example>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="bulk"',
    "",
  ];
  for (let part = 0; part < 1001; part++) lines.push("--bulk", "Content-Type: text/plain", "", `part ${part}`);
  lines.push("--bulk--", "");
  return lines.join("\r\n");
}

test("staff attach a stranger's mail to its request and discard one that could not be read", async ({ page }) => {
  test.setTimeout(150_000);
  const imap = await startImapServer({ office: "office-secret" });
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-mail-"));
  let server = await startOwnServer({ DATA_DIR: dataDir });
  try {
    await page.goto(`${server.baseURL}/contact`);
    const buyer = {
      Name: "Ayesha Khan",
      Email: "ayesha@acme.example",
      Phone: "0300 1234567",
      "Products of interest": "Custom pens",
      Message: "500 pens with our logo",
    };
    for (const [label, value] of Object.entries(buyer))
      await page.getByRole("textbox", { name: label, exact: true }).fill(value);
    await page.getByRole("button", { name: "Submit Quote Request" }).click();
    const notice = page.getByRole("status").filter({ hasText: "Quote Request Submitted!" });
    await expect(notice).toContainText(/Your reference: Q-\d{4}-\d{4}/);
    const reference = /Q-\d{4}-\d{4}/.exec((await notice.textContent()) ?? "")![0];
    const output = execFileSync(
      process.execPath,
      ["build/server/staff.js", "add", "sana@promo.example", "--name", "Sana"],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
    );
    const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
    await server.stop();

    const office = new ImapFlow({
      host: "127.0.0.1",
      port: imap.port,
      secure: false,
      auth: { user: "office", pass: "office-secret" },
      logger: false,
    });
    await office.connect();
    const png = (await fixtures.png()).toString("base64").replace(/.{76}/g, "$&\r\n");
    await office.append(
      "INBOX",
      [
        "From: Farah Siddiqui <farah.private@mail.example>",
        "To: Promo Works <sales@promo.example>",
        `Subject: Artwork for ${reference}`,
        "Message-ID: <farah-1@mail.example>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Our logo for the pens, from my own address.",
        "--b1",
        'Content-Type: image/png; name="logo.png"',
        'Content-Disposition: attachment; filename="logo.png"',
        "Content-Transfer-Encoding: base64",
        "",
        png,
        "--b1--",
        "",
      ].join("\r\n"),
    );
    await office.append("INBOX", thousandParts());
    await office.logout();
    server = await startOwnServer({
      DATA_DIR: dataDir,
      IMAP_URL: `imap://office:office-secret@127.0.0.1:${imap.port}`,
    });
    const base = server.baseURL;

    // A visitor without a session is sent to sign in; a post from elsewhere is refused.
    const anonymous = await fetch(`${base}/desk/mail`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/desk\/sign-in/);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}${setupPath}`);
    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Repeat password").fill(password);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByLabel("Email").fill("sana@promo.example");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();

    await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Unmatched mail" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unmatched mail");
    const artwork = page.getByRole("article", { name: `Artwork for ${reference}` });
    await expect(async () => {
      await page.reload();
      await expect(artwork).toBeVisible();
      await expect(page.getByRole("article", { name: "Catalogue" })).toBeVisible();
    }).toPass({ timeout: 30_000 });
    await expect(artwork).toContainText("Our logo for the pens, from my own address.");
    await expect(artwork).toContainText("Farah Siddiqui <farah.private@mail.example>");
    await expect(artwork).toContainText("logo.png");
    const unreadable = page.getByRole("article", { name: "Catalogue" });
    await expect(unreadable).toContainText("Could not be read");
    await expect(unreadable).toContainText("Bulk Sender <bulk@spam.example>");
    await expect(unreadable).toContainText(/Size \d+ KB/);
    // The first account is an owner: told that senders are not checked.
    await expect(page.getByText(/Sender checks are off/)).toBeVisible();

    const shots = process.env.SHOTS_DIR;
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `unmatched-mail-${width}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A post from another site is refused (React Router answers 400 before the action's own check), and changes nothing.
    const cookie = (await page.context().cookies()).find((entry) => entry.name === "desk_session")!;
    const forged = await fetch(`${base}/desk/mail`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.test",
        Cookie: `desk_session=${cookie.value}`,
      },
      body: new URLSearchParams({ intent: "discard", id: "1" }),
    });
    expect(forged.status).toBe(400);
    await page.reload();
    await expect(unreadable).toBeVisible();

    await artwork.getByLabel("Request reference").fill(reference);
    await artwork.getByRole("button", { name: /Attach to request/ }).click();
    await expect(page.getByText("The e-mail is on the request now.")).toBeVisible();
    await expect(artwork).toHaveCount(0);

    await unreadable.getByRole("button", { name: /Discard/ }).click();
    await expect(page.getByText("The e-mail was discarded.")).toBeVisible();
    await expect(page.getByText("No unmatched mail.")).toBeVisible();

    await page.goto(`${base}/desk/quotes/${reference}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation).toContainText("Our logo for the pens, from my own address.");
    await expect(conversation.getByRole("link", { name: /logo\.png/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "History" })).toContainText(
      "attached from Unmatched mail: Artwork for",
    );
  } finally {
    await server.stop();
    await imap.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
