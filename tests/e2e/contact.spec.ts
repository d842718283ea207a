import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Locator, Page, Request } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff } from "./support/desk-http";
import { simpleParser } from "mailparser";
import { startSmtp, until } from "../support/smtp-server";
import { pageWithEntryHeld, startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

type Listed = {
  reference: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  product: string;
  quantity: number | null;
  neededBy: string | null;
  message: string;
  page: string;
  idempotencyKey: string;
};

/** `npm run quotes -- list --json` against the server's data folder (the command npm runs, without npm). */
function listedQuotes(): Listed[] {
  const output = execFileSync(process.execPath, ["build/server/quotes.js", "list", "--json"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
  });
  return JSON.parse(output) as Listed[];
}
const storedFor = (email: string) => listedQuotes().filter((quote) => quote.email === email);

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const submit = (page: Page) => page.getByRole("button", { name: "Submit Quote Request" });
const confirmation = (page: Page) => page.getByRole("status").filter({ hasText: "Quote Request Submitted!" });

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

/** A field of the multipart body the form's fetcher posts. */
const postedField = (request: Request, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(request.postDataBuffer()?.toString("utf8") ?? "")?.[1];

/** The quote form's posts (with JavaScript: the action's data URL), each answered by `answer`. */
async function answerQuotePosts(
  page: Page,
  answer: (route: import("@playwright/test").Route, attempt: number) => unknown,
) {
  const keys: string[] = [];
  await page.route("**/contact.data*", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(postedField(route.request(), "idempotencyKey") ?? "");
    await answer(route, keys.length);
  });
  return keys;
}

/** The confirmation as it must read, with or without JavaScript. */
async function expectConfirmation(notice: Locator) {
  await expect(notice).toContainText("We'll get back to you within 24 hours.");
  await expect(notice.getByText("What happens next")).toBeVisible();
  await expect(notice.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await expect(notice.getByRole("link", { name: /^\+92/ })).toHaveAttribute("href", /^tel:\+92/);
  await expect(notice).toBeFocused(); // read out by a screen reader, scrolled into view on a phone
}

test.describe("with JavaScript", () => {
  // Each visit walks a whole journey, with axe and the inbox command on the way: more than one page's time.
  test.slow();

  test("the form, 'Missing Information' with the fields kept, then a valid request: posted by the fetcher, confirmed until the buyer asks for another", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/contact");
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
    await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expectNoAxeViolations(page, "/contact");

    // A name of only spaces passes the browser's own check, not the schema's: nothing is sent.
    const buyer = uniqueBuyer();
    await fill(page, { ...buyer, Name: "   " });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const posts: Request[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request));
    await submit(page).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Missing Information");
    await expect(alert).toContainText("Please fill in all required fields.");
    await expect(alert).toBeFocused();
    for (const [label, value] of Object.entries({ ...buyer, Name: "   " }))
      await expect(field(page, label)).toHaveValue(value);
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    await field(page, "Name").fill(buyer.Name);
    await expect(field(page, "Name")).not.toHaveAttribute("aria-invalid");
    await submit(page).click();
    const notice = confirmation(page);
    await expectConfirmation(notice);
    await expect(page.locator("form#quote-form")).toHaveCount(0); // the notice is in the form's place
    await page.clock.runFor(10_000);
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // React Router's fetcher posted the form's fields to the route's action, as multipart: no JSON side channel.
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!.url()).pathname).toBe("/contact.data");
    const headers = await posts[0]!.allHeaders();
    expect(headers["content-type"]).toMatch(/^multipart\/form-data/);
    expect(headers.accept ?? "").not.toContain("application/json");
    expect(postedField(posts[0]!, "page")).toBe("/contact");
    expect(postedField(posts[0]!, "idempotencyKey")).toMatch(/^[\w-]{16,}$/);
    expect(storedFor(buyer.Email)).toMatchObject([
      {
        name: buyer.Name,
        company: buyer.Company,
        phone: buyer.Phone,
        product: buyer["Products of interest"],
        message: buyer.Message,
        page: "/contact",
        idempotencyKey: postedField(posts[0]!, "idempotencyKey"),
      },
    ]);
    await expectNoAxeViolations(page, "/contact with the confirmation");

    await notice.getByRole("button", { name: "Send another request" }).click();
    await expect(notice).toHaveCount(0);
    for (const label of Object.keys(buyer)) await expect(field(page, label)).toHaveValue("");
    await expect(field(page, "Name")).toBeFocused();
  });

  test("Quantity and Needed by: optional, labelled, side by side on a wide screen; a bad quantity is answered clearly; the desk shows 500 pcs and the day", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/contact");
    await page.waitForSelector("form#quote-form[data-hydrated]");
    const quantity = page.getByRole("spinbutton", { name: "Quantity", exact: true });
    const neededBy = page.getByLabel("Needed by", { exact: true });
    await expect(quantity).toBeVisible();
    await expect(neededBy).toHaveAttribute("type", "date");
    for (const optional of [quantity, neededBy]) await expect(optional).not.toHaveAttribute("required");
    await expect(quantity).toHaveAccessibleDescription("Pieces in all (optional).");
    await expect(neededBy).toHaveAccessibleDescription("The day you need them in hand (optional).");
    // One row after the products, before the message; the date field offers today to two years on (Lahore).
    const box = async (target: Locator) => (await target.boundingBox())!;
    expect((await box(quantity)).y).toBe((await box(neededBy)).y);
    expect((await box(quantity)).y).toBeGreaterThan((await box(field(page, "Products of interest"))).y);
    expect((await box(field(page, "Message"))).y).toBeGreaterThan((await box(quantity)).y);
    const pakistanDay = (daysAhead: number) =>
      new Date(Date.now() + 5 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
    await expect(neededBy).toHaveAttribute("min", pakistanDay(0));
    await expect(neededBy).toHaveAttribute("max", new RegExp(`^${Number(pakistanDay(0).slice(0, 4)) + 2}-`));

    // The browser holds a quantity out of range itself; the server, asked without that check, says what to fix.
    const buyer = uniqueBuyer();
    await fill(page, buyer);
    await quantity.fill("0");
    await submit(page).click();
    expect(await quantity.evaluate((input: HTMLInputElement) => input.validationMessage)).not.toBe("");
    await page.locator("form#quote-form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await submit(page).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Check the quantity");
    await expect(alert).toContainText("Quantity must be a whole number of pieces, from 1 to 1,000,000");
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Name")).toHaveValue(buyer.Name);

    const day = pakistanDay(3);
    await quantity.fill("500");
    await neededBy.fill(day);
    await submit(page).click();
    await expectConfirmation(confirmation(page));
    const [stored] = storedFor(buyer.Email);
    expect(stored).toMatchObject({ quantity: 500, neededBy: day });
    const reference = stored!.reference;

    // The desk: how many and by when, beside the product in the inbox and first on the request's page.
    const email = `desk-${randomUUID().slice(0, 8)}@promo.example`;
    await addStaff({ baseURL: baseURL!, dataDir: process.env.E2E_DATA_DIR! }, email, "lahore-blue-pens-2026");
    await page.goto("/desk/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("lahore-blue-pens-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
    const written = (withYear: boolean) =>
      new Intl.DateTimeFormat("en-GB", {
        weekday: "short",
        day: "numeric",
        month: "short",
        ...(withYear ? { year: "numeric" } : {}),
        timeZone: "UTC",
      })
        .format(new Date(`${day}T00:00:00Z`))
        .replace(",", "");
    await page.goto(`/desk?q=${reference}`);
    const row = page.getByRole("listitem").filter({ hasText: reference });
    await expect(row).toContainText("Custom pens");
    await expect(row).toContainText("500 pcs");
    await expect(row).toContainText(/in \d business days?|no business day before it/);
    await row.getByRole("link", { name: new RegExp(buyer.Name) }).click();
    const request = page.getByRole("region", { name: "Request" });
    await expect(request.getByRole("term").filter({ hasText: "Quantity" })).toBeVisible();
    await expect(request.getByRole("definition").filter({ hasText: "500 pcs" })).toBeVisible();
    await expect(request.getByRole("definition").filter({ hasText: written(true) })).toContainText(
      /in \d business days?|no business day before it/,
    );
    await expectNoAxeViolations(page, "the desk's request with a quantity and needed-by day");
  });

  test("a request that cannot get through is retried 3 times with one key and offered for WhatsApp; sent again, a retry gets through and it is stored once", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/contact");
    const keys = await answerQuotePosts(page, async (route, attempt) => {
      if (attempt <= 4) return route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
      if (attempt === 5) {
        // The server takes the request, but its answer is lost on the way back.
        await route.fetch();
        return route.fulfill({ status: 502, contentType: "text/plain", body: "Bad Gateway" });
      }
      if (attempt === 6) return route.abort("internetdisconnected");
      return route.fallback();
    });
    const buyer = uniqueBuyer();
    await fill(page, buyer);
    await submit(page).click();

    // Back-off 1 s, 2 s, 4 s: move the page's clock on instead of waiting.
    const whatsapp = page.getByRole("alert").getByRole("link", { name: /Send by WhatsApp/ });
    await expect(async () => {
      await page.clock.runFor(1_000);
      await expect(whatsapp).toBeVisible({ timeout: 100 });
    }).toPass({ timeout: 20_000 });
    expect(keys).toHaveLength(4); // the first try and 3 retries
    expect(new Set(keys).size).toBe(1);
    await expect(page.getByRole("alert")).toContainText("We couldn't send your request");
    for (const [label, value] of Object.entries(buyer)) await expect(field(page, label)).toHaveValue(value);
    expect(decodeURIComponent((await whatsapp.getAttribute("href")) ?? "")).toContain(`Email: ${buyer.Email}`);
    const mailto = await page.getByRole("alert").getByRole("link", { name: "Send by e-mail" }).getAttribute("href");
    expect(decodeURIComponent(mailto ?? "")).toContain(buyer.Message);
    expect(storedFor(buyer.Email)).toEqual([]);

    // Sent again unchanged: the same request, so the same key; its answer lost once, then no connection.
    await submit(page).click();
    await expect(async () => {
      await page.clock.runFor(1_000);
      await expect(confirmation(page)).toBeVisible({ timeout: 100 });
    }).toPass({ timeout: 20_000 });
    expect(keys).toHaveLength(7);
    expect(new Set(keys).size).toBe(1);
    expect(storedFor(buyer.Email)).toMatchObject([{ idempotencyKey: keys[0], name: buyer.Name }]);
  });

  test("at 360 px on a touch screen: the studio's design at the top with the message prefilled, controls 44 px tall, and the confirmation's", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/contact");
    // A design as the brand studio keeps it on the device (app/lib/design-handoff.ts).
    await page.evaluate(async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
      const canvas = Object.assign(document.createElement("canvas"), { width: 80, height: 60 });
      const mockup = await new Promise<Blob>((done) => canvas.toBlob((blob) => done(blob!), "image/png"));
      await new Promise<void>((done, fail) => {
        const open = indexedDB.open("brand-studio");
        open.onupgradeneeded = () => open.result.createObjectStore("designs");
        open.onsuccess = () => {
          const put = open.result
            .transaction("designs", "readwrite")
            .objectStore("designs")
            .put(
              {
                attachments: {
                  design: { itemId: "onset-pen", text: "ACME", colours: ["#1565c0"], logo: null, warnings: [] },
                  mockup,
                  logo: new File([svg], "acme.svg", { type: "image/svg+xml" }),
                },
                mockupName: "Your design mockup: ONSET Signature Pen with ACME",
              },
              "design",
            );
          put.onsuccess = () => done();
          put.onerror = () => fail(put.error);
        };
        open.onerror = () => fail(open.error);
      });
    });
    await page.goto(`/contact?product=${encodeURIComponent("ONSET Signature Pen")}&design=1`);
    await page.waitForSelector("form#quote-form[data-hydrated]");

    const design = page.getByRole("region", { name: "Your design" });
    await expect(design.getByRole("img", { name: "Your design mockup: ONSET Signature Pen with ACME" })).toBeVisible();
    await expect(design).toContainText("ONSET Signature Pen");
    await expect(design).toContainText("ACME");
    await expect(design).toContainText("#1565c0");
    const above = async (upper: Locator, lower: Locator) =>
      expect((await upper.boundingBox())!.y).toBeLessThan((await lower.boundingBox())!.y);
    await above(design, field(page, "Name"));
    await expect(field(page, "Products of interest")).toHaveValue("ONSET Signature Pen");
    await expect(field(page, "Message")).toHaveValue(/^Please quote the ONSET Signature Pen with our name "ACME"/);
    await expect(page.getByText("Your logo (acme.svg) comes with your design")).toBeVisible();
    await expect(page.getByLabel("Attach your logo (optional)")).toHaveCount(0);

    // Every control of the form is a full touch target; a check box is hit through its label, which is measured.
    const controls = page.locator(
      "form#quote-form :is(input:not([type=hidden]):not([type=checkbox]):not([tabindex='-1']), textarea, button, label:not([for=quote-website]))",
    );
    expect(await controls.count()).toBeGreaterThan(12);
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      expect(box.height, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // How many is the buyer's to say, beside the design's message; taking the design away keeps it.
    const quantity = page.getByRole("spinbutton", { name: "Quantity", exact: true });
    await expect(quantity).toHaveValue("");
    await quantity.fill("1000");

    // Removed, it is gone, and the logo field is back.
    await design.getByRole("button", { name: "Remove design" }).click();
    await expect(quantity).toHaveValue("1000");
    await expect(design).toHaveCount(0);
    await expect(page.getByLabel("Attach your logo (optional)")).toBeVisible();

    const buyer = uniqueBuyer();
    await fill(page, { Name: buyer.Name, Email: buyer.Email });
    await submit(page).click();
    const notice = confirmation(page);
    await expectConfirmation(notice);
    for (const target of await notice.getByRole("link").all()) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    const another = notice.getByRole("button", { name: "Send another request" });
    expect((await another.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(storedFor(buyer.Email)).toMatchObject([{ product: "ONSET Signature Pen", quantity: 1000, neededBy: null }]);
    await context.close();
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
  await submit(page).click();
  await expect(confirmation(page)).toBeVisible();
  expect(storedFor(buyer.Email)).toMatchObject([{ name: buyer.Name, message: buyer.Message }]);
});

test("an e-mail field that is not one address: the browser's own check holds it, and the server refuses it saying what to fix", async ({
  page,
  baseURL,
}) => {
  await page.goto("/contact");
  const buyer = uniqueBuyer();
  const list = `${buyer.Email}, x@evil.example`;
  await fill(page, { ...buyer, Email: list });
  const posts: Request[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(request));
  await submit(page).click();
  // The browser's type=email check: the field is refused and focused, and nothing is posted.
  await expect(field(page, "Email")).toBeFocused();
  expect(await field(page, "Email").evaluate((input) => (input as HTMLInputElement).validity.typeMismatch)).toBe(true);
  expect(posts).toEqual([]);

  // Posted anyway, past the browser (a script, a bot): the same rule on the server.
  for (const email of [list, `${buyer.Email}?bcc=x@evil.example`, `${buyer.Email}\r\nBcc: x@evil.example`]) {
    const answer = await page.request.post("/contact", {
      headers: { Origin: baseURL! },
      form: { name: buyer.Name, email, message: buyer.Message },
    });
    expect(answer.status(), email).toBe(400);
    const html = await answer.text();
    expect(html, email).toContain("Invalid e-mail address");
    expect(html, email).toContain("Please enter one e-mail address, such as name@company.com.pk");
  }
  expect(listedQuotes().filter((quote) => quote.email.startsWith(buyer.Email))).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Missing Information' comes back with the fields kept; a valid request is stored and confirmed, and 'Send another request' opens an empty form", async ({
    page,
  }) => {
    await page.goto("/contact");
    const buyer = uniqueBuyer();
    await fill(page, { ...buyer, Name: "   " });
    await submit(page).click();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Missing Information");
    await expect(alert).toContainText("Please fill in all required fields.");
    await expect(alert).toBeFocused();
    for (const [label, value] of Object.entries({ ...buyer, Name: "   " }))
      await expect(field(page, label)).toHaveValue(value);
    expect(storedFor(buyer.Email)).toEqual([]);

    await field(page, "Name").fill(buyer.Name);
    await submit(page).click();
    const notice = confirmation(page);
    await expectConfirmation(notice);
    await expect(page.locator("form#quote-form")).toHaveCount(0);
    expect(storedFor(buyer.Email)).toMatchObject([
      { name: buyer.Name, message: buyer.Message, product: buyer["Products of interest"] },
    ]);

    await notice.getByRole("button", { name: "Send another request" }).click();
    await expect(page).toHaveURL(/\/contact\??#quote-form$/);
    for (const label of Object.keys(buyer)) await expect(field(page, label)).toHaveValue("");
  });
});

