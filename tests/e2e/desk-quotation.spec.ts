import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { pdfText } from "../support/pdf-text";
import { addStaff } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// A quotation prepared, sent, changed and sent again on the production build, on a phone and a desktop.

const password = "lahore-blue-pens-2026";

function prepareRequest(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const reference = store.insert(
    {
      name: "Ayesha Khan",
      company: "Acme Pharma",
      email: "ayesha@acme.example",
      phone: "",
      product: "Pens",
      message: "500 pens",
    },
    { clientIp: "203.0.113.7", userAgent: "e2e", page: "/contact", idempotencyKey: "quotation-e2e" },
    { notify: false },
  ).quote.reference;
  store.close();
  return reference;
}

async function fillLine(page: Page, number: number, fields: Record<string, string>) {
  const line = page.getByRole("group", { name: `Line ${number}` });
  for (const [label, value] of Object.entries(fields)) await line.getByLabel(label, { exact: true }).fill(value);
}

// On a phone: the same steps at 1440 px are part of the quotation's journey (quotation-journey.spec.ts).
for (const width of [390]) {
  test(`staff prepare, send and replace a quotation at ${width} px; its PDF has the figures`, async ({ page }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-quotation-"));
    const reference = prepareRequest(dataDir);
    const server = await startOwnServer({ DATA_DIR: dataDir });
    try {
      const base = server.baseURL;
      await addStaff(server, "sana@promo.example", password);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/desk/sign-in`);
      await page.getByLabel("Email").fill("sana@promo.example");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();

      await page.goto(`${base}/desk/quotes/${reference}`);
      await page.getByRole("link", { name: "Prepare quotation" }).click();
      await expect(page.getByRole("heading", { name: `Quotation v1 for ${reference}` })).toBeVisible();
      await expect(page.getByRole("group", { name: "Line 1" }).getByLabel("Description")).toHaveValue("Pens");
      await expect(page.getByLabel("Sales tax (%)")).toHaveValue("18");

      await fillLine(page, 1, {
        Description: "ONSET Signature Pen",
        Decoration: "Pad print, 2 colours",
        "Quantity 1": "250",
        "Unit price 1 (PKR)": "90",
        "Quantity 2": "500",
        "Unit price 2 (PKR)": "85",
        "Set-up charge (PKR)": "2,500",
      });
      await page.getByRole("button", { name: "Add line" }).click();
      await expect(page.getByRole("status")).toContainText("a new line is ready below");
      await fillLine(page, 2, { Description: "Notebook A5", "Quantity 1": "100", "Unit price 1 (PKR)": "450.50" });
      await page.getByLabel("Delivery charge (PKR)").fill("1500");
      await page.getByRole("button", { name: "Save draft" }).click();
      const totals = page.getByRole("definition").filter({ hasText: "PKR 84,429" });
      await expect(totals).toBeVisible(); // (22,500 + 45,050 + 2,500 + 1,500) × 1.18

      // A price typed wrong is refused at its field, and what was typed stays.
      await fillLine(page, 2, { "Unit price 1 (PKR)": "-450" });
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText("Write an amount in rupees, such as 1250 or 1,250.50.")).toBeVisible();
      await expect(page.getByRole("group", { name: "Line 2" }).getByLabel("Unit price 1 (PKR)")).toHaveValue("-450");
      await fillLine(page, 2, { "Unit price 1 (PKR)": "450.50" });

      // A total past what a quotation may come to is refused when saved, at the price and for the whole.
      await fillLine(page, 2, { "Quantity 1": "10,000,000", "Unit price 1 (PKR)": "1,000,000,000" });
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText(/^At this quantity and price the option alone comes to more than/)).toBeVisible();
      await expect(page.getByText(/^The total with tax may be at most PKR 1,000,000,000/)).toBeVisible();
      await page.screenshot({ path: `/tmp/desk-quotation-shots/total-too-large-${width}.png`, fullPage: true });
      await fillLine(page, 2, { "Quantity 1": "100", "Unit price 1 (PKR)": "450.50" });

      await page.getByRole("button", { name: "Send quotation" }).click();
      const panel = page.getByRole("region", { name: "Quotations" });
      await expect(panel).toContainText(/Quotation v1 · sent \w{3} \d{1,2} \w{3} \d\d:\d\d · PKR 84,429 · Sent/);

      await panel.getByRole("link", { name: "Prepare v2" }).click();
      await expect(page.getByRole("heading", { name: `Quotation v2 for ${reference}` })).toBeVisible();
      await expect(page.getByRole("group", { name: "Line 1" }).getByLabel("Unit price 1 (PKR)")).toHaveValue("90");
      await fillLine(page, 1, { "Unit price 1 (PKR)": "80" });
      await page.getByRole("button", { name: "Send quotation" }).click();
      await expect(panel).toContainText(/Quotation v1 · .* · Replaced by v2/);
      await expect(panel).toContainText(/Quotation v2 · .* · PKR 81,479 · Sent/);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        panel.getByRole("link", { name: "PDF Quotation v2" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${reference}-quotation-v2.pdf`);
      const text = pdfText(readFileSync((await download.path())!));
      expect(text).toContain(`Quotation ${reference} v2`);
      expect(text).toContain("Option 1 250 PKR 80 PKR 20,000");
      expect(text).toContain("100 PKR 450.50 PKR 45,050");
      expect(text).toContain("Total PKR 81,479");
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
