import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { pdfText } from "../support/pdf-text";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { addStaff } from "./support/desk-http";
import { startOwnServer, waitForHydration } from "./support/site";
import { optionsOf } from "./support/quotation-editor";
import { expect, test } from "./support/test";
import { contextAt, stepShots } from "./support/touch";

// A priced quotation's whole journey on the production build with a real mail server, once on a phone
// and once on a desktop: the owner prices the ONSET pen (250 / 500 / 1,000); a buyer designs on it in
// the studio and asks for 500; staff prepare the quotation from the price list, add 250 and 1,000,
// send v1; the buyer opens the e-mailed link and asks for a change; staff send v2; the buyer picks
// 500, accepts with a PO number and gets the order; the desk shows it Won. Then both PDFs are read as
// a procurement clerk reads them, against what the buyer's page showed.

const password = "lahore-blue-pens-2026";
const pen = { id: "onset-pen", title: "ONSET Signature Pen", priceItemId: "plastic-click-pen-pad-print" };
// Screenshots of each step when QUOTE_JOURNEY_SHOTS names a folder (the journey's look, judged by eye).
const shotsDir = process.env.QUOTE_JOURNEY_SHOTS;
const widths = (process.env.QUOTE_JOURNEY_WIDTHS ?? "390,1440").split(",").map(Number);

const shot = stepShots(shotsDir);

