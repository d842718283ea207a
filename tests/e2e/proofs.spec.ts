import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { expectNoAxeViolations } from "./support/axe";
import { hasModuleScript, startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The proof loop on the production build with a real SMTP server: staff send v1, the buyer asks for
// changes, staff send v2, the buyer approves, the record is printed, staff mark the request Won. Then
// proof files with script in them (an SVG, a PDF), opened on their own, and the record along the way.

const artwork = (colour: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Every value sent for a header, one per header line (`headersArray()` of a response). */
const headerValues = (headers: { name: string; value: string }[], name: string) =>
  headers.filter((header) => header.name.toLowerCase() === name).map((header) => header.value);

/** The policy every proof file is served under: nothing in it runs, in an opaque origin. */
const sandboxPolicy = expect.stringMatching(/^default-src 'none';.*; sandbox$/);

/**
 * A production server of its own with a real mail server, one buyer's request sent through the quote
 * form, and a staff member signed in on `page`.
 */
async function proofSite(page: Page) {
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-proofs-"));
  const server = await startOwnServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const close = async () => {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
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
    /** The path of the link e-mailed with a version, once the mail server has it. */
    const linkFor = (version: number) => {
      const mail = smtp.received.find((item) => decoded(item.raw).includes(`Subject: Proof v${version} for`));
      return mail && new URL(/https?:\/\/\S+\/proof\/[A-Za-z0-9_-]{43}/.exec(decoded(mail.raw))![0]).pathname;
    };
    return { base, reference, dataDir, smtp, linkFor, close };
  } catch (error) {
    await close();
    throw error;
  }
}

test("a proof goes from the desk to the buyer and back until it is approved and won", async ({ page }) => {
  test.setTimeout(180_000);
  const { base, reference, dataDir, smtp, linkFor, close } = await proofSite(page);
  try {
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
    expect(headerValues(download.headersArray(), "cross-origin-resource-policy")).toEqual(["same-origin"]);
    expect(headerValues(download.headersArray(), "x-content-type-options")).toEqual(["nosniff"]);
    expect(headerValues(download.headersArray(), "content-type")).toEqual(["image/png"]);
    expect(headerValues(download.headersArray(), "content-disposition")).toEqual([
      `attachment; filename="${reference}-proof-v1.png"`,
    ]);
    expect(headerValues(download.headersArray(), "content-security-policy")).toEqual([sandboxPolicy]);
    expect(headerValues(download.headersArray(), "referrer-policy")).toEqual(["no-referrer"]);
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
    // A won request is finished: off the Open view, listed under All.
    await page.goto(`${base}/desk`);
    await expect(page.getByRole("listitem").filter({ hasText: reference })).toHaveCount(0);
    await page.goto(`${base}/desk?view=all`);
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
    const csv = quotes(["--csv"]);
    expect(csv).toMatch(/^id,reference,/); // the header is the first row
    expect(csv).toMatch(/,2,approved,2,Dr\. Ayesha Khan,Brand Manager,\d{4}-\d\d-\d\d \d\d:\d\d PKT,[0-9a-f]{64}\r\n$/);

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

    // Guessing: after 20 unknown tokens (the first was tried above) this address waits for the next
    // unknown one, under the same privacy headers; a right link still opens from the same address.
    for (let attempt = 1; attempt < 20; attempt++) {
      expect((await fetch(`${base}/proof/${"B".repeat(42)}${String.fromCharCode(65 + attempt)}`)).status).toBe(404);
    }
    expect((await fetch(`${base}${link1}`)).status).toBe(200);
    const held = await fetch(`${base}/proof/${"C".repeat(43)}`);
    expect(held.status).toBe(429);
    expect(held.headers.get("referrer-policy")).toBe("no-referrer");
  } finally {
    await close();
  }
});

/** What a script in a proof file would leave behind if it ran: a console line, a dialog, a title, a request. */
const scriptMark = "proof-script-ran";

/** An SVG proof written to run script every way an SVG can: a script element and event handlers. */
const scriptedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" onload="console.log('${scriptMark}'); document.title = '${scriptMark}'">
  <title>Artwork</title>
  <script>console.log("${scriptMark}"); alert("${scriptMark}"); fetch("/${scriptMark}");</script>
  <rect width="100" height="60" fill="#0f766e" onclick="alert('${scriptMark}')"/>
  <image href="/no-such-picture.png" width="1" height="1" onerror="console.log('${scriptMark}')"/>
</svg>`;

/** A PDF that asks its viewer to run JavaScript when it opens (kept as sent: PDFs are only checked). */
const scriptedPdf = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
    `4 0 obj << /S /JavaScript /JS (app.alert('${scriptMark}'); this.submitForm('/${scriptMark}');) >> endobj`,
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1",
);

/**
 * Opens a file's URL on its own in a new tab of `context`, as a buyer or staff member could: what the
 * server sent, whether the browser showed it (or only downloaded it), its title and origin, and every
 * trace a script in it would leave.
 */
async function openAlone(context: BrowserContext, url: string) {
  const tab = await context.newPage();
  const traces: string[] = [];
  tab.on("console", (message) => {
    if (message.text().includes(scriptMark)) traces.push(`console: ${message.text()}`);
  });
  tab.on("dialog", (dialog) => {
    traces.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  tab.on("request", (request) => {
    if (request.url().includes(scriptMark)) traces.push(`request: ${request.url()}`);
  });
  const responded = tab.waitForResponse((response) => response.url() === url);
  const downloaded = tab.waitForEvent("download", { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  // A download never becomes a document: the navigation to it is aborted.
  const shown = await tab.goto(url).then(
    () => true,
    (error: Error) => {
      if (/Download is starting/.test(error.message)) return false;
      throw error;
    },
  );
  const headers = await (await responded).headersArray();
  let title = "";
  let origin = "";
  if (shown) {
    // Whatever the document would load or run has happened by then.
    await tab.waitForLoadState("networkidle");
    title = await tab.title();
    origin = await tab.evaluate(() => window.origin);
  } else {
    expect(await downloaded, `${url} is downloaded`).toBe(true);
  }
  await tab.close();
  return { headers, shown, title, origin, traces };
}

async function sendFromDesk(page: Page, desk: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto(desk);
  await page.getByLabel("Proof file").setInputFiles(file);
  await page.getByRole("button", { name: "Send proof" }).click();
  await expect(page.getByRole("status")).toContainText("Proof sent");
}

test("no script in an SVG or PDF proof runs in the site's origin, and the record follows the answers", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { base, reference, dataDir, linkFor, close } = await proofSite(page);
  try {
    const desk = `${base}/desk/quotes/${reference}`;
    await sendFromDesk(page, desk, { name: "v1.png", mimeType: "image/png", buffer: await artwork("#1d4ed8") });
    await until(() => Boolean(linkFor(1)));
    const link = `${base}${linkFor(1)!}`;

    // The buyer's change request: blank (spaces pass the browser's own check) is answered on the page.
    const buyer = await page.context().browser()!.newContext();
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(link);
    await expect(buyerPage.getByRole("link", { name: "Approval record (printable)" })).toHaveCount(0);
    await buyerPage.getByLabel("What should change?").fill("   ");
    const blank = buyerPage.waitForResponse((response) => response.request().method() === "POST");
    await buyerPage.getByRole("button", { name: "Send changes" }).click();
    expect((await blank).status()).toBe(400);
    await expect(buyerPage.getByText("Say what should change.")).toBeVisible();
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Proof v1 for ${reference}`);
    await buyerPage.getByLabel("What should change?").fill("Use the dark blue of our guidelines.");
    await buyerPage.getByRole("button", { name: "Send changes" }).click();
    await expect(buyerPage.getByRole("status")).toContainText("your changes are sent");

    // Once answered, the record is there, approved or not.
    await buyerPage.getByRole("link", { name: "Approval record (printable)" }).click();
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Artwork approval record · ${reference}`);
    await expect(buyerPage.getByText("Not approved yet", { exact: true })).toBeVisible();
    const history = buyerPage.getByRole("list").filter({ hasText: "SHA-256" }).getByRole("listitem");
    await expect(history).toHaveText([
      /^v1Sent .*Changes requested on v1 · .* PKTUse the dark blue of our guidelines\./,
    ]);

    // v2 an SVG with script in it, which the checker cleans; v3 a PDF that asks to run JavaScript.
    await sendFromDesk(page, desk, { name: "v2.svg", mimeType: "image/svg+xml", buffer: Buffer.from(scriptedSvg) });
    await sendFromDesk(page, desk, { name: "v3.pdf", mimeType: "application/pdf", buffer: scriptedPdf });

    await buyerPage.goto(link);
    await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(`Proof v3 for ${reference}`);
    const earlier = buyerPage.getByRole("region", { name: "Earlier versions" }).getByRole("listitem");
    await expect(earlier.getByText(/^Replaced by v\d$/)).toHaveText(["Replaced by v3", "Replaced by v2"]);
    await expect(buyerPage.getByText("This proof is a PDF: download it to see it.")).toBeVisible();
    await expect(buyerPage.locator("iframe")).toHaveCount(0);

    // Every file URL the page gives for v2 and v3, and the PDF's former inline one: the SVG under the
    // sandbox (cleaned, and even as sent), the PDF only ever downloaded.
    const given = await buyerPage
      .locator('img[src*="/file?v="], a[href*="/file?v="]')
      .evaluateAll((elements) =>
        elements.map((element) =>
          element instanceof HTMLImageElement ? element.src : (element as HTMLAnchorElement).href,
        ),
      );
    const fileUrls = [...new Set(given)].filter((url) => /[?&]v=[23](&|$)/.test(url));
    expect(fileUrls.map((url) => new URL(url).search).sort()).toEqual(["?v=2", "?v=2&inline", "?v=3"]);
    const svgServed = await buyerPage.request.get(`${link}/file?v=2`);
    expect(await svgServed.text()).not.toMatch(/script|onload|onclick|onerror/i);
    // The checker is not the only guard: the stored SVG is replaced by the scripted one, as sent.
    const [storedSvg, ...more] = readdirSync(join(dataDir, "attachments")).filter((name) => name.endsWith(".svg"));
    expect(more).toEqual([]);
    writeFileSync(join(dataDir, "attachments", storedSvg!), scriptedSvg);
    // The traces are there to be seen: the same SVG without the policy runs at once.
    const unguardedUrl = `${base}/unguarded.svg`;
    await buyer.route(unguardedUrl, (route) => route.fulfill({ contentType: "image/svg+xml", body: scriptedSvg }));
    const unguarded = await openAlone(buyer, unguardedUrl);
    expect(unguarded.traces).toEqual(
      expect.arrayContaining([`console: ${scriptMark}`, `request: ${base}/${scriptMark}`]),
    );
    expect([unguarded.title, unguarded.origin]).toEqual([scriptMark, base]);
    for (const url of [...fileUrls, `${link}/file?v=3&inline`, `${desk}/proofs/2`, `${desk}/proofs/3`]) {
      const opened = await openAlone(url.startsWith(desk) ? page.context() : buyer, url);
      expect(opened.traces, url).toEqual([]);
      expect(opened.shown, `${url} shown`).toBe(/\/file\?v=2&inline$|\/proofs\/2$/.test(url));
      if (opened.shown) expect([opened.title, opened.origin], url).toEqual(["Artwork", "null"]);
      expect(headerValues(opened.headers, "content-security-policy"), url).toEqual([sandboxPolicy]);
      expect(headerValues(opened.headers, "x-content-type-options"), url).toEqual(["nosniff"]);
      expect(headerValues(opened.headers, "cross-origin-resource-policy"), url).toEqual(["same-origin"]);
    }

    // The buyer approves the PDF: the record names it, with its size, hash and download, where a picture would be.
    await buyerPage.getByLabel("Your name").fill("Dr. Ayesha Khan");
    await buyerPage.getByRole("button", { name: "Approve" }).click();
    await expect(buyerPage.getByRole("status")).toContainText("your approval is recorded");
    await buyerPage.getByRole("link", { name: "Approval record (printable)" }).click();
    const pdfLine = buyerPage.getByText("The approved file is a PDF, not pictured here:");
    await expect(pdfLine).toContainText(`${reference}-proof-v3.pdf, 1 KB (${scriptedPdf.length} bytes), SHA-256 `);
    await expect(pdfLine).toContainText(/SHA-256 [0-9a-f]{64}\./);
    await expect(pdfLine.getByRole("link", { name: "Download the approved PDF (v3)" })).toHaveAttribute(
      "href",
      `${new URL(link).pathname}/file?v=3`,
    );
    await expect(buyerPage.getByRole("img")).toHaveCount(0);
    await buyer.close();

    // The desk links the same record, behind its session.
    await page.goto(desk);
    await page.getByRole("link", { name: "Approval record", exact: true }).click();
    await expect(page).toHaveURL(`${desk}/record`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Artwork approval record · ${reference}`);
    await expect(page.getByText("Dr. Ayesha Khan", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download the approved PDF (v3)" })).toHaveAttribute(
      "href",
      `/desk/quotes/${reference}/proofs/3`,
    );
  } finally {
    await close();
  }
});

