import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

// A 2 × 1 red PNG and a text file that only calls itself one.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWM4w8BwhoEBAAczAZnw4GPhAAAAAElFTkSuQmCC",
  "base64",
);
const notAPng = Buffer.from("Just some text, named like a picture.\n");

const quotesCommand = (args: string[]) =>
  execFileSync("node", ["build/server/quotes.js", ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
  });

async function fillQuote(page: Page) {
  const id = randomUUID().slice(0, 8);
  const buyer = {
    Name: `Logo buyer ${id}`,
    Email: `logo-${id}@acme.example`,
    Message: `Pens with the attached logo (${id})`,
  };
  for (const [label, value] of Object.entries(buyer))
    await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  return buyer;
}

test.describe("a quote with a logo, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is sent as a plain form post, and its checked logo comes out of the export command", async ({ page }) => {
    await page.goto("/contact");
    const buyer = await fillQuote(page);
    const logo = page.getByLabel("Attach your logo (optional)");
    await expect(logo).toHaveAttribute("accept", "image/svg+xml,image/png,image/jpeg,image/webp");
    await expect(page.getByText("SVG, PNG, JPEG or WebP; at most 5 MB (SVG 1 MB).")).toBeVisible();
    await logo.setInputFiles({ name: "brand.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    await expect(page.getByRole("status")).toContainText("Quote Request Submitted!");

    const [stored] = (JSON.parse(quotesCommand(["list", "--json"])) as { id: number; email: string }[]).filter(
      (quote) => quote.email === buyer.Email,
    );
    expect(stored).toBeDefined();
    const out = mkdtempSync(join(tmpdir(), "quote-export-"));
    try {
      expect(quotesCommand(["export", "--attachments", out])).toContain(`quote-${stored!.id}-logo.png`);
      const exported = readFileSync(join(out, `quote-${stored!.id}-logo.png`));
      expect(exported.subarray(1, 4).toString("latin1")).toBe("PNG");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test("a text file named .png is told it is not an image, with the fields kept", async ({ page }) => {
    await page.goto("/contact");
    const buyer = await fillQuote(page);
    await page
      .getByLabel("Attach your logo (optional)")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: notAPng });
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    const notice = page.getByRole("alert");
    await expect(notice).toContainText("Logo is not an image");
    await expect(notice).toContainText("The file you attached as your logo is not an image.");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(buyer.Name);
    const listed = JSON.parse(quotesCommand(["list", "--json"])) as { email: string }[];
    expect(listed.some((quote) => quote.email === buyer.Email)).toBe(false);
  });

  test("a file far over the limit gets the page with the size limit, not a reset connection", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/contact");
    const buyer = await fillQuote(page);
    // Its first bytes are a PNG's; the rest is padding: 20 MB, far over the 8 MB a request may carry.
    // From a file on disk: the browser reads it itself, as it would the buyer's.
    const dir = mkdtempSync(join(tmpdir(), "big-logo-"));
    const path = join(dir, "poster.png");
    const big = Buffer.alloc(20 * 1024 * 1024, 0x41);
    png.copy(big);
    writeFileSync(path, big);
    try {
      await page.getByLabel("Attach your logo (optional)").setInputFiles(path);
      await page.getByRole("button", { name: "Submit Quote Request" }).click();

      const notice = page.getByRole("alert");
      await expect(notice).toContainText("Request too large");
      await expect(notice).toContainText("files and text together may be at most 8 MB");
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(buyer.Email);
    } finally {
      // After the form is sent: the browser reads the file when it sends it.
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
