import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { pdfText } from "../support/pdf-text";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { fixtures } from "../support/upload-fixtures";
import { addStaff } from "./support/desk-http";
import { startOwnServer, waitForHydration } from "./support/site";
import { optionsOf } from "./support/quotation-editor";
import { expect, test } from "./support/test";
import { contextAt, stepShots } from "./support/touch";

// The office's working day with one buyer, on the production build with a real mail server, on a phone
// and on a desktop: a contact-form request for 500 metal pens; staff price it from the price list (the
// options 250 / 500 / 1,000 filled in) and send it; the buyer opens the e-mailed link, downloads the
// quotation's PDF, reviews and accepts; approves the artwork; pays the advance with the bank details
// shown and gets a receipt; staff take the order through production, QC, dispatch and delivery, issue
// the invoice and settle the balance with income tax withheld; Receivables is empty. Every mail the
// buyer got carries the one link of the request.

const password = "lahore-blue-pens-2026";
const buyerEmail = "ayesha@acme.example";
// Screenshots of each step when WORKING_DAY_SHOTS names a folder (the journey's look, judged by eye).
const shotsDir = process.env.WORKING_DAY_SHOTS;
const widths = (process.env.WORKING_DAY_WIDTHS ?? "390,1440").split(",").map(Number);

const shot = stepShots(shotsDir);

