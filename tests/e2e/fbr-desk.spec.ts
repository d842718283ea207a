import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { OrderTaxFacts } from "../../app/lib/orders/tax-facts.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { type FbrStandIn, knownHsCodes, startFbrStandIn } from "../support/fbr-di-server";
import { onsetPenLine, sentQuotation } from "../support/quotation-fixture";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The desk's side of FBR's Digital Invoicing on the production build, with FBR played by the tests'
// stand-in: an invoice FBR refuses shows FBR's reasons and the correction form; a bad HS code is refused
// by the form with nothing sent; corrected, it goes back to FBR and is accepted with its number. While
// FBR is down an invoice waits, saying since when, how many tries and the last problem; the System
// page's card counts what waits and what was refused, linking to the order.

const password = "lahore-blue-pens-2026";
const shots = "/tmp/fbr-desk-shots";

const buyer = {
  registrationType: "Registered" as const,
  ntnCnic: "1234567",
  businessName: "Hilal Pharmaceuticals (Pvt) Ltd",
  province: "PUNJAB" as const,
  address: "Plot 42, Sundar Industrial Estate, Raiwind Road, Lahore",
};

/** Two accepted orders (250 pens) whose buyer's tax registration is filled in. */
function seed(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const facts = new OrderTaxFacts(store);
  const order = (key: string) => {
    const { quote, accept } = sentQuotation(store, `fbr-desk-${key}`, {
      terms: { deliveryPaisa: 150_000 },
      lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_000 }])],
    });
    const made = accept([1], { name: "Dr. Ayesha Khan", role: "Brand Manager", poNumber: "PO-7781" });
    facts.save(made.id, buyer, { name: "Bilal", email: "bilal@promo.example" });
    return quote.reference.replace("Q-", "O-");
  };
  const seeded = { refused: order("refused"), waiting: order("waiting") };
  store.close();
  return seeded;
}

let fbr: FbrStandIn;
let server: Awaited<ReturnType<typeof startOwnServer>>;
let seeded: ReturnType<typeof seed>;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  fbr = await startFbrStandIn();
  fbr.registrations.set(buyer.ntnCnic, "Registered");
  dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-fbr-desk-"));
  seeded = seed(dataDir);
  server = await startOwnServer({
    DATA_DIR: dataDir,
    FBR_DI_TOKEN: fbr.token,
    FBR_DI_URL: fbr.url,
    FBR_DI_TIMEOUT_MS: "2000",
  });
  await addStaff(server, "sana@promo.example", password);
});

