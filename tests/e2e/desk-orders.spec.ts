import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProofDesk } from "../../app/lib/proofs/proofs.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { pdfText } from "../support/pdf-text";
import { onsetPenLine, sender, sentQuotation } from "../support/quotation-fixture";
import { fixtures } from "../support/upload-fixtures";
import { addStaff, type OwnServer, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// An order from an accepted quotation to a repeat order on the production build, at a phone's width
// and a desktop's: the buyer approves the artwork on their link; staff record the advance its terms ask
// for and start production with a planned date, pass QC with the checklist and two phone photos (a post
// cut off half way leaves nothing behind), dispatch with
// TCS and a consignment number (tracking link on the desk and the buyer's page), issue the invoice and
// read its PDF back, and mark it delivered; the board shows it at its stage, the buyer's page its
// timeline, what is paid and the invoice, and "Order again" makes the repeat request.

const password = "lahore-blue-pens-2026";
const shots = process.env.ORDERS_SHOTS_DIR;

/** A request whose quotation v1 was accepted and a proof of it sent, through the modules; and the buyer's link. */
async function seed(dataDir: string, key: string) {
  const store = QuoteStore.open(dataDir);
  const proofs = new ProofDesk(store);
  const { quote, accept } = sentQuotation(store, `orders-${key}`, {
    phone: "0300 1234567",
    lines: [{ ...onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }]), itemId: null }],
  });
  const order = accept([1], { role: "Brand Manager", poNumber: "PO-7781" });
  proofs.send(quote, { data: await fixtures.png(), mediaType: "image/png" }, "", sender, null);
  const token = proofs.linkForMessage(quote.id, 5_000 + quote.id);
  store.close();
  return { order: order.reference, buyerPath: `/proof/${token}` };
}

/**
 * Half of a QC form carrying a 1.1 MB photo, sent with the signed-in page's session, then the
 * connection reset: the server removes what it wrote of the photo at once.
 */
async function cutOffQcPost(server: OwnServer, order: string) {
  const { baseURL: base, dataDir } = server;
  const incoming = join(dataDir, "attachments", "incoming");
  const form = new FormData();
  form.append("intent", "quality_checked");
  form.append("photos", new Blob([new Uint8Array(await fixtures.noisePng(620))], { type: "image/png" }), "a.png");
  const request = new Request(`${base}/`, { method: "POST", body: form });
  const body = Buffer.from(await request.arrayBuffer());
  expect(body.length).toBeGreaterThan(1.1 * 1024 * 1024);
  const cookie = await signIn(server, "sana@promo.example", password);
  const { port } = new URL(base);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST /desk/orders/${order} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: ${request.headers.get("content-type")}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await new Promise<void>((resolve) => socket.write(body.subarray(0, body.length >> 1), () => resolve()));
  await expect.poll(() => filesIn(incoming).length, { timeout: 10_000 }).toBeGreaterThan(0);
  socket.resetAndDestroy();
  await expect.poll(() => filesIn(incoming), { timeout: 10_000 }).toEqual([]);
}

const filesIn = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