const linkPattern = /https?:\/\/[^\s<>"]+\/proof\/[A-Za-z0-9_-]{43}/g;

for (const width of widths) {
  test(`at ${width} px: a request for 500 pens is priced from the list, accepted, paid with tax withheld and delivered; one link throughout`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const smtp = await startSmtp();
    const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-working-day-"));
    const server = await startOwnServer({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      QUOTE_NOTIFY_TO: "sales@promo.example",
      QUOTE_FROM: "Lahore Promo Works <sales@promo.example>",
    });
    const base = server.baseURL;
    const toBuyer = () => smtp.received.filter((mail) => mail.to.includes(buyerEmail));
    const mailAbout = (subject: string) => toBuyer().find((mail) => decoded(mail.raw).includes(`Subject: ${subject}`));
    const parsedMail = async (subject: string) => {
      await until(() => Boolean(mailAbout(subject)), 15_000);
      return simpleParser(mailAbout(subject)!.raw);
    };
    try {
      await addStaff(server, "sana@promo.example", password); // the first account: an owner
      const staffContext = await contextAt(browser, width);
      const buyerContext = await contextAt(browser, width);
      const desk = await staffContext.newPage();
      const buyer = await buyerContext.newPage();

      // 1. The buyer asks for 500 metal pens on the contact form.
      await buyer.goto(`${base}/contact`);
      await waitForHydration(buyer);
      const textbox = (name: string) => buyer.getByRole("textbox", { name, exact: true });
      await textbox("Name").fill("Ayesha Khan");
      await textbox("Company").fill("Acme Pharma");
      await textbox("Email").fill(buyerEmail);
      await textbox("Phone").fill("+92 300 1234567");
      await textbox("Products of interest").fill("Metal pens with our logo");
      await textbox("Message").fill("500 metal pens with our logo for the launch in January.");
      await buyer.getByRole("spinbutton", { name: "Quantity", exact: true }).fill("500");
      await buyer.getByRole("button", { name: "Submit Quote Request" }).click();
      const submitted = buyer.getByRole("status").filter({ hasText: "Quote Request Submitted!" });
      await expect(submitted).toBeVisible({ timeout: 15_000 });
      const reference = /Q-\d{4}-\d{4}/.exec((await submitted.textContent())!)![0];
      const order = reference.replace("Q-", "O-");
      await shot(buyer, `01-contact-sent-${width}`);

      // 2. Staff sign in, open the request and its quotation: priced from the list, options around 500.
      await desk.goto(`${base}/desk/sign-in`);
      await desk.getByLabel("Email").fill("sana@promo.example");
      await desk.getByLabel("Password").fill(password);
      await desk.getByRole("button", { name: "Sign in" }).click();
      await expect(desk.getByRole("heading", { name: "Quote requests" })).toBeVisible();
      await desk.getByRole("link", { name: "Ayesha Khan · Acme Pharma" }).click();
      await expect(desk).toHaveURL(new RegExp(`/desk/quotes/${reference}$`));
      await expect(desk.getByRole("heading", { level: 1 })).toHaveText("Ayesha Khan · Acme Pharma");
      await expect(desk.getByText("Metal pens with our logo").first()).toBeVisible();
      await shot(desk, `02-desk-request-${width}`);
      await desk.getByRole("link", { name: "Prepare quotation" }).click();
      await expect(desk.getByRole("heading", { name: `Quotation v1 for ${reference}` })).toBeVisible();
      await expect(desk.getByText("Ayesha Khan · Acme Pharma · asked for 500 pcs")).toBeVisible();
      const line = desk.getByRole("group", { name: "Line 1" });
      await expect(line.getByText("Priced from the price list: Metal ball pen, one-colour pad print")).toBeVisible();
      expect(await optionsOf(line)).toEqual([
        ["250", "160"],
        ["500", "145"],
        ["1000", "130"],
      ]);
      await expect(line.getByLabel("Set-up charge (PKR)", { exact: true })).toHaveValue("2500");
      // The editor totals each option as the buyer will see it: (quantity × unit + 2,500) × 1.18.
      const editorTotals = desk.getByRole("region", { name: "Total of each option" });
      await expect(editorTotals).toContainText("Option 1: 250 pcs");
      await expect(editorTotals).toContainText("PKR 50,150");
      await expect(editorTotals).toContainText("PKR 88,500");
      await expect(editorTotals).toContainText("PKR 156,350");
      await shot(desk, `03-desk-quotation-prefilled-${width}`);
      await desk.getByRole("button", { name: "Send quotation" }).click();
      const panel = desk.getByRole("region", { name: "Quotations" });
      await expect(panel).toContainText(/Quotation v1 · .* · Sent/);

      // 3. The buyer opens the one link in the e-mail: each option's own total, 500 recommended and chosen.
      const quotationMail = await parsedMail(`Quotation v1 for ${reference}`);
      const mailLinks = new Set(quotationMail.text!.match(linkPattern));
      expect(mailLinks.size).toBe(1);
      const link = new URL([...mailLinks][0]!).pathname;
      await buyer.goto(`${base}${link}`);
      await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Quotation v1 for ${reference}`);
      await expect(buyer.locator("#status-heading")).toHaveText("Please review and accept the quotation");
      const eachOption = buyer.getByRole("region", { name: "Total of each option" });
      await expect(eachOption).toContainText("Option 1: 250 pcs");
      await expect(eachOption).toContainText("PKR 50,150");
      await expect(eachOption).toContainText(/Option 2: 500 pcs\s*Recommended nearest the 500 pcs you asked for/);
      await expect(eachOption).toContainText("PKR 88,500");
      await expect(eachOption).toContainText("PKR 156,350");
      await expect(buyer.getByLabel(/^500 pcs × PKR 145 = PKR 72,500/)).toBeChecked();
      await expect(buyer.getByRole("heading", { name: "Your choice" })).toBeVisible();
      await expect(buyer.locator('[data-amount="total"]').first()).toHaveText("PKR 88,500");
      // No delivery is charged: no "Delivery PKR 0" row, as each option's totals have none.
      await expect(buyer.locator('[data-amount="delivery"]')).toHaveCount(0);
      await shot(buyer, `04-buyer-quotation-${width}`);
      // The quotation's PDF from the link, for a colleague to file: the three totals.
      const pdfHref = await buyer.getByRole("link", { name: "Quotation v1 (PDF)" }).getAttribute("href");
      const pdf = await buyer.request.get(`${base}${pdfHref}`);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const quotationText = pdfText(await pdf.body());
      expect(quotationText).toMatch(/Option 1: 250 pcs\n[^]*?\nTotal PKR 50,150\n/);
      expect(quotationText).toMatch(/Option 2: 500 pcs \(recommended[^\n]*\n[^]*?\nTotal PKR 88,500\n/);
      expect(quotationText).toMatch(/Option 3: 1,000 pcs\n[^]*?\nTotal PKR 156,350\n/);
      await buyer.getByLabel("Your name").fill("Dr. Ayesha Khan");
      await buyer.getByLabel("Your role").fill("Brand Manager");
      await buyer.getByLabel("Purchase order number").fill("PO-7781");
      await buyer.getByRole("button", { name: "Review and accept" }).click();
      const review = buyer.getByRole("region", { name: "Check before you accept" });
      await expect(review).toContainText("500 pcs");
      await expect(review).toContainText("PKR 88,500");
      await expect(review).toContainText("PO-7781");
      await expect(buyer.locator("#status-heading")).not.toHaveText("Please review and accept the quotation");
      await shot(buyer, `05-buyer-review-${width}`);
      await buyer.getByRole("button", { name: "Accept — this is final" }).click();
      await expect(buyer.getByText(new RegExp(`^Order ${order} · accepted `))).toBeVisible();
      await shot(buyer, `06-buyer-accepted-${width}`);

      // The artwork: staff send a proof, the buyer approves it; what is needed next is the advance.
      await desk.goto(`${base}/desk/quotes/${reference}`);
      await desk
        .getByLabel("Proof file")
        .setInputFiles({ name: "pen.png", mimeType: "image/png", buffer: await fixtures.png() });
      await desk.getByRole("button", { name: "Send proof" }).click();
      await expect(desk.getByText(/Proof v1/).first()).toBeVisible();
      await parsedMail(`Proof v1`);
      await buyer.goto(`${base}${link}`);
      await buyer.getByLabel("Your name").fill("Dr. Ayesha Khan");
      await buyer.getByRole("button", { name: "Approve" }).click();
      const status = buyer.locator("#status-heading");
      await expect(status).toHaveText("Artwork approved — waiting for your advance of PKR 44,250");
      const howToPay = buyer.getByRole("region", { name: "How to pay" });
      await expect(howToPay).toContainText("Advance due now: PKR 44,250");
      await expect(howToPay).toContainText("IBANPK15 EXMP 0012 3456 7890 1234");
      await expect(howToPay).toContainText(`Quote ${order} as the reference.`);
      await shot(buyer, `07-buyer-advance-due-${width}`);

      // 4. Staff see what the order waits for, and record the advance, the form filled with it; the
      // receipt arrives with its PDF.
      await desk.goto(`${base}/desk/orders`);
      const waiting = desk.getByRole("listitem").filter({ has: desk.getByRole("link", { name: order }) });
      await expect(waiting).toContainText("Artwork approved — waiting for the advance");
      await desk.goto(`${base}/desk/orders/${order}`);
      await expect(desk.getByText("Artwork approved — waiting for the advance", { exact: true })).toBeVisible();
      await expect(desk.getByLabel(/^Amount \(PKR\)/)).toHaveValue("44250");
      await expect(desk.getByLabel("Kind")).toHaveValue("advance");
      await desk.getByLabel("Method").selectOption({ label: "Bank transfer" });
      await desk.getByLabel(/^Reference/).fill("TT-4471");
      await desk.getByRole("button", { name: "Record payment" }).click();
      const payments = desk.locator("#payments");
      await expect(payments.getByRole("status")).toHaveText("Payment recorded and its receipt e-mailed to the buyer.");
      const receiptMail = await parsedMail(`Receipt R-`);
      const receiptNumber = /Receipt (R-\d{4}-\d{4})/.exec(receiptMail.subject!)![1]!;
      const receiptPdf = receiptMail.attachments.find((file) => file.contentType === "application/pdf")!;
      const receiptText = pdfText(receiptPdf.content);
      expect(receiptText).toContain(receiptNumber);
      expect(receiptText).toContain("Rupees forty-four thousand two hundred fifty only");
      await shot(desk, `08-desk-advance-recorded-${width}`);

      // 5. Production, QC, dispatch (a consignment number typed with spaces) and delivery.
      // A week from today in Pakistan (UTC+5), before the date promised from the lead time.
      const planned = new Date(Date.now() + 5 * 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
      await desk.getByLabel("Planned dispatch date").fill(planned);
      await desk.getByRole("button", { name: "Start production" }).click();
      await expect(desk.getByRole("status").first()).toContainText("Saved.");
      await buyer.goto(`${base}${link}`);
      await expect(status).toHaveText("Nothing needed: in production");
      // The balance is due on delivery: nothing to pay now, so no "How to pay".
      await expect(howToPay).toHaveCount(0);
      await expect(
        buyer.getByText("Nothing to pay now: the balance of PKR 44,250 is due on delivery or with the invoice."),
      ).toBeVisible();
      await shot(buyer, `09-buyer-in-production-${width}`);
      for (const point of ["Quantity counted", "Print matches the approved proof", "Colours checked", "Packing"])
        await desk.getByLabel(point).check();
      await desk.getByRole("button", { name: "Quality check passed" }).click();
      await expect(desk.getByLabel("Consignment number")).toBeVisible();
      await desk.getByLabel("Courier").selectOption({ label: "TCS" });
      await desk.getByLabel("Consignment number").fill("TCS 7720 0123 4567");
      await desk.getByRole("button", { name: "Dispatched" }).click();
      await expect(desk.getByRole("link", { name: "Track" })).toHaveAttribute(
        "href",
        "https://www.tcsexpress.com/track/772001234567",
      );
      await desk.getByLabel("Received by").fill("Imran at reception");
      await desk.getByRole("button", { name: "Delivered" }).click();
      await expect(desk.getByText("Received by: Imran at reception")).toBeVisible();
      await shot(desk, `10-desk-delivered-${width}`);
      await buyer.goto(`${base}${link}`);
      await expect(status).toHaveText("Delivered — balance of PKR 44,250 due");
      const timeline = buyer.getByRole("region", { name: `Your order ${order}` });
      await expect(timeline.getByRole("link", { name: "Track your parcel" })).toHaveAttribute(
        "href",
        "https://www.tcsexpress.com/track/772001234567",
      );
      await expect(buyer.locator("main")).not.toContainText(/promised|dispatch by/i);
      await expect(howToPay).toContainText("PKR 44,250");
      await shot(buyer, `11-buyer-delivered-${width}`);

      // 6. The invoice; the balance paid with income tax withheld; settled, nothing owed anywhere.
      await desk.goto(`${base}/desk/orders/${order}`);
      const invoices = desk.locator("#invoices");
      await desk.getByLabel("Buyer address").fill("12 Mall Road\nLahore");
      await desk.getByRole("button", { name: "Issue invoice" }).click();
      await expect(invoices.getByRole("status")).toContainText("Invoice issued");
      const invoiceNumber = (await invoices.locator(".font-mono").first().textContent())!;
      await parsedMail(`Sales tax invoice ${invoiceNumber}`);
      await expect(desk.getByLabel(/^Amount \(PKR\)/)).toHaveValue("44250");
      await desk.getByLabel(/^Amount \(PKR\)/).fill("42,037");
      await desk.getByLabel("Method").selectOption({ label: "Cheque" });
      await desk.getByLabel(/^Reference/).fill("CHQ-0091");
      await desk.getByLabel("Income tax withheld (PKR)").fill("2,213");
      await desk.getByLabel("Income tax certificate no.").fill("CPR-IT-2026-0091");
      await desk.getByRole("button", { name: "Record payment" }).click();
      await expect(payments.getByRole("status")).toHaveText("Payment recorded and its receipt e-mailed to the buyer.");
      await expect(payments.getByRole("definition")).toHaveText(["PKR 88,500", "PKR 88,500", "PKR 0"]);
      await expect(invoices.getByText(/· Settled$/)).toBeVisible();
      // Nothing is due: the payment form folds away behind its summary.
      await expect(desk.getByRole("button", { name: "Record payment" })).toBeHidden();
      await expect(payments.getByText("Record a payment (nothing is due)")).toBeVisible();
      await shot(desk, `12-desk-settled-${width}`);
      await desk.goto(`${base}/desk/receivables`);
      await expect(desk.getByRole("heading", { name: "Receivables", level: 1 })).toBeVisible();
      await expect(desk.getByText(/^Nobody owes anything/)).toBeVisible();
      await expect(desk.getByRole("main").getByRole("listitem")).toHaveCount(0);
      await shot(desk, `13-desk-receivables-${width}`);
      await desk.goto(`${base}/desk/orders`);
      const row = desk.getByRole("listitem").filter({ has: desk.getByRole("link", { name: order }) });
      await expect(row.getByText("Paid in full")).toBeVisible();
      await shot(desk, `14-desk-board-${width}`);
      await buyer.goto(`${base}${link}`);
      await expect(status).toHaveText("Delivered — thank you");
      await expect(howToPay).toHaveCount(0);
      await shot(buyer, `15-buyer-paid-${width}`);

      // 7. Every mail the buyer got with a link carries the same one.
      await until(() => toBuyer().filter((mail) => decoded(mail.raw).includes("Subject: Receipt R-")).length === 2);
      const buyerMails = await Promise.all(toBuyer().map((mail) => simpleParser(mail.raw)));
      // The acknowledgement of the request goes before anything is there to see: it carries no link.
      const [acknowledgement, ...sinceQuoted] = buyerMails;
      expect(acknowledgement!.subject).toBe(`Your quote request ${reference}`);
      expect(acknowledgement!.text).not.toMatch(linkPattern);
      // The quotation, its acceptance, the proof, two receipts, the stage mails and the invoice.
      expect(sinceQuoted.length).toBeGreaterThanOrEqual(7);
      for (const mail of sinceQuoted) {
        const links = new Set(mail.text?.match(linkPattern) ?? []);
        expect(
          [...links].map((found) => new URL(found).pathname),
          mail.subject,
        ).toEqual([link]);
      }
      await buyerContext.close();
      await staffContext.close();
    } finally {
      await server.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
