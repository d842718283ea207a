import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { Sqlite } from "../../app/lib/db/database.server";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff } from "./support/desk-http";
import { minimum } from "./support/touch";
import { expect, test } from "./support/test";

// The quote form's "Reply on WhatsApp", beside e-mail and phone: ticked, the phone must be a number
// WhatsApp reaches; the desk shows a request a WhatsApp message opened as coming from WhatsApp.

type Listed = { reference: string; email: string; phone: string; replyChannel: string; whatsappNumber: string | null };

/** `npm run quotes -- list --json` against the server's data folder. */
const storedFor = (email: string) =>
  (
    JSON.parse(
      execFileSync(process.execPath, ["build/server/quotes.js", "list", "--json"], {
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
        encoding: "utf8",
      }),
    ) as Listed[]
  ).filter((quote) => quote.email === email);

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const replyOnWhatsApp = (page: Page) => page.getByRole("checkbox", { name: "Reply on WhatsApp" });
const submit = (page: Page) => page.getByRole("button", { name: "Submit Quote Request" });
const confirmation = (page: Page) => page.getByRole("status").filter({ hasText: "Quote Request Submitted!" });
const whatsappMessage = "Please give a mobile number WhatsApp reaches, e.g. 0300 1234567.";

async function fillBuyer(page: Page, phone: string) {
  // Letters only: the inbox reads a search of digits as a phone number or a reference.
  const id = randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!);
  const buyer = {
    Name: `Buyer ${id}`,
    Email: `buyer-${id}@acme.example`,
    Phone: phone,
    Message: `500 pens with our logo (${id})`,
  };
  for (const [label, value] of Object.entries(buyer)) await field(page, label).fill(value);
  return buyer;
}

test.describe("Reply on WhatsApp", () => {
  test.slow();

  test("at 390 px on a touch screen: ticked with a landline, the phone is refused saying what it takes; with a mobile, the request goes through and is kept for WhatsApp", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.waitForSelector("form#quote-form[data-hydrated]");
    const choice = replyOnWhatsApp(page);
    await expect(choice).not.toBeChecked();
    await expect(choice).toHaveAccessibleDescription(/on WhatsApp too, to the mobile number above/);
    // Under e-mail and phone, before the products; its label a finger's size.
    const box = async (label: string) => (await field(page, label).boundingBox())!;
    const label = (await page.locator("label[for=quote-replyChannel]").boundingBox())!;
    expect(label.y).toBeGreaterThan((await box("Phone")).y);
    expect(label.y).toBeLessThan((await box("Products of interest")).y);
    expect(label.height).toBeGreaterThanOrEqual(minimum);

    const buyer = await fillBuyer(page, "042 3587 1234");
    await choice.check();
    await submit(page).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Check the phone number");
    await expect(alert).toContainText(whatsappMessage);
    await expect(alert).toBeFocused();
    const phone = field(page, "Phone");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(whatsappMessage); // said on the phone field itself
    await expect(choice).toBeChecked();
    await expect(field(page, "Name")).toHaveValue(buyer.Name);
    expect(storedFor(buyer.Email)).toEqual([]);
    await expectNoAxeViolations(page, "/contact with the WhatsApp phone refused");

    await phone.fill("0300 1234567");
    await expect(phone).not.toHaveAttribute("aria-invalid");
    await submit(page).click();
    const notice = confirmation(page);
    await expect(notice).toContainText("We'll get back to you within 24 hours.");
    expect(storedFor(buyer.Email)).toMatchObject([
      { phone: "0300 1234567", replyChannel: "whatsapp", whatsappNumber: "923001234567" },
    ]);

    // Back to an empty form: the choice is cleared with the fields.
    await notice.getByRole("button", { name: "Send another request" }).click();
    await expect(replyOnWhatsApp(page)).not.toBeChecked();
    await expect(field(page, "Phone")).toHaveValue("");
    await context.close();
  });

  test("not ticked, the form is the spec's: any phone, answered by e-mail", async ({ page }) => {
    await page.goto("/contact");
    const buyer = await fillBuyer(page, "042 3587 1234");
    await submit(page).click();
    await expect(confirmation(page)).toBeVisible();
    expect(storedFor(buyer.Email)).toMatchObject([{ replyChannel: "email", whatsappNumber: null }]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the choice posts with the form and comes back ticked with the phone's problem; with a mobile it is stored", async ({
      page,
    }) => {
      await page.goto("/contact");
      const buyer = await fillBuyer(page, "call me after lunch");
      await replyOnWhatsApp(page).check();
      await submit(page).click();
      await expect(page.getByRole("alert")).toContainText(whatsappMessage);
      await expect(replyOnWhatsApp(page)).toBeChecked();
      await expect(field(page, "Phone")).toHaveValue("call me after lunch");
      await expect(field(page, "Phone")).toHaveAttribute("aria-invalid", "true");

      await field(page, "Phone").fill("+44 7700 900123");
      await submit(page).click();
      await expect(confirmation(page)).toBeVisible();
      expect(storedFor(buyer.Email)).toMatchObject([{ replyChannel: "whatsapp", whatsappNumber: "447700900123" }]);
    });
  });
});

test("the desk's inbox shows a request a WhatsApp message opened as coming from WhatsApp, and a website request without a badge", async ({
  page,
  baseURL,
}) => {
  await page.goto("/contact");
  const fromWhatsApp = await fillBuyer(page, "0300 7654321");
  await submit(page).click();
  await expect(confirmation(page)).toBeVisible();
  await page.getByRole("button", { name: "Send another request" }).click();
  const fromSite = await fillBuyer(page, "0300 7654322");
  await submit(page).click();
  await expect(confirmation(page)).toBeVisible();
  const [whatsapp] = storedFor(fromWhatsApp.Email);
  const [site] = storedFor(fromSite.Email);
  // As the inbound flow stores a request an unknown number opened.
  const db = new Sqlite(join(process.env.E2E_DATA_DIR!, "quotes.db"));
  try {
    db.prepare("UPDATE quotes SET source = 'whatsapp' WHERE reference = ?").run(whatsapp!.reference);
  } finally {
    db.close();
  }

  const email = `desk-${randomUUID().slice(0, 8)}@promo.example`;
  await addStaff({ baseURL: baseURL!, dataDir: process.env.E2E_DATA_DIR! }, email, "lahore-blue-pens-2026");
  await page.goto("/desk/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("lahore-blue-pens-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
  await page.goto(`/desk?q=${encodeURIComponent(fromWhatsApp.Name.split(" ")[1]!)}`);
  const row = page.getByRole("listitem").filter({ hasText: whatsapp!.reference });
  await expect(row.getByText("WhatsApp", { exact: true })).toBeVisible();
  await page.goto(`/desk?q=${encodeURIComponent(fromSite.Name.split(" ")[1]!)}`);
  const siteRow = page.getByRole("listitem").filter({ hasText: site!.reference });
  await expect(siteRow).toBeVisible();
  await expect(siteRow.getByText("WhatsApp", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, "the desk's inbox");
});
