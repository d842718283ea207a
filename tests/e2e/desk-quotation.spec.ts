import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { pdfText } from "../support/pdf-text";
import { addStaff } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// A quotation priced from the price list, sent, changed and sent again on the production build, on a
// small phone and a desktop: a contact-form request for 500 pens starts from the pen item with options
// around 500; a second line is found by typing; a line can be made free.

const password = "lahore-blue-pens-2026";

function prepareRequest(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const reference = store.insert(
    {
      name: "Ayesha Khan",
      company: "Acme Pharma",
      email: "ayesha@acme.example",
      phone: "",
      product: "Custom pens with logo",
      message: "500 pens for our launch",
      quantity: 500,
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

async function optionsOf(page: Page, number: number) {
  const line = page.getByRole("group", { name: `Line ${number}` });
  const options: string[] = [];
  for (const slot of [1, 2, 3])
    options.push(
      `${await line.getByLabel(`Quantity ${slot}`, { exact: true }).inputValue()} @ ${await line
        .getByLabel(`Unit price ${slot} (PKR)`, { exact: true })
        .inputValue()}`,
    );
  return options;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/desk-quotation-shots/${name}.png`, fullPage: true });

for (const width of [360, 1440]) {
  test(`staff price a quotation from the price list, send and replace it at ${width} px; its PDF has the figures`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), `promo-e2e-quotation-${width}-`));
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
      const line1 = page.getByRole("group", { name: "Line 1" });
      await expect(page.getByText("Ayesha Khan · Acme Pharma · asked for 500 pcs")).toBeVisible();
      await expect(line1.getByText("Priced from the price list: Metal ball pen, one-colour pad print")).toBeVisible();
      await expect(line1.getByLabel("Description")).toHaveValue("Metal ball pen, one-colour pad print");
      // The seeded breaks 100/250/500/1,000 at PKR 180/160/145/130: the buyer's 500 and its neighbours.
      expect(await optionsOf(page, 1)).toEqual(["250 @ 160", "500 @ 145", "1000 @ 130"]);
      await expect(line1.getByLabel("Set-up charge (PKR)")).toHaveValue("2500");
      await expect(page.getByLabel("Sales tax (%)")).toHaveValue("18");
      await shot(page, `editor-prefilled-${width}`);

      // A second line found by typing: several items match, one is chosen, the line is filled from it.
      await page.getByRole("button", { name: "Add line" }).click();
      await expect(page.getByRole("status")).toContainText("a new line is ready below");
      const line2 = page.getByRole("group", { name: "Line 2" });
      await line2.getByLabel("Price-list item").fill("ceramic mug");
      await line2.getByRole("button", { name: "Find and fill" }).click();
      await expect(page.getByRole("status")).toContainText("2 items match “ceramic mug”");
      await expect(line2.getByLabel("Price-list item")).toHaveValue("ceramic mug");
      await shot(page, `editor-found-${width}`);
      await page
        .getByRole("group", { name: "Line 2" })
        .getByRole("button", { name: "Use Ceramic mug 11 oz, pad print" })
        .click();
      await expect(page.getByRole("status")).toContainText(
        "Filled from Ceramic mug 11 oz, pad print: options around 500 pcs",
      );
      await expect(line2.getByText("Priced from the price list: Ceramic mug 11 oz, pad print")).toBeVisible();
      expect(await optionsOf(page, 2)).toEqual(["100 @ 460", "250 @ 410", "500 @ 375"]);
      await expect(line2.getByLabel("Set-up charge (PKR)")).toHaveValue("3000");
      await shot(page, `editor-picked-${width}`);
      // Made a free line: the prices stay as filled, no item behind them.
      await line2.getByRole("button", { name: "Make it a free line" }).click();
      await expect(line2.getByText("A free line: no price-list item, type the prices yourself.")).toBeVisible();
      await fillLine(page, 2, { Description: "Ceramic mug 11 oz, two-colour print" });
      await page.getByLabel("Delivery charge (PKR)").fill("1500");
      await page.getByRole("button", { name: "Save draft" }).click();
      const totals = page.getByRole("definition").filter({ hasText: "PKR 109,740" });
      await expect(totals).toBeVisible(); // (40,000 + 2,500 + 46,000 + 3,000 + 1,500) × 1.18

      // A price typed wrong is refused at its field, and what was typed stays.
      await fillLine(page, 2, { "Unit price 1 (PKR)": "-460" });
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText("Write an amount in rupees, such as 1250 or 1,250.50.")).toBeVisible();
      await expect(page.getByRole("group", { name: "Line 2" }).getByLabel("Unit price 1 (PKR)")).toHaveValue("-460");
      await fillLine(page, 2, { "Unit price 1 (PKR)": "460" });

      // A total past what a quotation may come to is refused when saved, at the price and for the whole.
      await fillLine(page, 2, { "Quantity 1": "10,000,000", "Unit price 1 (PKR)": "1,000,000,000" });
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText(/^At this quantity and price the option alone comes to more than/)).toBeVisible();
      await expect(page.getByText(/^The total with tax may be at most PKR 1,000,000,000/)).toBeVisible();
      await shot(page, `total-too-large-${width}`);
      await fillLine(page, 2, { "Quantity 1": "100", "Unit price 1 (PKR)": "460" });

      await page.getByRole("button", { name: "Send quotation" }).click();
      const panel = page.getByRole("region", { name: "Quotations" });
      // The panel counts the options nearest the 500 pcs asked for, as the reports do:
      // (72,500 + 2,500 + 187,500 + 3,000 + 1,500) × 1.18.
      await expect(panel).toContainText(/Quotation v1 · sent \w{3} \d{1,2} \w{3} \d\d:\d\d · PKR 315,060 · Sent/);

      await panel.getByRole("link", { name: "Prepare v2" }).click();
      await expect(page.getByRole("heading", { name: `Quotation v2 for ${reference}` })).toBeVisible();
      await expect(page.getByRole("group", { name: "Line 1" }).getByLabel("Unit price 1 (PKR)")).toHaveValue("160");
      await fillLine(page, 1, { "Unit price 1 (PKR)": "150" });
      await page.getByRole("button", { name: "Send quotation" }).click();
      await expect(panel).toContainText(/Quotation v1 · .* · Replaced by v2/);
      // The change is to the 250 pcs option: the total nearest 500 stays; the PDF's option 1 has it.
      await expect(panel).toContainText(/Quotation v2 · .* · PKR 315,060 · Sent/);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        panel.getByRole("link", { name: "PDF Quotation v2" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${reference}-quotation-v2.pdf`);
      const text = pdfText(readFileSync((await download.path())!));
      expect(text).toContain(`Quotation ${reference} v2`);
      expect(text).toContain("Metal ball pen, one-colour pad print");
      expect(text).toContain("Option 1 250 PKR 150 PKR 37,500");
      expect(text).toContain("100 PKR 460 PKR 46,000");
      expect(text).toMatch(/Option 1: 250 \/ 100 pcs\n[^]*?\nTotal PKR 106,790/);
      expect(text).toMatch(/Nearest your quantity: 500 \/ 500 pcs \(recommended[^]*?\nTotal PKR 315,060/);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
