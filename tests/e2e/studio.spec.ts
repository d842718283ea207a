import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { pageWithEntryHeld, studioPage, waitForHydration } from "./support/site";
import { expect, test } from "./support/test";

// The brand studio: a buyer's name, colours and logo on an item, drawn on their device, checked against
// the item's print rules and handed to the quote form; nothing leaves the device until the quote is sent.

const pen = { id: "onset-pen", title: "ONSET Signature Pen" };

/** A PNG of vertical stripes, one per colour given, `width` by `height` pixels. */
async function stripesPng(colours: [number, number, number][], width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colours[Math.floor((x * colours.length) / width)]!;
      raw.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** An SVG logo in three colours, carrying `marker` so a request that carries the file shows it. */
const svgLogo = (marker: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><!-- ${marker} --><rect width="20" height="20" fill="#c62828"/><circle cx="30" cy="10" r="8" fill="#1565c0"/><path d="M22 18h16" stroke="#2e7d32" stroke-width="2"/></svg>`,
  );

const mockup = (page: Page) => page.getByTestId("mockup");
const printCheck = (page: Page) => page.getByRole("region", { name: "Print check" });
const logoPosition = (page: Page) => page.locator("#studio-logo-position");

async function openStudio(page: Page, id = pen.id) {
  await page.goto(`/portfolio/${id}/studio`);
  await expect(page.getByLabel("Brand name")).toBeEditable();
}

/** Every request the page makes, with what it carries. */
function recordRequests(page: Page) {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

test("the item page and the portfolio dialog lead to the studio, and an unknown item's studio is the 404 page", async ({
  page,
  request,
}) => {
  await page.goto(`/portfolio/${pen.id}`);
  await page.getByRole("link", { name: "See Your Brand on It" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/${pen.id}/studio$`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your brand on the ${pen.title}`);
  // How the item is printed: the catalogue's words, the same as on its page.
  await expect(page.getByText("Pad print, up to 2 colours", { exact: true })).toBeVisible();
  await expect(page.getByText("50 × 6 mm")).toBeVisible();

  await page.goto(`/portfolio?product=${pen.id}`);
  const dialog = page.getByRole("dialog", { name: pen.title });
  await expect(dialog.getByRole("link", { name: "See Your Brand on It" })).toHaveAttribute(
    "href",
    `/portfolio/${pen.id}/studio`,
  );

  expect((await request.get("/portfolio/no-such-item/studio")).status()).toBe(404);
});

test("the name the buyer types is drawn on the item and named in the mockup's accessible name", async ({ page }) => {
  await openStudio(page);
  await expect(page.getByRole("img", { name: `Mockup of the ${pen.title}, ready for your brand` })).toBeVisible();
  await page.getByLabel("Brand name").fill("ACME <Rx>");
  await expect(page.getByRole("img", { name: `Mockup of the ${pen.title} with your brand ACME <Rx>` })).toBeVisible();
  await expect(mockup(page).locator("svg[data-print-area] text")).toHaveText("ACME <Rx>");

  // The print colour, by its hex entry: the name is drawn in it.
  await page.getByRole("textbox", { name: "Colour 1", exact: true }).fill("#1565c0");
  await expect(mockup(page).locator("svg[data-print-area] text")).toHaveAttribute("fill", "#1565c0");
  await expect(page.getByLabel("Colour 1 picker")).toHaveValue("#1565c0");
  // The ONSET pen prints two colours: one more may be added, then no more. A mug prints full colour: a few.
  await page.getByRole("button", { name: "Add a colour" }).click();
  await expect(page.getByRole("textbox", { name: "Colour 2", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a colour" })).toHaveCount(0);
  await openStudio(page, "marena-mug");
  await expect(page.getByText("Prints in full colour")).toBeVisible();
  await page.getByRole("button", { name: "Add a colour" }).click();
  await expect(page.getByRole("textbox", { name: "Colour 2", exact: true })).toBeVisible();

  // A name too long for a pen's barrel is said to be too small to read.
  await openStudio(page);
  await page.getByLabel("Brand name").fill("PHARMACEUTICAL LABORATORIES OF LAHORE LTD");
  await expect(printCheck(page)).toContainText("too small to read below 6 pt");
});

test("a name typed and a logo chosen before the page's script has run are drawn once it runs", async ({ context }) => {
  // A slow phone shows the studio before React drives it; what the buyer did by then is not lost.
  const { page, release } = await pageWithEntryHeld(context);
  await page.goto(`/portfolio/${pen.id}/studio`);
  await page.getByLabel("Brand name").fill("ACME");
  await page
    .getByLabel("Your logo")
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo("early") });
  const requestQuote = page.getByRole("button", { name: "Request a Quote with This Design" });
  await expect(requestQuote, "it could do nothing yet, so it waits").toBeDisabled();
  release();
  await waitForHydration(page);
  await expect(requestQuote).toBeEnabled();
  await expect(page.getByLabel("Brand name")).toHaveValue("ACME");
  await expect(
    page.getByRole("img", { name: `Mockup of the ${pen.title} with your brand ACME and your logo` }),
  ).toBeVisible();
  await expect(mockup(page).locator("svg[data-print-area] text")).toHaveText("ACME");
  await expect(mockup(page).locator("image[data-logo]")).toHaveAttribute("href", /^blob:/);
});

test("a PNG and an SVG logo go on the item, are moved and scaled with the keyboard and the pointer, and are checked", async ({
  page,
}) => {
  await openStudio(page);
  await page.getByLabel("Brand name").fill("ACME");
  const logoInput = page.getByLabel("Your logo");

  // A sharp three-colour PNG: too many colours for a 1-colour pad print, resolution enough.
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await stripesPng(
      [
        [198, 40, 40],
        [21, 101, 192],
        [46, 125, 50],
      ],
      600,
      200,
    ),
  });
  await expect(
    page.getByRole("img", { name: `Mockup of the ${pen.title} with your brand ACME and your logo` }),
  ).toBeVisible();
  const logo = mockup(page).locator("image[data-logo]");
  await expect(logo).toHaveAttribute("href", /^blob:/);
  await expect(printCheck(page)).toContainText("Your logo has 3 colours, but pad print prints 2 colours");
  await expect(printCheck(page)).not.toContainText("ppi");

  // The keyboard: arrows move 1 mm, with Shift 5 mm; + and - scale; each step is announced in mm.
  await expect(logoPosition(page)).toHaveText(
    "Logo 0 mm from the left and 0 mm from the top of the print area, 18 by 6 mm.",
  );
  await page.getByRole("button", { name: "Move logo", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(logoPosition(page)).toHaveText(/^Logo 1 mm from the left/);
  await page.keyboard.press("Shift+ArrowRight");
  await expect(logoPosition(page)).toHaveText(/^Logo 6 mm from the left/);
  await expect(logo).toHaveAttribute("x", "6");
  await page.keyboard.press("-");
  await expect(logoPosition(page)).toContainText("16.4 by 5.5 mm");
  await page.keyboard.press("+");
  await expect(logoPosition(page)).toContainText("18 by 6 mm");
  // Kept inside the area: it cannot leave the barrel's 50 mm.
  for (let i = 0; i < 8; i++) await page.keyboard.press("Shift+ArrowRight");
  await expect(logoPosition(page)).toHaveText(/^Logo 32 mm from the left/);
  await page.getByLabel("Logo size").fill("50");
  await expect(logoPosition(page)).toContainText("9 by 3 mm");

  // The pointer: drag the logo to the left along the barrel (a finger anywhere on the print area moves it).
  await page.keyboard.press("Shift+ArrowLeft");
  const before = Number(await logo.getAttribute("x"));
  const box = (await mockup(page).locator("svg[data-print-area]").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await logo.getAttribute("x"))).toBeLessThan(before - 3);

  // A PNG too small for its printed size.
  await logoInput.setInputFiles({
    name: "tiny.png",
    mimeType: "image/png",
    buffer: await stripesPng([[198, 40, 40]], 30, 10),
  });
  await expect(printCheck(page)).toContainText(/Your logo is \d+ ppi at its printed size, below the 300 ppi/);
  await expect(printCheck(page)).not.toContainText("colours, but");

  // An SVG logo in three colours.
  await logoInput.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo("svg-logo") });
  await expect(logo).toHaveAttribute("href", /^blob:/);
  await expect(logoPosition(page)).toContainText("12 by 6 mm");
  await expect(printCheck(page)).toContainText("Your logo has 3 colours, but pad print prints 2 colours");
  await expect(printCheck(page)).not.toContainText("ppi");

  // A file that only calls itself an image is refused, in words.
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("MZ\x90\x00 this is a program"),
  });
  await expect(page.getByRole("alert")).toHaveText(
    "This file is not a PNG, JPEG, WebP or SVG image. Choose your logo in one of those formats.",
  );
});

test("axe finds nothing with the studio open, a logo placed and its warnings shown", async ({ page }) => {
  await openStudio(page);
  await page.getByLabel("Brand name").fill("ACME");
  await page
    .getByLabel("Your logo")
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo("axe") });
  await expect(printCheck(page)).toContainText("colours, but");
  await expectNoAxeViolations(page, `${studioPage} with a logo`);
});

test("'Request a Quote with This Design' attaches the design to the quote form, and nothing leaves the device before the quote is sent", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const requests = recordRequests(page);
  const marker = `logo-${randomUUID()}`;

  await openStudio(page);
  await page.getByLabel("Brand name").fill("ACME");
  await page
    .getByLabel("Your logo")
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo(marker) });
  await expect(mockup(page).locator("image[data-logo]")).toHaveAttribute("href", /^blob:/);
  await page.getByRole("button", { name: "Move logo", exact: true }).focus();
  await page.keyboard.press("Shift+ArrowRight");
  await page.getByRole("button", { name: "Request a Quote with This Design" }).click();

  await expect(page).toHaveURL(`/contact?product=${encodeURIComponent(pen.title)}&design=1`);
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Products of interest", exact: true })).toHaveValue(pen.title);
  const thumbnail = page.getByRole("img", { name: `Your design mockup: ${pen.title} with ACME` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The buyer has designed, asked for a quote and is on the form: nothing has been posted, and no
  // request carried their logo.
  const carried = (request: Request) => `${request.url()} ${request.postDataBuffer()?.toString("latin1") ?? ""}`;
  expect(
    requests.filter((request) => request.method() !== "GET").map((request) => `${request.method()} ${request.url()}`),
  ).toEqual([]);
  expect(requests.filter((request) => carried(request).includes(marker)).map((request) => request.url())).toEqual([]);
  expect(violations).toEqual([]);
  await expectNoAxeViolations(page, "/contact with a design attached");

  // Removed, it is gone from the form and from the device.
  await page.getByRole("button", { name: "Remove design" }).click();
  await expect(thumbnail).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Products of interest", exact: true })).toHaveValue(pen.title);
  await expect(page.getByRole("img", { name: /Your design mockup/ })).toHaveCount(0);
});

const quotesCommand = (args: string[]) =>
  execFileSync("node", ["build/server/quotes.js", ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
  });

test("a quote sent with a design carries its mockup, the checked logo and the design's spec, found by the export command", async ({
  page,
}) => {
  const id = randomUUID().slice(0, 8);
  await openStudio(page);
  await page.getByLabel("Brand name").fill("ACME");
  await page
    .getByLabel("Your logo")
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo(`logo-${id}`) });
  await expect(mockup(page).locator("image[data-logo]")).toBeAttached();
  await page.getByRole("button", { name: "Request a Quote with This Design" }).click();
  await expect(page).toHaveURL(/\/contact\?.*design=1$/);
  await waitForHydration(page);
  await expect(page.getByRole("img", { name: `Your design mockup: ${pen.title} with ACME` })).toBeVisible();

  const email = `studio-${id}@acme.example`;
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Studio buyer ${id}`);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("500 pens with our logo, as in the attached design.");
  await page.getByRole("button", { name: "Submit Quote Request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Quote Request Submitted!" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Your design mockup/ })).toHaveCount(0);

  const stored = (
    JSON.parse(quotesCommand(["list", "--json"])) as {
      id: number;
      email: string;
      design: { itemId: string; text: string } | null;
    }[]
  ).find((quote) => quote.email === email);
  expect(stored?.design).toMatchObject({ itemId: pen.id, text: "ACME" });
  const out = mkdtempSync(join(tmpdir(), "studio-export-"));
  try {
    quotesCommand(["export", "--attachments", out]);
    const files = readdirSync(out)
      .filter((name) => name.startsWith(`quote-${stored!.id}-`))
      .sort();
    expect(files).toEqual([`quote-${stored!.id}-logo.svg`, `quote-${stored!.id}-mockup.png`]);
    expect(readFileSync(join(out, `quote-${stored!.id}-logo.svg`), "utf8")).toContain("<svg");
    expect(
      readFileSync(join(out, `quote-${stored!.id}-mockup.png`))
        .subarray(1, 4)
        .toString("latin1"),
    ).toBe("PNG");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("the mockup sent with the quote is a PNG of at most 300 KB", async ({ page }) => {
  await openStudio(page, "marena-mug");
  await page.getByLabel("Brand name").fill("ACME");
  // A large, noisy photo-like logo: the mockup must still come out small.
  const noise = Buffer.alloc(1200 * 900 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  await page.getByLabel("Your logo").setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
      .png()
      .toBuffer(),
  });
  await expect(mockup(page).locator("image[data-logo]")).toBeAttached();
  await page.getByRole("button", { name: "Request a Quote with This Design" }).click();
  await expect(page).toHaveURL(/\/contact\?.*design=1$/);
  await waitForHydration(page);
  const thumbnail = page.getByRole("img", { name: /Your design mockup: MARENA/ });
  await expect(thumbnail).toBeVisible();
  // What the form will send: the mockup kept on the device for it.
  const png = await page.evaluate(
    () =>
      new Promise<{ size: number; type: string; signature: number[] }>((done, fail) => {
        const open = indexedDB.open("brand-studio");
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("designs").objectStore("designs").get("design");
          read.onerror = () => fail(read.error);
          read.onsuccess = async () => {
            const mockup = (read.result as { attachments: { mockup: Blob } }).attachments.mockup;
            const head = new Uint8Array(await mockup.slice(0, 8).arrayBuffer());
            done({ size: mockup.size, type: mockup.type, signature: [...head] });
          };
        };
      }),
  );
  expect(png.type).toBe("image/png");
  expect(png.signature).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.size).toBeLessThanOrEqual(300 * 1024);
  expect(png.size).toBeGreaterThan(1000);
});