for (const width of widths) {
  test(`at ${width} px: priced from the list, sent, changed, sent again, accepted with a PO; both PDFs agree with the page`, async ({
    browser,
  }) => {
    test.setTimeout(150_000); // the review step adds a round trip to a long journey
    const smtp = await startSmtp();
    const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-journey-"));
    const server = await startOwnServer({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      QUOTE_NOTIFY_TO: "sales@promo.example",
      QUOTE_FROM: "Lahore Promo Works <sales@promo.example>",
    });
    const base = server.baseURL;
    const mailAbout = (subject: string) => smtp.received.find((mail) => decoded(mail.raw).includes(subject));
    try {
      await addStaff(server, "sana@promo.example", password); // the first account: an owner
      const staffContext = await contextAt(browser, width);
      const desk = await staffContext.newPage();
      await desk.goto(`${base}/desk/sign-in`);
      await desk.getByLabel("Email").fill("sana@promo.example");
      await desk.getByLabel("Password").fill(password);
      await desk.getByRole("button", { name: "Sign in" }).click();
      await expect(desk.getByRole("heading", { name: "Quote requests" })).toBeVisible();

      // The owner reprices the item the pen is made from: three breaks (of the seed's five), a set-up
      // per colour, a lead time.
      await desk.goto(`${base}/desk/prices/${pen.priceItemId}`);
      const field = (name: string) => desk.getByLabel(name, { exact: true });
      await desk.getByRole("button", { name: "Remove break 5" }).click();
      await desk.getByRole("button", { name: "Remove break 4" }).click();
      await expect(field("Quantity, break 4")).toHaveCount(0);
      await field("Quantity, break 1").fill("250");
      await field("Unit price (PKR), break 1").fill("90");
      await field("Quantity, break 2").fill("500");
      await field("Unit price (PKR), break 2").fill("85");
      await field("Quantity, break 3").fill("1,000");
      await field("Unit price (PKR), break 3").fill("78");
      await field("Label, set-up charge 1").fill("Pad print, per colour");
      await field("Amount (PKR), set-up charge 1").fill("2,500");
      await field("Lead time (business days)").fill("10");
      await desk.getByRole("button", { name: "Save prices" }).click();
      await expect(desk.getByRole("status")).toHaveText("Prices saved.");

      // The buyer designs on the pen and asks for 500 of them.
      const buyerContext = await contextAt(browser, width);
      const buyer = await buyerContext.newPage();
      await buyer.goto(`${base}/portfolio/${pen.id}/studio`);
      await expect(buyer.getByLabel("Brand name")).toBeEditable();
      await buyer.getByLabel("Brand name").fill("ACME");
      await buyer.getByRole("button", { name: "Request a Quote with This Design" }).click();
      await expect(buyer).toHaveURL(/\/contact\?.*design=1$/);
      await waitForHydration(buyer);
      await buyer.getByRole("textbox", { name: "Name", exact: true }).fill("Ayesha Khan");
      await buyer.getByRole("textbox", { name: "Company", exact: true }).fill("Acme Pharma");
      await buyer.getByRole("textbox", { name: "Email", exact: true }).fill("ayesha@acme.example");
      await buyer.getByRole("spinbutton", { name: "Quantity", exact: true }).fill("500");
      await buyer.getByRole("button", { name: "Submit Quote Request" }).click();
      // The design's mockup goes with the request: longer to send than a plain form.
      await expect(buyer.getByRole("status").filter({ hasText: "Quote Request Submitted!" })).toBeVisible({
        timeout: 20_000,
      });
      const reference = /Q-\d{4}-\d{4}/.exec(
        (await buyer
          .getByText(/Q-\d{4}-\d{4}/)
          .first()
          .textContent())!,
      )![0];
      const order = reference.replace("Q-", "O-");

      // Staff prepare the quotation: the pen from the price list, options around the 500 asked, set-up for its colour.
      const requestPage = `${base}/desk/quotes/${reference}`;
      await desk.goto(requestPage);
      await desk.getByRole("link", { name: "Prepare quotation" }).click();
      await expect(desk.getByRole("heading", { name: `Quotation v1 for ${reference}` })).toBeVisible();
      const line = desk.getByRole("group", { name: "Line 1" });
      await expect(line.getByLabel("Description", { exact: true })).toHaveValue(pen.title);
      expect(await optionsOf(line)).toEqual([
        ["250", "90"],
        ["500", "85"],
        ["1000", "78"],
      ]);
      await expect(line.getByLabel("Set-up charge (PKR)", { exact: true })).toHaveValue("2500"); // one colour
      await shot(desk, `editor-prefilled-${width}`);
      await desk.getByRole("button", { name: "Send quotation" }).click();
      const panel = desk.getByRole("region", { name: "Quotations" });
      await expect(panel).toContainText(/Quotation v1 · .* · Sent/);

      // The buyer opens the link from the e-mail and asks for a change.
      await until(() => Boolean(mailAbout(`Subject: Quotation v1 for ${reference}`)));
      const mail1 = await simpleParser(mailAbout(`Subject: Quotation v1 for ${reference}`)!.raw);
      const link = new URL(/https?:\/\/\S+\/proof\/[A-Za-z0-9_-]{43}/.exec(mail1.text!)![0]).pathname;
      await buyer.goto(`${base}${link}`);
      await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Quotation v1 for ${reference}`);
      await buyer.getByLabel("What should change?").fill("Please quote 1,000 too with two colours");
      await buyer.getByRole("button", { name: "Send", exact: true }).click();
      await expect(buyer.getByRole("status")).toContainText("The office will send you a new version");

      // Staff see it, and send v2 for two colours: twice the set-up.
      await desk.goto(requestPage);
      // Beside the version it is about, where the next version is prepared.
      await expect(panel).toContainText(
        /Quotation v1 · .* · Sent.*The buyer asked for changes, \w{3} \d{1,2} \w{3} \d\d:\d\d: Please quote 1,000 too with two colours/,
      );
      await panel.getByRole("link", { name: "Prepare v2" }).click();
      await expect(desk.getByRole("heading", { name: `Quotation v2 for ${reference}` })).toBeVisible();
      await line.getByLabel("Decoration", { exact: true }).fill("Pad print, 2 colours");
      await line.getByLabel("Set-up charge (PKR)", { exact: true }).fill("5,000");
      await desk.getByRole("button", { name: "Send quotation" }).click();
      await expect(panel).toContainText(/Quotation v1 · .* · Replaced by v2/);
      await expect(panel).toContainText(/Quotation v2 · .* · Sent/);
      await shot(desk, `request-after-v2-${width}`);

      // The buyer's page: v2, v1 replaced; 1,000 then 500 picked, the total following; accepted.
      await until(() => Boolean(mailAbout(`Subject: Quotation v2 for ${reference}`)));
      const mail2 = await simpleParser(mailAbout(`Subject: Quotation v2 for ${reference}`)!.raw);
      // Each option its own figures, the 500 asked for recommended.
      expect(mail2.text).toContain(
        "Option 1: 250 pcs: subtotal PKR 22,500, set-up PKR 5,000, sales tax PKR 4,950, total PKR 32,450.",
      );
      expect(mail2.text).toContain(
        "Option 2: 500 pcs (recommended: nearest the 500 pcs you asked for): subtotal PKR 42,500, set-up PKR 5,000, sales tax PKR 8,550, total PKR 56,050.",
      );
      expect(mail2.text).toContain(
        "Option 3: 1,000 pcs: subtotal PKR 78,000, set-up PKR 5,000, sales tax PKR 14,940, total PKR 97,940.",
      );
      const link2 = new URL(/https?:\/\/\S+\/proof\/[A-Za-z0-9_-]{43}/.exec(mail2.text!)![0]).pathname;
      // One link per request: the second quotation's mail carries the first's.
      expect(link2).toBe(link);
      await buyer.goto(`${base}${link2}`);
      await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Quotation v2 for ${reference}`);
      await expect(buyer.getByText("Replaced by v2")).toBeVisible();
      const total = buyer.locator('[data-amount="total"]').first();
      // The options come smallest first, whatever order staff typed them in; the 500 asked for is picked at first.
      await expect(buyer.getByLabel(/^500 pcs × PKR 85 = PKR 42,500/)).toBeChecked();
      await expect(total).toHaveText("PKR 56,050"); // (500 × 85 + 5,000) × 1.18
      const eachOption = buyer.getByRole("region", { name: "Total of each option" });
      await expect(eachOption).toContainText("Option 1: 250 pcs");
      await expect(eachOption).toContainText("PKR 32,450");
      await expect(eachOption).toContainText(/Option 2: 500 pcs\s*Recommended nearest the 500 pcs you asked for/);
      await expect(eachOption).toContainText("PKR 97,940");
      await shot(buyer, `buyer-v2-${width}`);
      await buyer.getByLabel(/^1,000 pcs × PKR 78 = PKR 78,000/).check();
      await expect(total).toHaveText("PKR 97,940"); // (1,000 × 78 + 5,000) × 1.18
      await buyer.getByLabel(/^500 pcs × PKR 85 = PKR 42,500/).check();
      await expect(total).toHaveText("PKR 56,050");
      await buyer.getByLabel("Your name").fill("Dr. Ayesha Khan");
      await buyer.getByLabel("Your role").fill("Brand Manager");
      await buyer.getByLabel("Purchase order number").fill("PO-7781");
      await buyer.getByRole("button", { name: "Review and accept" }).click();
      await expect(buyer.getByRole("region", { name: "Check before you accept" })).toContainText("PKR 56,050");
      await shot(buyer, `buyer-review-${width}`);
      await buyer.getByRole("button", { name: "Accept — this is final" }).click();
      await expect(
        buyer.getByText(new RegExp(`^Order ${order} · accepted \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d PKT$`)),
      ).toBeVisible();
      await expect(total).toHaveText("PKR 56,050");
      const pageSha = /[0-9a-f]{64}/.exec((await buyer.getByText(/SHA-256 of the quotation/).textContent())!)![0];
      await shot(buyer, `buyer-accepted-${width}`);

      // The desk: Won, with the order.
      await desk.goto(requestPage);
      await expect(desk.getByText("Won", { exact: true }).first()).toBeVisible();
      await expect(panel).toContainText(`· PKR 56,050 · Accepted: order ${order}, PO PO-7781`);
      await expect(panel.getByRole("link", { name: "Prepare v3" })).toHaveCount(0);
      await expect(panel).toContainText("there is no further version to send");
      // Nor by its address: the editor refuses, saying where the order is.
      const editor = await desk.request.get(`${requestPage}/quotation`);
      expect(editor.status()).toBe(409);
      expect(await editor.text()).toContain(`order ${order} is made`);
      // Every mail to the buyer is in the conversation: both quotations, and the acceptance's.
      const conversation = desk.getByRole("region", { name: "Conversation" });
      for (const version of [1, 2]) {
        await expect(
          conversation.getByText(`Quotation v${version} for ${reference} from Lahore Promo Works`),
        ).toBeVisible();
      }
      await shot(desk, `request-won-${width}`);

      // The PDFs as a procurement clerk reads them: v2 from the e-mail, the acceptance record from the page.
      const quotationPdf = mail2.attachments.find((file) => file.filename === `${reference}-quotation-v2.pdf`)!.content;
      const acceptancePdf = await (await buyer.request.get(`${base}${link2}/acceptance/pdf`)).body();
      if (shotsDir) {
        writeFileSync(join(shotsDir, `quotation-v2-${width}.pdf`), quotationPdf);
        writeFileSync(join(shotsDir, `acceptance-${width}.pdf`), acceptancePdf);
      }
      const quotation = pdfText(quotationPdf);
      const acceptance = pdfText(acceptancePdf);
      for (const text of [quotation, acceptance]) {
        expect(text).toContain("Lahore Promo Works");
        expect(text).toMatch(/NTN 0000000-0 · STRN 00-00-0000-000-00/);
        expect(text).toContain("Acme Pharma");
        expect(text).toContain(`1. ${pen.title}`);
        expect(text).toContain("Decoration: Pad print, 2 colours");
        expect(text).toMatch(/Set-up charge PKR 5,000/);
        expect(text).toMatch(/Valid until: \w+ \d{1,2} \w+ \d{4}/);
        expect(text.replace(/\s/g, "")).toContain(pageSha);
      }
      expect(quotation).toContain(`Quotation ${reference} v2`);
      expect(quotation).toContain("500 PKR 85 PKR 42,500");
      expect(quotation).toContain("250 PKR 90 PKR 22,500");
      expect(quotation).toContain("1,000 PKR 78 PKR 78,000");
      expect(quotation).toMatch(/Option 1: 250 pcs\n[^]*?\nTotal PKR 32,450\n/);
      expect(quotation).toMatch(
        /Option 2: 500 pcs \(recommended: nearest the 500 pcs you asked for\)\n[^]*?\nTotal PKR 56,050\n/,
      );
      expect(quotation).toMatch(/Option 3: 1,000 pcs\n[^]*?\nTotal PKR 97,940\n/);
      expect(acceptance).toContain(`Order: ${order}`);
      expect(acceptance).toContain("Sales tax 18 % on PKR 47,500 PKR 8,550");
      expect(acceptance).toMatch(/chosen 500 PKR 85 PKR 42,500/);
      expect(acceptance).not.toContain("PKR 78,000");
      expect(acceptance).toContain("Total PKR 56,050");
      expect(acceptance).toContain("PO number: PO-7781");
      expect(acceptance).toContain("Accepted by: Dr. Ayesha Khan");
      expect(acceptance).toContain("Role: Brand Manager");
      await buyerContext.close();
      await staffContext.close();
    } finally {
      await server.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
