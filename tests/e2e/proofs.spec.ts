import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The proof loop on the production build with a real SMTP server: staff send v1, the buyer asks for
// changes, staff send v2, the buyer approves, the record is printed, staff mark the request Won.

const artwork = (colour: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("a proof goes from the desk to the buyer and back until it is approved and won", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-proofs-"));
  const server = await startOwnServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const linkFor = (version: number) => {
    const mail = smtp.received.find((item) => decoded(item.raw).includes(`Subject: Proof v${version} for`));
    return mail && new URL(/https?:\/\/\S+\/proof\/[A-Za-z0-9_-]{43}/.exec(decoded(mail.raw))![0]).pathname;
  };
  try {
    const base = server.baseURL;
    const sent = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Ayesha Khan",
        company: "Acme Pharma",
        email: "ayesha@acme.example",
        phone: "0300 1234567",
        product: "Custom pens",
        message: "500 pens with our logo",
      }).toString(),
    });
    // The plain form's answer page names the request's reference.
    const reference = /Q-\d{4}-\d{4}/.exec(await sent.text())![0];
    const output = execFileSync(
      process.execPath,
      ["build/server/staff.js", "add", "sana@promo.example", "--name", "Sana"],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    await page.goto(`${base}${new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname}`);
    await page.getByLabel("New password").fill("lahore-blue-pens-2026");
    await page.getByLabel("Repeat password").fill("lahore-blue-pens-2026");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByLabel("Email").fill("sana@promo.example");
    await page.getByLabel("Password").fill("lahore-blue-pens-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();

    // v1 from the desk.
    const desk = `${base}/desk/quotes/${reference}`;
    await page.goto(desk);
    await page
      .getByLabel("Proof file")
      .setInputFiles({ name: "v1.png", mimeType: "image/png", buffer: await artwork("#1d4ed8") });
    await page.getByLabel("Message to the buyer").fill("Your logo in white on blue, 40 mm wide.");
    await page.getByRole("button", { name: "Send proof" }).click();
    await expect(page.getByRole("status")).toContainText("Proof sent");
    await expect(page.getByText("Waiting for the buyer")).toBeVisible();
    await until(() => Boolean(linkFor(1)));
    const link1 = linkFor(1)!;

    // The buyer asks for changes.
    const buyer = await page.context().browser()!.newContext();
    const buyerPage = await buyer.newPage();
    const response = await buyerPage.goto(`${base}${link1}`);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Proof v1 for ${reference}`);
    await expect(buyerPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(buyerPage.getByRole("img", { name: `Proof v1 for ${reference}` })).toBeVisible();
    await expect(buyerPage.getByRole("link", { name: "Download proof v1" })).toBeVisible();
    await expect(buyerPage.getByText("Your logo in white on blue, 40 mm wide.")).toBeVisible();
    for (const width of [360, 1440]) {
      await buyerPage.setViewportSize({ width, height: 900 });
      await buyerPage.screenshot({ path: testInfo.outputPath(`proof-v1-${width}.png`), fullPage: true });
    }
    const download = await buyerPage.request.get(`${base}${link1}/file`);
    expect(download.headers()["content-type"]).toBe("image/png");
    expect(download.headers()["content-disposition"]).toBe(`attachment; filename="${reference}-proof-v1.png"`);
    expect(download.headers()["content-security-policy"]).toMatch(/^default-src 'none';.*sandbox$/);
    expect(download.headers()["referrer-policy"]).toBe("no-referrer");
    expect((await buyerPage.request.get(`${base}/proof/${"A".repeat(43)}`)).status()).toBe(404);
    await buyerPage.getByLabel("What should change?").fill("Make the logo 60 mm wide, please.");
    await buyerPage.getByRole("button", { name: "Send changes" }).click();
    await expect(buyerPage.getByRole("status")).toContainText("your changes are sent");

    // v2 from the desk, which now shows the changes asked for.
    await page.goto(desk);
    await expect(page.getByText("Make the logo 60 mm wide, please.").first()).toBeVisible();
    await page
      .getByLabel("Proof file")
      .setInputFiles({ name: "v2.png", mimeType: "image/png", buffer: await artwork("#0f766e") });
    await page.getByLabel("Message to the buyer").fill("Now 60 mm wide.");
    await page.getByRole("button", { name: "Send proof" }).click();
    await expect(page.getByRole("status")).toContainText("Proof sent");
    await until(() => Boolean(linkFor(2)));

    // The buyer approves v2 (from the first link: a link shows its request's latest version).
    await buyerPage.goto(`${base}${link1}`);
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Proof v2 for ${reference}`);
    await expect(buyerPage.getByText("Replaced by v2")).toBeVisible();
    await buyerPage.getByLabel("Your name").fill("Dr. Ayesha Khan");
    await buyerPage.getByLabel(/Your role/).fill("Brand Manager");
    await buyerPage.getByRole("button", { name: "Approve" }).click();
    await expect(buyerPage.getByRole("status")).toContainText("your approval is recorded");
    await expect(buyerPage.getByText(/^Approved v2 by Dr\. Ayesha Khan, Brand Manager · .* PKT$/)).toBeVisible();
    await expect(buyerPage.getByRole("button", { name: "Approve" })).toHaveCount(0);
    for (const width of [360, 1440]) {
      await buyerPage.setViewportSize({ width, height: 900 });
      await buyerPage.screenshot({ path: testInfo.outputPath(`proof-approved-${width}.png`), fullPage: true });
    }
    await until(() => smtp.received.some((mail) => decoded(mail.raw).includes("Approved v2 by Dr. Ayesha Khan")));

    // The record.
    await buyerPage.getByRole("link", { name: "Approval record (printable)" }).click();
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Artwork approval record · ${reference}`);
    await expect(buyerPage.getByText("Dr. Ayesha Khan, Brand Manager", { exact: true })).toBeVisible();
    await expect(buyerPage.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
    await buyerPage.emulateMedia({ media: "print" });
    await buyerPage.screenshot({ path: testInfo.outputPath("proof-record-print.png"), fullPage: true });
    await buyer.close();

    // Won, in one action.
    await page.goto(desk);
    await expect(page.getByText("Approved v2 by Dr. Ayesha Khan, Brand Manager").first()).toBeVisible();
    await page.getByRole("button", { name: "Mark Won" }).click();
    await expect(page.getByRole("status")).toContainText("Marked Won");
    await page.goto(`${base}/desk`);
    const row = page.getByRole("listitem").filter({ hasText: reference });
    await expect(row).toContainText("Won");
    await expect(row).toContainText("Approved v2 by Dr. Ayesha Khan, Brand Manager");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(desk);
    await page.screenshot({ path: testInfo.outputPath("desk-proofs-1440.png"), fullPage: true });
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
