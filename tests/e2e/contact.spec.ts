import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page, Route } from "@playwright/test";
import { pageWithEntryHeld } from "./support/site";
import { expect, test } from "./support/test";

type Listed = {
  name: string;
  company: string;
  email: string;
  phone: string;
  product: string;
  message: string;
  page: string;
  idempotencyKey: string;
};

/** `npm run quotes -- list --json` against the server's data folder. */
function listedQuotes(): Listed[] {
  const output = execFileSync("npm", ["run", "--silent", "quotes", "--", "list", "--json"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
  });
  return JSON.parse(output) as Listed[];
}

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

const uniqueBuyer = () => {
  const id = randomUUID().slice(0, 8);
  return {
    Name: `Buyer ${id}`,
    Company: "Acme Pharma",
    Email: `buyer-${id}@acme.example`,
    Phone: "+92 300 1234567",
    "Products of interest": "Custom pens",
    Message: `500 pens with our logo (${id})`,
  };
};

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/**
 * /contact hydrated, with its clock under the test's control, and every quote the form's script posts
 * answered by `answer` (given the attempt's number, from 1); returns the idempotency key of each attempt.
 */
async function answerQuotePosts(page: Page, answer: (route: Route, attempt: number) => Promise<void>) {
  await page.clock.install();
  await page.goto("/contact");
  await expect(page.locator("form#quote-form[data-hydrated]")).toBeAttached();
  const keys: string[] = [];
  await page.route("**/contact", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(new URLSearchParams(route.request().postData() ?? "").get("idempotencyKey") ?? "");
    await answer(route, keys.length);
  });
  return keys;
}

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator("form#quote-form[data-hydrated]")).toBeAttached();
  });

  test("shows every field with a label, the office, hours and contact links", async ({ page }) => {
    for (const label of ["Name", "Company", "Email", "Phone", "Products of interest", "Message"]) {
      await expect(field(page, label)).toBeVisible();
    }
    for (const label of ["Name", "Email", "Message"]) await expect(field(page, label)).toHaveAttribute("required", "");
    await expect(field(page, "Email")).toHaveAttribute("type", "email");
    await expect(field(page, "Phone")).toHaveAttribute("type", "tel");
    expect(await field(page, "Message").evaluate((el) => getComputedStyle(el).minHeight)).toBe("120px");
    const main = page.getByRole("main");
    await expect(main.getByText(/Lahore, Punjab 54000, Pakistan/)).toBeVisible();
    await expect(main.getByText("11:00–19:00 PST")).toBeVisible();
    await expect(main.getByText("Saturday and Sunday")).toBeVisible();
    await expect(main.getByText(/within 24 business hours/).first()).toBeVisible();
    await expect(main.getByRole("link", { name: /^\+92/ })).toHaveAttribute("href", /^tel:\+92/);
    await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(main.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  });

  test("has no accessibility violations, before and after a notice", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" }); // no fade-in: axe reads the toast's final colours
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole("button", { name: "Submit Quote Request" }).click(); // empty: the browser's own check
    await fill(page, { Name: " ", Email: "a@b.example", Message: "Hello" });
    await page.getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(toasts(page).getByText("Missing Information")).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("a name of only spaces gives 'Missing Information' and keeps the fields", async ({ page }) => {
    const buyer = { ...uniqueBuyer(), Name: "   " };
    await fill(page, buyer);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    await expect(toasts(page).getByText("Missing Information")).toBeVisible();
    await expect(toasts(page).getByText("Please fill in all required fields.")).toBeVisible();
    for (const [label, value] of Object.entries(buyer)) await expect(field(page, label)).toHaveValue(value);
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(listedQuotes().some((quote) => quote.email === buyer.Email)).toBe(false);
  });

  test("a valid request is submitted without a reload, empties the form and reaches the inbox", async ({ page }) => {
    const buyer = uniqueBuyer();
    await fill(page, buyer);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    // The form's script posts the same fields as the form without JavaScript, to the same action, and
    // asks for the answer as JSON.
    const request = await posted;
    expect(new URL(request.url()).pathname).toBe("/contact");
    const headers = await request.allHeaders();
    expect(headers.accept).toBe("application/json");
    expect(headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const sent = Object.fromEntries(new URLSearchParams(request.postData() ?? ""));
    expect(sent).toMatchObject({
      name: buyer.Name,
      email: buyer.Email,
      message: buyer.Message,
      page: "/contact",
      website: "",
    });
    expect(sent.idempotencyKey).toMatch(/\S{16,}/);
    const response = await request.response();
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("application/json");
    expect(await response?.json()).toEqual({
      status: "success",
      title: "Quote Request Submitted!",
      message: "We'll get back to you within 24 hours.",
    });

    await expect(toasts(page).getByText("Quote Request Submitted!")).toBeVisible();
    await expect(toasts(page).getByText("We'll get back to you within 24 hours.")).toBeVisible();
    for (const label of Object.keys(buyer)) await expect(field(page, label)).toHaveValue("");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const stored = listedQuotes().filter((quote) => quote.email === buyer.Email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: buyer.Name,
      company: buyer.Company,
      phone: buyer.Phone,
      product: buyer["Products of interest"],
      message: buyer.Message,
      page: "/contact",
    });
  });

  test("when sending keeps failing, retries with one idempotency key, keeps the fields and offers WhatsApp and e-mail", async ({
    page,
  }) => {
    const keys = await answerQuotePosts(page, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"status":"error"}' }),
    );
    const buyer = uniqueBuyer();
    await fill(page, buyer);
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    const whatsapp = page.getByRole("main").getByRole("link", { name: /Send by WhatsApp/ });
    // Back-off 1 s, 2 s, 4 s: move the page's clock on instead of waiting.
    await expect(async () => {
      await page.clock.runFor(2_000);
      await expect(whatsapp).toBeVisible({ timeout: 100 });
    }).toPass({ timeout: 15_000 });

    expect(keys).toHaveLength(4); // the first try and 3 retries
    expect(new Set(keys).size).toBe(1);
    for (const [label, value] of Object.entries(buyer)) await expect(field(page, label)).toHaveValue(value);
    const href = decodeURIComponent((await whatsapp.getAttribute("href")) ?? "");
    expect(href).toContain(buyer.Message);
    expect(href).toContain(`Email: ${buyer.Email}`);
    const mailto = await page.getByRole("main").getByRole("link", { name: "Send by e-mail" }).getAttribute("href");
    expect(decodeURIComponent(mailto ?? "")).toContain(buyer.Message);
  });
  test("when the first attempts fail, a retry with the same idempotency key gets through and the request is stored once", async ({
    page,
  }) => {
    const keys = await answerQuotePosts(page, async (route, attempt) => {
      if (attempt === 1) {
        // The server takes the request, but its answer is lost on the way back.
        await route.fetch();
        return route.fulfill({ status: 502, contentType: "text/plain", body: "Bad Gateway" });
      }
      if (attempt === 2) return route.abort("internetdisconnected");
      return route.fallback();
    });
    const buyer = uniqueBuyer();
    await fill(page, buyer);
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    // Back-off 1 s, then 2 s: move the page's clock on instead of waiting.
    const success = toasts(page).getByText("Quote Request Submitted!");
    await expect(async () => {
      await page.clock.runFor(1_000);
      await expect(success).toBeVisible({ timeout: 100 });
    }).toPass({ timeout: 15_000 });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    for (const label of Object.keys(buyer)) await expect(field(page, label)).toHaveValue("");
    expect(listedQuotes().filter((quote) => quote.email === buyer.Email)).toMatchObject([
      { idempotencyKey: keys[0], name: buyer.Name },
    ]);
  });
});