/** The name's and the logo's boxes in the rendered mockup, in CSS pixels. On a round item the flat art
 * is measured where the print area puts it (its strips bend it round the curve, keeping boxes apart). */
async function designBoxes(page: Page) {
  return mockup(page).evaluate((root) => {
    const area = root.querySelector<SVGSVGElement>("svg[data-print-area]")!;
    const toScreen = (element: SVGGraphicsElement | null) => {
      if (!element) return null;
      const box = element.getBBox();
      const matrix = area.getScreenCTM()!;
      const corners = [
        [box.x, box.y],
        [box.x + box.width, box.y],
        [box.x, box.y + box.height],
        [box.x + box.width, box.y + box.height],
      ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
      const xs = corners.map((point) => point.x);
      const ys = corners.map((point) => point.y);
      return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
    };
    const flat = area.querySelector("[data-art]")!;
    return {
      name: toScreen(flat.querySelector<SVGGraphicsElement>("text[data-name]")),
      logo: toScreen(flat.querySelector<SVGGraphicsElement>("image[data-logo]")),
      strips: area.querySelectorAll("use").length,
    };
  });
}
type ScreenBox = { left: number; right: number; top: number; bottom: number };
const apart = (a: ScreenBox, b: ScreenBox) =>
  a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;

test("name and logo are laid out apart in the print area, in the layout the buyer chooses, round the curve of a mug", async ({
  page,
}) => {
  for (const id of ["marena-mug", "lipitrex-paperweight"]) {
    await openStudio(page, id);
    await page.getByLabel("Brand name").fill("Zenith Pharma");
    await page
      .getByLabel("Your logo")
      .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo(id) });
    await expect(mockup(page).locator("image[data-logo]")).toBeAttached();
    // The default suits the area: above the name on a squarish face.
    await expect(page.getByRole("radio", { name: "Logo above the name" })).toBeChecked();
    for (const layout of ["Logo above the name", "Logo beside the name"]) {
      await page.getByRole("radio", { name: layout }).check();
      const { name, logo } = await designBoxes(page);
      expect(name!.right - name!.left, `${id}: ${layout}`).toBeGreaterThan(10);
      expect(logo!.right - logo!.left, `${id}: ${layout}`).toBeGreaterThan(10);
      expect(apart(name!, logo!), `${id}: ${layout} ${JSON.stringify({ name, logo })}`).toBe(true);
      if (layout === "Logo above the name") expect(logo!.bottom).toBeLessThanOrEqual(name!.top + 0.5);
      else expect(logo!.right).toBeLessThanOrEqual(name!.left + 0.5);
    }
    await page.getByRole("radio", { name: "Logo only" }).check();
    await expect(mockup(page).locator("text[data-name]")).toHaveCount(0);
    await expect(mockup(page).locator("image[data-logo]")).toHaveCount(1);
    await expect(page.getByRole("img", { name: /with your logo$/ })).toBeVisible();
    await page.getByRole("radio", { name: "Name only" }).check();
    await expect(mockup(page).locator("image[data-logo]")).toHaveCount(0);
    await expect(mockup(page).locator("text[data-name]")).toHaveText("Zenith Pharma");
    await expect(page.getByRole("button", { name: "Enlarge logo" })).toHaveCount(0);
    // A mug's art goes round its curve in strips; the paperweight's flat face shows it as it is.
    expect((await designBoxes(page)).strips, id).toBe(id === "marena-mug" ? 33 : 0);
  }
});

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the mockup stays in view while the controls are used, with touch words and touch-sized controls", async ({
    page,
  }) => {
    await openStudio(page, "onset-cup");
    await page.getByLabel("Brand name").fill("ACME");
    await page
      .getByLabel("Your logo")
      .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svgLogo("phone") });
    const enlarge = page.getByRole("button", { name: "Enlarge logo" });
    await enlarge.scrollIntoViewIfNeeded();
    const position = await logoPosition(page).textContent();
    await enlarge.tap();
    await expect(logoPosition(page)).not.toHaveText(position!);
    await page.getByLabel("Logo size").scrollIntoViewIfNeeded();

    // The mockup is on screen, under the site's header, while the buyer works the controls below it.
    const seen = (await mockup(page).boundingBox())!;
    const header = (await page.locator("header").first().boundingBox())!;
    expect(seen.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(seen.y + seen.height).toBeLessThanOrEqual(740);
    expect(seen.height).toBeGreaterThan(150);
    const control = (await enlarge.boundingBox())!;
    expect(control.y).toBeGreaterThanOrEqual(seen.y + seen.height);

    // Touch words, not keys; and every control a finger can hit.
    await expect(page.getByText("Drag the logo with your finger")).toBeVisible();
    await expect(page.getByText(/arrow keys/i)).toBeHidden();
    await expect(page.getByRole("button", { name: "Move logo", exact: true })).toBeHidden();
    const targets = [
      enlarge,
      page.getByRole("button", { name: "Reduce logo" }),
      page.getByRole("button", { name: "Remove logo" }),
      page.getByLabel("Logo size"),
      page.getByLabel("Brand name"),
      page.getByRole("button", { name: "Add a colour" }),
      page.locator("label").filter({ has: page.getByRole("radio", { name: "Logo beside the name" }) }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.height, String(target)).toBeGreaterThanOrEqual(44);
      expect(box.width, String(target)).toBeGreaterThanOrEqual(44);
    }
  });
});