test.afterAll(async () => {
  await server?.stop();
  await fbr?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.baseURL}/desk/sign-in`);
  await page.getByLabel("Email").fill("sana@promo.example");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
}

/** The order's page reloaded until its invoice shows `badge` (the queue answers within moments). */
async function untilBadge(page: Page, invoices: Locator, badge: string) {
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByText(badge, { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The invoice panel at a phone's and a desk's width. */
async function shoot(page: Page, invoices: Locator, name: string) {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await invoices.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const posts = () => fbr.received.filter((request) => request.path.endsWith("/postinvoicedata")).length;

test("an invoice FBR refuses is shown with FBR's reasons, corrected on the order's page and accepted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // FBR's list lacks every HS code the invoice's lines carry: it refuses each line.
  fbr.hsCodes.clear();
  await signIn(page);
  await page.goto(`${server.baseURL}/desk/orders/${seeded.refused}`);
  const invoices = page.locator("#invoices");
  await page.getByRole("button", { name: "Issue invoice" }).click();
  await untilBadge(page, invoices, "Refused by FBR");
  await expect(invoices.getByText(/^FBR refused this invoice: it is not a valid tax invoice/)).toBeVisible();
  const reasons = invoices.getByText("What FBR said").locator("..").getByRole("listitem");
  await expect(reasons.first()).toHaveText(/^(Whole invoice|Line 1 · .+): .*HS code.*\(FBR error 0052\)$/);
  await expect(invoices.getByRole("link", { name: /^PDF/ }).first()).toBeVisible();
  const form = invoices.getByRole("form", { name: "Correct what FBR refused" });
  await expect(form.getByLabel(/^Buyer's NTN or CNIC/)).toHaveValue("1234567");
  await expect(form.getByLabel("Buyer's province")).toHaveValue("PUNJAB");
  await expectNoAxeViolations(page, "an invoice refused by FBR with its correction form");
  await shoot(page, invoices, "refused");

  // A mistyped HS code: the browser holds the form back (the schema's pattern), nothing goes to FBR.
  const sent = posts();
  const hsCodes = form.getByLabel("HS code");
  const lines = await hsCodes.count();
  expect(lines).toBeGreaterThan(1);
  await hsCodes.first().fill("96081000");
  await form.getByRole("button", { name: "Submit to FBR again" }).click();
  expect(await hsCodes.first().evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  await hsCodes.first().fill("9608.1000");
  // A registered buyer's NTN mistyped: the server says so beside it, keeps what was typed, sends nothing.
  await form.getByLabel(/^Buyer's NTN or CNIC/).fill("12345");
  await form.getByRole("button", { name: "Submit to FBR again" }).click();
  const refusedForm = page.locator("#invoices").getByRole("form", { name: "Correct what FBR refused" });
  await expect(refusedForm.getByRole("alert")).toContainText("Nothing was sent to FBR");
  const ntn = refusedForm.getByLabel(/^Buyer's NTN or CNIC/);
  await expect(ntn).toHaveValue("12345");
  await expect(ntn).toHaveAttribute("aria-invalid", "true");
  await expect(ntn).toHaveAccessibleDescription(
    "Write the NTN as 7 digits (e.g. 1234567 or 1234567-8) or the CNIC as 13 digits (e.g. 35202-1234567-1).",
  );
  expect(posts()).toBe(sent);
  await shoot(page, page.locator("#invoices"), "refused-form-errors");

  // Corrected to a code FBR knows: back to FBR, accepted with its number.
  for (const code of knownHsCodes) fbr.hsCodes.add(code);
  await ntn.fill("1234567-8");
  for (let line = 0; line < lines; line++) await refusedForm.getByLabel("HS code").nth(line).fill("3926.1000");
  await refusedForm.getByRole("button", { name: "Submit to FBR again" }).click();
  await expect(page.locator("#invoices").getByRole("status")).toHaveText(
    "Submitted to FBR again with your corrections: FBR's answer shows on the invoice below.",
  );
  await untilBadge(page, invoices, "Accepted by FBR");
  expect(fbr.numbersIssued).toHaveLength(1);
  await expect(invoices.getByText(fbr.numbersIssued[0]!.number, { exact: true })).toBeVisible();
  await expect(invoices.getByRole("form", { name: "Correct what FBR refused" })).toHaveCount(0);
  await shoot(page, invoices, "accepted");
});

test("while FBR is down an invoice waits, and the System page counts it with a link to its order", async ({ page }) => {
  test.setTimeout(120_000);
  await fbr.setMode("down");
  await signIn(page);
  await page.goto(`${server.baseURL}/desk/orders/${seeded.waiting}`);
  const invoices = page.locator("#invoices");
  await page.getByRole("button", { name: "Issue invoice" }).click();
  await untilBadge(page, invoices, "Waiting for FBR");
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByText("Last problem")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(invoices.getByText(/^Sent to FBR .* PKT \(.*\) and not yet accepted: it is not final\./)).toBeVisible();
  await expect(invoices.getByText("Next try")).toBeVisible();
  await expectNoAxeViolations(page, "an invoice waiting for FBR");
  await shoot(page, invoices, "waiting");

  await page.goto(`${server.baseURL}/desk/system`);
  const card = page.getByRole("region", { name: /^FBR Digital Invoicing/ });
  await expect(card).toContainText("Connected to FBR (production)");
  await expect(card).toContainText("1 document waiting for FBR, the oldest since");
  await expect(card.getByRole("link", { name: new RegExp(`^${seeded.waiting} — since`) })).toHaveAttribute(
    "href",
    `/desk/orders/${seeded.waiting}#invoices`,
  );
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `${shots}/system-card-${width}.png` });
  }
  await fbr.setMode("up");
});
