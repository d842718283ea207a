import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { hasModuleScript, startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The proof loop on the production build with a real SMTP server: staff send v1, the buyer asks for
// changes, staff send v2, the buyer approves, the record is printed, staff mark the request Won.

const artwork = (colour: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Every value a response sent for a header, one per header line. */
const sentValues = (response: { headersArray(): { name: string; value: string }[] }, name: string) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value);

/** The policy every proof file is served under: nothing in it runs, in an opaque origin. */
const sandboxPolicy = expect.stringMatching(/^default-src 'none';.*; sandbox$/);

test("a proof goes from the desk to the buyer and back until it is approved and won", async ({ page }) => {
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
    expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // The page is its HTML and forms: no script file of the site's, no React.
    const html = await response!.text();
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(hasModuleScript(html)).toBe(false);
    expect(html).not.toContain("modulepreload");
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Proof v1 for ${reference}`);
    await expect(buyerPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(buyerPage.getByRole("img", { name: `Proof v1 for ${reference}` })).toBeVisible();
    await expect(buyerPage.getByRole("link", { name: "Download proof v1" })).toBeVisible();
    await expect(buyerPage.getByText("Your logo in white on blue, 40 mm wide.")).toBeVisible();
    // Each header once, as sent: a doubled Cross-Origin-Resource-Policy is invalid and ignored, and a
    // second CSP would be a second policy.
    const download = await buyerPage.request.get(`${base}${link1}/file`);
    expect(sentValues(download, "cross-origin-resource-policy")).toEqual(["same-origin"]);
    expect(sentValues(download, "x-content-type-options")).toEqual(["nosniff"]);
    expect(sentValues(download, "content-type")).toEqual(["image/png"]);
    expect(sentValues(download, "content-disposition")).toEqual([`attachment; filename="${reference}-proof-v1.png"`]);
    expect(sentValues(download, "content-security-policy")).toEqual([sandboxPolicy]);
    expect(sentValues(download, "referrer-policy")).toEqual(["no-referrer"]);
    const unknown = await buyerPage.request.get(`${base}/proof/${"A".repeat(43)}`);
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["referrer-policy"]).toBe("no-referrer");
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
    // Under no-referrer Chromium posts the form with `Origin: null`; its Sec-Fetch-Site says it is this page's.
    const approval = buyerPage.waitForRequest((request) => request.method() === "POST");
    await buyerPage.getByRole("button", { name: "Approve" }).click();
    const approvalHeaders = await (await approval).allHeaders();
    expect([approvalHeaders.origin, approvalHeaders["sec-fetch-site"]]).toEqual(["null", "same-origin"]);
    await expect(buyerPage.getByRole("status")).toContainText("your approval is recorded");
    await expect(buyerPage.getByText(/^Approved v2 by Dr\. Ayesha Khan, Brand Manager · .* PKT$/)).toBeVisible();
    await expect(buyerPage.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await until(() => smtp.received.some((mail) => decoded(mail.raw).includes("Approved v2 by Dr. Ayesha Khan")));

    // The record: on screen inside the site's frame, printed alone, on one page.
    const recordResponse = buyerPage.waitForResponse((answer) => answer.url().endsWith("/record"));
    await buyerPage.getByRole("link", { name: "Approval record (printable)" }).click();
    expect((await recordResponse).headers()["referrer-policy"]).toBe("no-referrer");
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Artwork approval record · ${reference}`);
    await expect(buyerPage.getByText("Dr. Ayesha Khan, Brand Manager", { exact: true })).toBeVisible();
    await expect(buyerPage.getByText(`${reference}-proof-v2.png`, { exact: true })).toBeVisible();
    await expect(buyerPage.getByRole("img", { name: "Approved proof v2" })).toBeVisible();
    const history = buyerPage.getByRole("list").filter({ hasText: "SHA-256" }).getByRole("listitem");
    await expect(history).toHaveText([
      new RegExp(
        `^v2Sent .* PKT · ${reference}-proof-v2\\.pngApproved v2 by Dr\\. Ayesha Khan, Brand Manager · .* PKTSHA-256 [0-9a-f]{64}$`,
      ),
      /^v1Sent .*Changes requested on v1 · .* PKTMake the logo 60 mm wide, please\.SHA-256 [0-9a-f]{64}$/,
    ]);
    await expect(buyerPage.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
    const frame = [buyerPage.getByRole("banner"), buyerPage.getByRole("contentinfo")];
    for (const media of ["screen", "print"] as const) {
      await buyerPage.emulateMedia({ media });
      for (const part of frame) await (media === "print" ? expect(part).toBeHidden() : expect(part).toBeVisible());
    }
    const pdf = await buyerPage.pdf({
      format: "A4",
      margin: { top: "15mm", right: "15mm", bottom: "15mm", left: "15mm" }, // about the print dialog's
      printBackground: true,
    });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
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

    // The inbox command's exports carry the same record.
    const quotes = (args: string[]) =>
      execFileSync(process.execPath, ["build/server/quotes.js", "list", ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      });
    const [exported] = JSON.parse(quotes(["--json"])) as { reference: string; proofs: Record<string, unknown>[] }[];
    expect(exported!.reference).toBe(reference);
    expect(exported!.proofs.map(({ version, status }) => ({ version, status }))).toEqual([
      { version: 1, status: "changes requested" },
      { version: 2, status: "approved" },
    ]);
    expect(quotes(["--csv"])).toMatch(
      /,2,approved,2,Dr\. Ayesha Khan,Brand Manager,\d{4}-\d\d-\d\d \d\d:\d\d PKT,[0-9a-f]{64}\r\n$/,
    );

    // Another site's posts stay refused on the production build: another origin by React Router (400;
    // sign-out, a resource route, by its own check), an opaque one, which allowedActionOrigins lets
    // through, by the actions themselves (403).
    const forged = (path: string, headers: Record<string, string>) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ intent: "changes", version: "2", changes: "x", message: "x" }).toString(),
      }).then((answer) => answer.status);
    for (const [path, otherOrigin] of [
      [link1, 400],
      ["/contact", 400],
      ["/desk/sign-out", 403],
    ] as const) {
      expect(await forged(path, { Origin: "https://evil.example" }), path).toBe(otherOrigin);
      expect(await forged(path, { Origin: "null", "Sec-Fetch-Site": "cross-site" }), path).toBe(403);
    }

    // Guessing: after 20 unknown tokens (the first was tried above) this address waits, even for a right
    // link, under the same privacy headers.
    for (let attempt = 1; attempt < 20; attempt++) {
      expect((await fetch(`${base}/proof/${"B".repeat(42)}${String.fromCharCode(65 + attempt)}`)).status).toBe(404);
    }
    const held = await fetch(`${base}${link1}`);
    expect(held.status).toBe(429);
    expect(held.headers.get("referrer-policy")).toBe("no-referrer");
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