for (const width of [390, 1440]) {
  test(`at ${width} px an order goes from artwork approval, advance and production to QC, dispatch, invoice, delivery and Order again`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-orders-"));
    const { order, buyerPath } = await seed(dataDir, `w${width}`);
    const server = await startOwnServer({ DATA_DIR: dataDir });
    try {
      const base = server.baseURL;
      // The buyer approves the artwork on their link: the order's first stage is done.
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}${buyerPath}`);
      await expect(page.getByRole("region", { name: `Your order ${order}` })).toContainText(
        "The dispatch date is set once your artwork proof is approved.",
      );
      await page.getByLabel("Your name").fill("Ayesha Khan");
      await page.getByLabel(/Your role/).fill("Brand Manager");
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByRole("status")).toContainText("your approval is recorded");
      await expect(page.getByRole("region", { name: `Your order ${order}` })).not.toContainText(
        "The dispatch date is set once",
      );

      await addStaff(server, "sana@promo.example", password);
      await page.goto(`${base}/desk/sign-in`);
      await page.getByLabel("Email").fill("sana@promo.example");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();

      await page.getByRole("link", { name: "Orders" }).click();
      await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
      const row = page.getByRole("listitem").filter({ hasText: order });
      // The proof is approved and the advance unpaid: the board says which of the two it waits for.
      await expect(row).toContainText("Artwork approved — waiting for the advance");
      await expect(row).toContainText("Acme Pharma");
      if (shots) await page.screenshot({ path: join(shots, `board-${width}.png`), fullPage: true });
      await row.getByRole("link", { name: order }).click();

      await expect(page.getByRole("heading", { name: `${order} · Acme Pharma` })).toBeVisible();
      await expect(page.getByText("PO number: PO-7781")).toBeVisible();
      await expect(page.getByText(/v1, approved by Ayesha Khan/)).toBeVisible();
      if (shots) await page.screenshot({ path: join(shots, `order-start-${width}.png`), fullPage: true });
      // The payment terms ask for an advance: production waits for it, and the page says how much.
      await expect(page.getByRole("button", { name: "Start production" })).toBeDisabled();
      const waiting = page.getByText(/^The advance of PKR [\d,]+ is not paid yet/);
      const advance = /PKR ([\d,]+)/.exec((await waiting.textContent())!)![1]!;
      await page.getByLabel(/^Amount \(PKR\)/).fill(advance);
      await page.getByLabel("Method").selectOption({ label: "Bank transfer" });
      await page.getByRole("button", { name: "Record payment" }).click();
      await expect(page.locator("#payments").getByRole("status")).toHaveText(
        "Payment recorded with its receipt. E-mail is off: the receipt was not sent.",
      );
      await expect(waiting).toHaveCount(0);
      await page.getByLabel("Planned dispatch date").fill("2099-01-05");
      await page.getByRole("button", { name: "Start production" }).click();
      await expect(page.getByRole("status")).toContainText("Saved.");

      for (const point of ["Quantity counted", "Print matches the approved proof", "Colours checked", "Packing"])
        await page.getByLabel(point).check();
      // A QC post cut off half way through its photo leaves nothing behind on the server.
      if (width === 1440) await cutOffQcPost(server, order);
      // Two photos as the phone took them, about 4 MB each: taken, upright.
      const photo = await fixtures.phoneJpeg();
      await page.getByLabel(/^Photos/).setInputFiles([
        { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo },
        { name: "IMG_0002.jpg", mimeType: "image/jpeg", buffer: photo },
      ]);
      await page.getByRole("button", { name: "Quality check passed" }).click();
      await expect(page.getByRole("link", { name: "Photo 2" })).toBeVisible();
      // Each photo shows as a thumbnail of its smaller copy, loaded when scrolled to, sized before it loads.
      const thumbnail = page.getByRole("img", { name: "Quality check photo 2" });
      await thumbnail.scrollIntoViewIfNeeded();
      await expect(thumbnail).toHaveAttribute("loading", "lazy");
      await expect(thumbnail).toHaveAttribute("src", /\/photos\/\d+\?size=small$/);
      await expect
        .poll(() => thumbnail.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
        .toEqual([600, 800]);
      // Two side by side on a phone (128 × 96), larger on a wide screen (160 × 120).
      expect(await thumbnail.boundingBox()).toMatchObject(
        width === 1440 ? { width: 160, height: 120 } : { width: 128, height: 96 },
      );
      const [first, second] = await page.getByRole("img", { name: /^Quality check photo/ }).all();
      expect((await first!.boundingBox())!.y).toBe((await second!.boundingBox())!.y);
      if (shots)
        for (const shotWidth of width === 1440 ? [1440] : [360, width]) {
          await page.setViewportSize({ width: shotWidth, height: 900 });
          await thumbnail.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(shots, `order-qc-photos-${shotWidth}.png`) });
        }
      await page.setViewportSize({ width, height: 900 });

      // The consignment number is kept as typed from the courier's receipt; its link looks it up as TCS does.
      await page.getByLabel("Courier").selectOption({ label: "TCS" });
      await page.getByLabel("Consignment number").fill("TCS 7720 0123 4567");
      await page.getByRole("button", { name: "Dispatched" }).click();
      await expect(page.getByRole("link", { name: "Track" })).toHaveAttribute(
        "href",
        "https://www.tcsexpress.com/track/772001234567",
      );
      await expect(page.getByText("TCS 7720 0123 4567")).toBeVisible();

      // The buyer's tax registration, filled before invoicing from the request's company; a registered
      // buyer without an NTN is refused on its field, with what was typed kept.
      const taxRegistration = page.getByRole("region", { name: "Buyer's tax registration" });
      await expect(taxRegistration).toContainText("Not given yet: fill it before issuing the invoice.");
      await expect(taxRegistration.getByLabel("Business name")).toHaveValue("Acme Pharma");
      await taxRegistration.getByLabel("Sales tax registration").selectOption({ label: "Registered for sales tax" });
      await taxRegistration.getByLabel("Province").selectOption({ label: "Punjab" });
      await taxRegistration.getByLabel("Address on the invoice").fill("12 Mall Road, Lahore");
      await taxRegistration.getByRole("button", { name: "Save tax registration" }).click();
      await expect(taxRegistration.getByLabel("NTN or CNIC")).toHaveAttribute("aria-invalid", "true");
      await expect(taxRegistration).toContainText("A business registered for sales tax has an NTN");
      await expect(taxRegistration.getByLabel("Address on the invoice")).toHaveValue("12 Mall Road, Lahore");
      await taxRegistration.getByLabel("NTN or CNIC").fill("1234567-8");
      await taxRegistration.getByRole("button", { name: "Save tax registration" }).click();
      await expect(taxRegistration.getByRole("status")).toHaveText("Buyer's tax registration saved.");
      await expect(taxRegistration).toContainText("Not checked with FBR.");
      await expect(taxRegistration).toContainText("FBR Digital Invoicing is not configured (FBR_DI_TOKEN is not set)");
      await expect(taxRegistration).toContainText("NTN 1234567");
      await expect(taxRegistration).toContainText("Given by Sana");
      if (shots)
        for (const shotWidth of width === 1440 ? [1440] : [360, width]) {
          await page.setViewportSize({ width: shotWidth, height: 900 });
          await taxRegistration.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(shots, `order-tax-registration-${shotWidth}.png`), fullPage: true });
        }
      await page.setViewportSize({ width, height: 900 });

      // The sales tax invoice, issued at dispatch, read back from its PDF.
      const invoices = page.locator("#invoices");
      await page.getByLabel("Buyer address").fill("12 Mall Road, Lahore");
      await page.getByRole("button", { name: "Issue invoice" }).click();
      await expect(invoices.getByRole("status")).toContainText("Invoice issued");
      const number = (await invoices.locator(".font-mono").first().textContent())!;
      expect(number).toMatch(/^INV-\d{4}-\d{2}-\d{4}$/);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        invoices.getByRole("link", { name: `PDF ${number}` }).click(),
      ]);
      const invoiceText = pdfText(readFileSync((await download.path())!));
      for (const words of [number, "Acme Pharma", "12 Mall Road, Lahore", "Onset pen", order]) {
        expect(invoiceText).toContain(words);
      }

      await page.getByLabel("Received by").fill("Imran at reception");
      await page.getByRole("button", { name: "Delivered" }).click();
      await expect(page.getByText("Received by: Imran at reception")).toBeVisible();
      if (shots) await page.screenshot({ path: join(shots, `order-delivered-${width}.png`), fullPage: true });

      await page.goto(`${base}/desk/orders?stage=delivered`);
      const delivered = page.getByRole("listitem").filter({ hasText: order });
      await expect(delivered).toContainText("Delivered");
      // Its one date is named: the day it was delivered; no dispatch date is promised any more.
      await expect(delivered).toContainText(/Delivered: \w+day \d{1,2} \w+ \d{4}/);
      await expect(delivered).not.toContainText("Promised dispatch");
      if (shots) await page.screenshot({ path: join(shots, `board-delivered-${width}.png`), fullPage: true });
      await page.goto(`${base}/desk/orders?stage=in_production`);
      await expect(page.getByText("No orders match.")).toBeVisible();

      await page.goto(`${base}${buyerPath}`);
      const timeline = page.getByRole("region", { name: `Your order ${order}` });
      await expect(timeline).toBeVisible();
      // The QC photos, smaller, as the buyer sees them: upright (taller than wide).
      const shown = timeline.getByRole("img", { name: /^Quality check photo/ });
      await expect(shown).toHaveCount(2);
      const natural = await shown
        .first()
        .evaluate(async (image: HTMLImageElement) =>
          image.decode().then(() => ({ width: image.naturalWidth, height: image.naturalHeight })),
        );
      expect(natural).toEqual({ width: 600, height: 800 });
      if (shots) await page.screenshot({ path: join(shots, `buyer-photos-${width}.png`), fullPage: true });
      await expect(timeline.locator("ol > li")).toHaveCount(5);
      await expect(timeline.getByRole("link", { name: "Track your parcel" })).toHaveAttribute(
        "href",
        "https://www.tcsexpress.com/track/772001234567",
      );
      await expect(timeline).toContainText("Received by Imran at reception");
      await expect(timeline).not.toContainText("Running late");
      const payment = page.getByRole("region", { name: /^Payment ·/ });
      await expect(payment.getByText(`Sales tax invoice ${number}`)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      if (shots) await page.screenshot({ path: join(shots, `buyer-${width}.png`), fullPage: true });

      // Delivered: the buyer orders the same again, a new request that names this order.
      const again = page.getByRole("region", { name: "Order again" });
      await expect(again).toContainText(`The same items and quantities as order ${order}`);
      await again.getByRole("button", { name: "Order again" }).click();
      await expect(page.getByRole("status")).toContainText(/We have your repeat order as Q-\d{4}-\d{4};/);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