test("“End all links” on the desk ends the buyer's page, after saying what it does", async ({ page }) => {
  test.setTimeout(120_000);
  const { base, reference, linkFor, close } = await proofSite(page);
  try {
    const desk = `${base}/desk/quotes/${reference}`;
    await sendFromDesk(page, desk, { name: "v1.png", mimeType: "image/png", buffer: await artwork("#1d4ed8") });
    await until(() => Boolean(linkFor(1)));
    const link = `${base}${linkFor(1)!}`;
    expect((await fetch(link)).status).toBe(200);

    await page.goto(desk);
    const endAll = page.getByRole("button", { name: "Yes, end all links" });
    await expect(endAll).toBeHidden();
    await page.getByText("End all links", { exact: true }).click();
    await expect(endAll).toHaveAccessibleDescription(/Every link of this request will answer “not found”/);
    await expectNoAxeViolations(page, "/desk/quotes/… with “End all links” open");
    await endAll.click();
    await expect(page.getByRole("status")).toContainText("All links ended");
    await expect(page.getByText(/^All proof links ended \(1 link\), reminders stopped$/)).toBeVisible();
    await expect(page.getByText("End all links", { exact: true })).toHaveCount(0);

    const buyer = await page.context().browser()!.newContext();
    const buyerPage = await buyer.newPage();
    const gone = await buyerPage.goto(link);
    expect(gone!.status()).toBe(410);
    await expect(buyerPage.getByText(/This link has been ended by Lahore Promo Works/)).toBeVisible();
    await expect(buyerPage.getByText(reference)).toHaveCount(0);
    await buyer.close();
  } finally {
    await close();
  }
});