test("the buyer's acknowledgement carries no stranger's words: 'Dear customer' for what is not a name, the address alone in To, and at most the site's hourly number", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const smtp = await startSmtp();
  const server = await startOwnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
    QUOTE_RATE_LIMIT: "1000",
    ACK_SITE_LIMIT_PER_HOUR: "2",
  });
  try {
    const mailTo = (address: string) => smtp.received.find((mail) => mail.to.includes(address));
    const read = async (address: string) => {
      await until(() => mailTo(address) !== undefined);
      return simpleParser(mailTo(address)!.raw);
    };

    // Through the form, as a spammer would: a victim's address and an offer as the name.
    await page.goto(`${server.baseURL}/contact`);
    await fill(page, {
      Name: "CLAIM YOUR PKR 50,000 PRIZE AT http://evil.test/claim",
      Email: "victim@inbox.example",
      Message: "Hello",
    });
    await submit(page).click();
    await expect(confirmation(page)).toContainText(/Your reference: Q-\d{4}-\d{4}/);
    const spam = await read("victim@inbox.example");
    expect(spam.text).toMatch(/^Dear customer,$/m);
    expect(`${spam.text}\n${spam.html}\n${spam.subject}`).not.toMatch(/CLAIM|PRIZE|evil\.test/);
    expect(spam.headers.get("to")).toMatchObject({ value: [{ name: "", address: "victim@inbox.example" }] });
    expect(mailTo("victim@inbox.example")!.raw).toMatch(/^To: victim@inbox\.example\r$/m);

    // A real name, in Urdu, is the greeting; still no display name in To.
    const post = (name: string, email: string) =>
      fetch(`${server.baseURL}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name, email, message: "500 pens" }),
      });
    expect((await post("عائشہ خان", "ayesha@acme.example")).status).toBe(200);
    const urdu = await read("ayesha@acme.example");
    expect(urdu.text).toMatch(/^Dear عائشہ خان,$/m);
    expect(mailTo("ayesha@acme.example")!.raw).toMatch(/^To: ayesha@acme\.example\r$/m);

    // The site sent its 2 this hour: a third request is stored and the office told, the buyer not.
    const third = await post("Bilal Ahmed", "bilal@else.example");
    expect(third.status).toBe(200);
    const reference = /Q-\d{4}-\d{4}/.exec(await third.text())![0];
    const officeMail = () =>
      smtp.received.find((mail) => mail.to.includes("sales@promo.example") && mail.raw.includes(reference));
    await until(() => officeMail() !== undefined);
    await new Promise((settle) => setTimeout(settle, 1_500));
    expect(mailTo("bilal@else.example")).toBeUndefined();
    expect(server.output()).toMatch(new RegExp(`${reference}.*acknowledgement was not sent.*ACK_SITE_LIMIT_PER_HOUR`));
  } finally {
    await server.stop();
    await smtp.close();
  }
});
