import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProofDesk } from "../../app/lib/proofs/proofs.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { onsetPenLine, sentQuotation } from "../support/quotation-fixture";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// "Order again" on the buyer's page of a delivered order, and the desk's "Duplicate as new quotation",
// on the production build at a phone's width and a desktop's. Each request has quotation v1 accepted
// at 500 pens through the modules; its order is marked delivered.

const widths = [390, 1440] as const;
const password = "lahore-blue-pens-2026";

function seed(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const proofs = new ProofDesk(store);
  let messageId = 2_000;
  const delivered = (key: string) => {
    const { quote, accept } = sentQuotation(store, `reorder-${key}`, {
      terms: { deliveryPaisa: 150_000 },
      lines: [
        onsetPenLine([
          { quantity: 250, unitPaisa: 9_000 },
          { quantity: 500, unitPaisa: 8_900 },
        ]),
      ],
    });
    const order = accept([2]);
    store.db.prepare("UPDATE orders SET stage = 'delivered' WHERE id = ?").run(order.id);
    return {
      reference: quote.reference,
      order: order.reference,
      path: `/proof/${proofs.linkForMessage(quote.id, messageId++)}`,
    };
  };
  const seeded = {
    390: delivered("phone"),
    1440: delivered("desk"),
    desk390: delivered("d390"),
    desk1440: delivered("d1440"),
  };
  store.close();
  return seeded;
}

let server: Awaited<ReturnType<typeof startOwnServer>>;
let seeded: ReturnType<typeof seed>;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-reorder-"));
  seeded = seed(dataDir);
  server = await startOwnServer({ DATA_DIR: dataDir });
  await addStaff(server, "sana@promo.example", password);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const width of widths) {
  test(`at ${width} px the buyer orders a delivered order again, once, and is told when the office answers`, async ({
    browser,
  }) => {
    const { order, path } = seeded[width];
    const checked = await browser.newContext({ viewport: { width, height: 900 } });
    const looked = await checked.newPage();
    await looked.goto(`${server.baseURL}${path}`);
    await expectNoAxeViolations(looked, `Order again at ${width} px`);
    await checked.close();

    // The phone without JavaScript: the form posts on its own.
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: width !== 390 });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}${path}`);
    const section = page.getByRole("region", { name: "Order again" });
    await expect(section).toContainText(`The same items and quantities as order ${order} (quotation v1)`);
    await expect(section.getByRole("listitem")).toHaveText(["Onset pen, Screen print, 1 colour: 500 pcs"]);

    await section.getByRole("button", { name: "Order again" }).click();
    const notice = page.getByRole("status");
    await expect(notice).toHaveText(
      /^We have your repeat order as Q-\d{4}-\d{4}; we'll confirm prices and dates by \w+ .*\d\d:\d\d PKT\.$/,
    );
    const repeat = /Q-\d{4}-\d{4}/.exec((await notice.textContent())!)![0];
    expect(repeat).not.toBe(seeded[width].reference);

    // Clicked again (or the page posted again): the same repeat order, no second one.
    await page.getByRole("region", { name: "Order again" }).getByRole("button", { name: "Order again" }).click();
    await expect(page.getByRole("status")).toContainText(`We have your repeat order as ${repeat};`);
    await context.close();
  });

  test(`at ${width} px staff duplicate a request's quotation and land on the new request's editor with its lines`, async ({
    page,
  }) => {
    const { reference } = width === 390 ? seeded.desk390 : seeded.desk1440;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseURL}/desk/sign-in`);
    await page.getByLabel("Email").fill("sana@promo.example");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();

    await page.goto(`${server.baseURL}/desk/quotes/${reference}`);
    const panel = page.getByRole("region", { name: "Quotations" });
    await panel.getByRole("button", { name: "Duplicate as new quotation" }).click();
    await expect(page).toHaveURL(/\/desk\/quotes\/Q-\d{4}-\d{4}\/quotation\?done=duplicated$/);
    const copy = /Q-\d{4}-\d{4}/.exec(page.url())![0];
    expect(copy).not.toBe(reference);
    await expect(page.getByRole("heading", { name: `Quotation v1 for ${copy}` })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("a copy of the latest quotation");
    const line = page.getByRole("group", { name: "Line 1" });
    await expect(line.getByLabel("Description")).toHaveValue("Onset pen");
    await expect(line.getByLabel("Quantity 2", { exact: true })).toHaveValue("500");
    await expectNoAxeViolations(page, `the duplicated quotation at ${width} px`);

    // The new request's history says where it came from.
    await page.goto(`${server.baseURL}/desk/quotes/${copy}`);
    await expect(page.getByText(`Duplicated from ${reference} (quotation v1)`, { exact: true })).toBeVisible();
  });
}