test("what a visitor types before the page hydrates is kept and sent, with no further keystroke", async ({
  context,
}) => {
  const { page, release } = await pageWithEntryHeld(context);
  await page.goto("/contact");
  const buyer = uniqueBuyer();
  await fill(page, buyer);
  await expect(page.locator("form#quote-form[data-hydrated]")).not.toBeAttached();

  release();
  await expect(page.locator("form#quote-form[data-hydrated]")).toBeAttached();
  for (const [label, value] of Object.entries(buyer)) await expect(field(page, label)).toHaveValue(value);
  await page.getByRole("button", { name: "Submit Quote Request" }).click();
  await expect(toasts(page).getByText("Quote Request Submitted!")).toBeVisible();
  expect(listedQuotes().filter((quote) => quote.email === buyer.Email)).toMatchObject([
    { name: buyer.Name, message: buyer.Message },
  ]);
});

test("?product= fills Products of interest", async ({ page }) => {
  await page.goto("/contact?product=Custom%20Pens%20%E2%80%94%20ONSET");
  await expect(field(page, "Products of interest")).toHaveValue("Custom Pens — ONSET");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a name of only spaces comes back with 'Missing Information' and the fields kept", async ({ page }) => {
    await page.goto("/contact");
    const buyer = { ...uniqueBuyer(), Name: "   " };
    await fill(page, buyer);
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    const notice = page.getByRole("alert");
    await expect(notice).toContainText("Missing Information");
    await expect(notice).toContainText("Please fill in all required fields.");
    for (const [label, value] of Object.entries(buyer)) await expect(field(page, label)).toHaveValue(value);
    expect(listedQuotes().some((quote) => quote.email === buyer.Email)).toBe(false);
  });

  test("a valid request is stored and the page that comes back says so, with an empty form", async ({ page }) => {
    await page.goto("/contact");
    const buyer = uniqueBuyer();
    await fill(page, buyer);
    await page.getByRole("button", { name: "Submit Quote Request" }).click();

    const notice = page.getByRole("status").filter({ hasText: "Quote Request Submitted!" });
    await expect(notice).toContainText("We'll get back to you within 24 hours.");
    for (const label of Object.keys(buyer)) await expect(field(page, label)).toHaveValue("");

    const stored = listedQuotes().filter((quote) => quote.email === buyer.Email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: buyer.Name,
      message: buyer.Message,
      product: buyer["Products of interest"],
    });
  });
});
