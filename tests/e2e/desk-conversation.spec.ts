import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { startImapServer } from "../support/imap-server";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// A buyer's Urdu answer to the acknowledgement, read from a real Dovecot by the production server and
// shown in the request's conversation; then "Reply on WhatsApp" recorded and sent on to wa.me.

const password = "lahore-blue-pens-2026";
const urdu = "جی ہاں، نیلے رنگ میں 500 قلم۔\nجمعہ تک چاہیے۔";

test("a buyer's Urdu e-mail reply shows in the conversation, and WhatsApp is a recorded answer", async ({ page }) => {
  test.setTimeout(150_000);
  const imap = await startImapServer({ office: "office-secret" });
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-conversation-"));
  const mailEnv = {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  };
  let server = await startOwnServer(mailEnv);
  try {
    // The request, through the quote form; the buyer's acknowledgement goes out with it.
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
    const acknowledgement = () => smtp.received.find((mail) => mail.to.includes("ayesha@acme.example"));
    await until(() => acknowledgement() !== undefined);
    const ackText = decoded(acknowledgement()!.raw);
    expect(ackText).toContain(`Your reference is ${reference}.`);
    expect(ackText).toMatch(/We will answer by \w+ (\d+ \w+ )?\d{2}:\d{2} PKT/);
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(ackText)![1]!;

    const output = execFileSync(
      process.execPath,
      ["build/server/staff.js", "add", "sana@promo.example", "--name", "Sana"],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;

    // The buyer answers while the site is down; it reads the mailbox at once when it starts again.
    await server.stop();
    const office = new ImapFlow({
      host: "127.0.0.1",
      port: imap.port,
      secure: false,
      auth: { user: "office", pass: "office-secret" },
      logger: false,
    });
    await office.connect();
    await office.append(
      "INBOX",
      [
        "From: Ayesha Khan <ayesha@acme.example>",
        "To: Promo Works <sales@promo.example>",
        `Subject: Re: Your quote request ${reference}`,
        `Message-ID: <urdu-answer@acme.example>`,
        `In-Reply-To: ${messageId}`,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        urdu.replace("\n", "\r\n"),
        "",
        "On Fri, Promo Works <sales@promo.example> wrote:",
        `> Your reference is ${reference}.`,
        "",
      ].join("\r\n"),
    );
    await office.logout();
    server = await startOwnServer({ ...mailEnv, IMAP_URL: `imap://office:office-secret@127.0.0.1:${imap.port}` });
    const base = server.baseURL;

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}${setupPath}`);
    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Repeat password").fill(password);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByLabel("Email").fill("sana@promo.example");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();

    // The buyer's answer reached the request: the move is the office's again.
    await expect(async () => {
      await page.goto(`${base}/desk`);
      await expect(page.getByRole("listitem").filter({ hasText: reference })).toContainText("Waiting on us");
    }).toPass({ timeout: 30_000 });
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: join(shots, `inbox-${width}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.getByRole("link", { name: /Ayesha Khan/ }).click();
    const conversation = page.getByRole("region", { name: "Conversation" });
    // The reply itself (its quoted history below it is folded away).
    const said = conversation.getByText("جی ہاں، نیلے رنگ میں 500 قلم۔").first();
    await expect(said).toBeVisible();
    await expect(said).toHaveAttribute("dir", "auto");
    // Right to left, its two lines kept.
    expect(await said.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    expect(await said.evaluate((element) => element.textContent)).toBe(urdu);
    await expect(conversation).toContainText(/Ayesha Khan <ayesha@acme\.example> · \d{4}-\d{2}-\d{2} \d{2}:\d{2} PKT/);
    await expect(page.getByRole("region", { name: "History" })).toContainText("Status: Waiting on us");

    for (const width of [360, 390, 1440]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Reply on WhatsApp" }) });
      await expect(form).toBeVisible();
      // Nothing runs off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (shots) {
        await conversation.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `request-conversation-${width}.png`), fullPage: true });
      }
    }

    // WhatsApp: recorded with who and when, then the chat opens (wa.me answered here, not on the internet).
    await page
      .context()
      .route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp", contentType: "text/plain" }));
    const [chat] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Reply on WhatsApp" }).click(),
    ]);
    await chat.waitForURL(/^https:\/\/wa\.me\//);
    expect(chat.url()).toMatch(new RegExp(`^https://wa\\.me/923001234567\\?text=.*${reference}`));
    await chat.close();
    await page.reload();
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("Answered on WhatsApp");
    await expect(history.getByText(/PKT · Sana <sana@promo.example> · reply/).last()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Waiting on buyer");

    // Lost without a reason from the list: refused, Lost still chosen, the message beside the form.
    await page.getByLabel("Status").selectOption({ label: "Lost" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText("Choose why the request was lost.")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("lost");
    if (shots) {
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByLabel("Status").scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `lost-refused-${width}.png`) });
      }
    }
    await page.getByLabel("Why it was lost").selectOption("Chose another supplier");
    await page.getByLabel("Details (optional)").fill("A Karachi firm, 10% less");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(history).toContainText("Status: Lost (Chose another supplier: A Karachi firm, 10% less)");
  } finally {
    await server.stop();
    await imap.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
