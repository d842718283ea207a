import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { ProofDesk } from "../../app/lib/proofs/proofs.server";
import { onsetPenLine, sentQuotation } from "../support/quotation-fixture";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { expectNoAxeViolations } from "./support/axe";
import { hasModuleScript, startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The buyer's quotation on the production build: a request with quotation v1 (two quantities of one
// pen) sent through the module, opened by its link at a phone's width and a desktop's; the total
// follows the quantity picked (in the browser, and by "Update total" without JavaScript), the buyer
// accepts with a PO number and sees the order and the record; a second Accept is refused; a request
// whose quotation expired says so.

const DAY = 86_400_000;
// On a phone: the same steps at 1440 px are part of the quotation's journey (quotation-journey.spec.ts).
const widths = [390] as const;

/** Requests with a sent quotation each, stored before the server starts, and a link to each. */
function seed(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const proofs = new ProofDesk(store);
  let messageId = 1_000;
  const request = (key: string, sentAt: Date) => {
    const { quote } = sentQuotation(store, `buyer-quotation-${key}`, {
      terms: { deliveryPaisa: 150_000, note: "Prices include one-colour printing on the clip." },
      lines: [
        onsetPenLine([
          { quantity: 250, unitPaisa: 9_000 },
          { quantity: 500, unitPaisa: 8_900 },
        ]),
      ],
      now: sentAt,
    });
    return { reference: quote.reference, path: `/proof/${proofs.linkForMessage(quote.id, messageId++)}` };
  };
  const seeded = {
    390: request("phone", new Date()),
    expired: request("expired", new Date(Date.now() - 20 * DAY)),
    hostile: request("hostile", new Date()),
  };
  store.close();
  return seeded;
}

let server: Awaited<ReturnType<typeof startOwnServer>>;
let seeded: ReturnType<typeof seed>;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-buyer-quotation-"));
  seeded = seed(dataDir);
  server = await startOwnServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const total = (page: Page) => page.locator('[data-amount="total"]').first();

async function openAt(browser: Browser, width: number, path: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.goto(`${server.baseURL}${path}`);
  return { context, page, response: response! };
}

for (const width of widths) {
  test(`at ${width} px the buyer picks 500 pcs, sees the total, accepts with a PO number and gets the order; a second Accept is refused`, async ({
    browser,
  }) => {
    test.setTimeout(60_000); // with and without script, two accessibility checks and the review step
    const { reference, path } = seeded[width];
    const order = reference.replace("Q-", "O-");

    // Without JavaScript: "Update total" asks the server.
    const plain = await openAt(browser, width, path, false);
    await expect(plain.page.getByRole("heading", { level: 1 })).toHaveText(`Quotation v1 for ${reference}`);
    await expect(plain.page.getByText(/Valid until \w+ \d+ \w+ \d{4}/)).toBeVisible();
    await expect(total(plain.page)).toHaveText("PKR 31,270"); // (22,500 goods + 2,500 set-up + 1,500 delivery) + 18 %
    await plain.page.getByLabel("500 pcs × PKR 89 = PKR 44,500").check();
    await expect(total(plain.page)).toHaveText("PKR 31,270");
    await plain.page.getByRole("button", { name: "Update total" }).click();
    await expect(total(plain.page)).toHaveText("PKR 57,230");
    await expect(plain.page.getByLabel("500 pcs × PKR 89 = PKR 44,500")).toBeChecked();
    await plain.context.close();

    // With JavaScript: the total follows the pick at once, from the prices in the page.
    const { context, page, response } = await openAt(browser, width, path);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["referrer-policy"]).toBe("no-referrer");
    const html = await response.text();
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(hasModuleScript(html)).toBe(false);
    await expect(page.getByRole("button", { name: "Update total" })).toBeHidden();
    await page.getByLabel("500 pcs × PKR 89 = PKR 44,500").check();
    await expect(total(page)).toHaveText("PKR 57,230");
    await page.getByLabel("250 pcs × PKR 90 = PKR 22,500").check();
    await expect(total(page)).toHaveText("PKR 31,270");
    await page.getByLabel("500 pcs × PKR 89 = PKR 44,500").check();
    await expectNoAxeViolations(page, `the buyer's quotation at ${width} px`);

    // A second tab left open on the quotation, to accept again later.
    const stale = await context.newPage();
    await stale.goto(`${server.baseURL}${path}`);

    await page.getByLabel("Your name").fill("Dr. Ayesha Khan");
    await page.getByLabel("Your role").fill("Brand Manager");
    await page.getByLabel("Purchase order number").fill("PO-7781");
    // The optional section for the sales tax invoice: a CNIC typed with dashes is read as FBR takes it.
    const taxSection = page.getByRole("group", { name: /For your sales tax invoice/ });
    await taxSection.getByLabel("Sales tax registration").selectOption({ label: "Registered for sales tax" });
    await taxSection.getByLabel("NTN or CNIC").fill("35202-1234567-1");
    await taxSection.getByLabel("Business name").fill("Acme Pharma (Pvt) Ltd");
    await taxSection.getByLabel("Province").selectOption({ label: "Punjab" });
    await taxSection.getByLabel("Address on the invoice").fill("Plot 12, Sundar Industrial Estate\nLahore");
    await expect(page.getByText("Please review and accept the quotation")).toBeVisible();
    // The chosen option stands out: its row is framed and shaded, not only its small radio.
    const chosen = page.locator("label", { has: page.getByLabel("500 pcs × PKR 89 = PKR 44,500") });
    expect(await chosen.evaluate((label) => getComputedStyle(label).borderTopWidth)).toBe("2px");
    await page.getByRole("button", { name: "Review and accept" }).click();
    // The review, in plain words, before the final step: nothing is accepted yet.
    const review = page.getByRole("region", { name: "Check before you accept" });
    await expect(review).toContainText(`You are accepting quotation v1 for ${reference}:`);
    await expect(review).toContainText("Onset pen, Screen print, 1 colour: 500 pcs × PKR 89 = PKR 44,500");
    await expect(review).toContainText("Total including sales tax (18 %)PKR 57,230");
    await expect(review).toContainText("Your purchase order numberPO-7781");
    await expect(review).toContainText(
      "For your sales tax invoiceRegistered for sales taxCNIC 35202-1234567-1Acme Pharma (Pvt) LtdPlot 12, Sundar Industrial Estate, Lahore (Punjab)",
    );
    await expect(review).toContainText("Accepting is final");
    await expect(page.getByLabel("250 pcs × PKR 90 = PKR 22,500")).toBeDisabled();
    await expectNoAxeViolations(page, `the review before accepting at ${width} px`);
    await page.getByRole("button", { name: "Accept — this is final" }).click();
    await expect(page.getByRole("status")).toContainText("your acceptance is recorded as an order");
    await expect(
      page.getByText(new RegExp(`^Order ${order} · accepted \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d PKT$`)),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your acceptance" })).toBeVisible();
    await expect(page.getByText("PO-7781")).toBeVisible();
    await expect(page.getByText("Onset pen, Screen print, 1 colour: 500 pcs × PKR 89 = PKR 44,500")).toBeVisible();
    await expect(page.getByRole("button", { name: "Review and accept" })).toHaveCount(0);
    // Where things stand, and how to pay the advance with the order as the reference, near the top.
    await expect(page.getByText("Nothing needed from you: we are preparing your artwork proof")).toBeVisible();
    const howToPay = page.getByRole("region", { name: "How to pay" });
    await expect(howToPay).toContainText("IBANPK15 EXMP 0012 3456 7890 1234");
    await expect(howToPay).toContainText(`Quote ${order} as the reference.`);
    const quotationPdf = await page.request.get(
      `${server.baseURL}${await page.getByRole("link", { name: "Quotation v1 (PDF)" }).getAttribute("href")}`,
    );
    expect(quotationPdf.headers()["content-type"]).toBe("application/pdf");
    await expectNoAxeViolations(page, `the accepted quotation at ${width} px`);

    await page.getByRole("link", { name: "Acceptance record (printable)" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Acceptance record ${order}`);
    await expect(page.getByText("Dr. Ayesha Khan")).toBeVisible();
    const pdf = await page.request.get(`${server.baseURL}${path}/acceptance/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await stale.getByLabel("Your name").fill("Someone Else");
    await stale.getByRole("button", { name: "Review and accept" }).click();
    await expect(stale.getByRole("alert")).toHaveText("This quotation is accepted already.");
    await expect(stale.getByText(`Order ${order}`, { exact: false }).first()).toBeVisible();
    await context.close();
  });
}

test("a quotation past its validity says so and offers to ask for a new one", async ({ browser }) => {
  const { page, context } = await openAt(browser, 390, seeded.expired.path);
  await expect(page.getByText(/^This quotation expired on \w+ \d+ \w+ \d{4}; ask us for a new one\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept", exact: true })).toHaveCount(0);
  await page.getByLabel("What should change?").fill("Please send a new quotation for January.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status")).toContainText("The office will send you a new version");
  await context.close();
});

test("a role that would add a Bcc header, or a name with a direction override, a bell or a terminal escape, is refused with a message naming the field, and nothing is accepted", async ({
  browser,
}) => {
  const { path } = seeded.hostile;
  const { page, context } = await openAt(browser, 390, path, false);
  const hidden = async (name: string) => (await page.locator(`input[name="${name}"]`).first().getAttribute("value"))!;
  const accept = {
    intent: "accept",
    version: await hidden("version"),
    sha256: await hidden("sha256"),
    "line-1": (await page.locator('input[name="line-1"]').first().getAttribute("value"))!,
    name: "Dr. Ayesha Khan",
    role: "Brand Manager",
    poNumber: "PO-7781",
  };
  // Posted as a script would: a browser's one-line box drops line breaks itself.
  const post = (fields: Record<string, string>) =>
    page.request.post(`${server.baseURL}${path}`, {
      form: fields,
      headers: { Origin: server.baseURL },
      maxRedirects: 0,
    });
  const refusals = [
    { role: "Brand\r\nBcc: x@evil.test", says: "Your role must be one line of text" },
    { name: "Ayesha\u202E nahK", says: "Your name must be one line of text" },
    { name: "Ayesha\u0007 Khan", says: "Your name must be one line of text" },
    { name: "Ayesha \u001b[2J Khan", says: "Your name must be one line of text" },
    { poNumber: "PO-1\u2066", says: "Purchase order number must be one line of text" },
  ];
  // The review step refuses them as the final Accept does.
  for (const intent of ["review", "accept"])
    for (const { says, ...field } of refusals) {
      const answer = await post({ ...accept, intent, ...field });
      expect(answer.status(), `${intent} ${JSON.stringify(field)}`).toBe(400);
      expect(await answer.text()).toContain(`${says}, without control or text-direction characters.`);
    }
  // Shown on the page as the buyer would see it, and the quotation is still open.
  await page.reload();
  await expect(page.getByRole("button", { name: "Review and accept" })).toBeVisible();
  await expect(page.getByText("Your acceptance")).toHaveCount(0);
  await context.close();
});
