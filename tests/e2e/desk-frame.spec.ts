import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { business } from "../../app/content/business";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff, type OwnServer, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";
import { expectFingerSized, targetsOn, touchPhone } from "./support/touch";

// The desk's own frame, on the production build: its header on every desk page, signed in and out,
// and none of the public website's header, menu or footer; the website keeps its own.

const email = "sana.frame@promo.example";
const password = "lahore-blue-pens-2026";
/** A buyer whose address, company and browser are longer than a phone is wide. */
const longBuyer = {
  name: "Muhammad Abdul Rehman Siddiqui",
  email: "procurement.department.marketing.team@subsidiary-of-a-very-long-pharma-company-name.example",
  company: "Abdul Rehman Siddiqui Pharmaceutical Laboratories (Private) Limited",
  product: "Custom pens with a gold-foil logo, in gift boxes, with matching chit pads and conference folders",
  message: "2,000 branded pens and 500 chit pads for the spring conference",
};
const longUserAgent =
  "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.135 Mobile Safari/537.36 [FBAN/EMA;FBLC/en_GB;FBAV/440.0.0.14.106;]";

let server: OwnServer & Awaited<ReturnType<typeof startOwnServer>>;
let reference = "";
let setupPath = "";
let cookie = "";

test.describe.configure({ mode: "serial" });

async function sendRequest(fields: Record<string, string>, userAgent?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const sent = await fetch(`${server.baseURL}/contact`, {
    method: "POST",
    body: form,
    headers: userAgent ? { "User-Agent": userAgent } : {},
  });
  return /Q-\d{4}-\d{4}/.exec(await sent.text())![0];
}

test.beforeAll(async () => {
  server = await startOwnServer({ QUOTE_RATE_LIMIT: "1000" });
  for (const [name, company] of [
    ["Ayesha Khan", "Acme Pharma"],
    ["Bilal Ahmed", "Indus Textiles"],
    ["Hina Malik", ""],
  ] as const) {
    await sendRequest({ name, company, email: "buyer@acme.example", message: "500 pens with our logo" });
  }
  reference = await sendRequest(longBuyer, longUserAgent);
  await addStaff(server, email, password);
  cookie = await signIn(server, email, password);
  // A second member's set-up link, left unused: the set-up page as a new member sees it.
  const output = execFileSync(
    process.execPath,
    ["build/server/staff.js", "add", "bilal.frame@promo.example", "--name", "Bilal"],
    { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: "utf8" },
  );
  setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
});

test.afterAll(async () => {
  await server?.stop();
});

/** The browser signed in with the session made above (the cookie as the sign-in form sets it). */
async function signedIn(page: Page) {
  const value = cookie.slice(cookie.indexOf("=") + 1);
  await page.context().addCookies([
    {
      name: "desk_session",
      value,
      domain: "127.0.0.1",
      path: "/desk",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    },
  ]);
}

const signedInPages = () => [
  { path: "/desk", heading: "Quote requests", current: "page" },
  { path: `/desk/quotes/${reference}`, heading: `${longBuyer.name} · ${longBuyer.company}`, current: "true" },
  { path: "/desk/orders", heading: "Orders", current: null },
  { path: "/desk/mail", heading: "Unmatched mail", current: null },
  { path: "/desk/prices", heading: "Prices", current: null },
  { path: "/desk/prices/metal-ball-pen-pad-print", heading: "Metal ball pen, one-colour pad print", current: null },
  { path: "/desk/no-such-page", heading: "Not found", current: null },
];

/** An expired set-up link's page, which says so and has no control. */
const expiredSetup = "/desk/setup/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

const signedOutPages = () => [
  { path: "/desk/sign-in", heading: "Sign in to the quote desk" },
  { path: setupPath, heading: "Choose your password" },
  { path: expiredSetup, heading: "Choose your password" },
];

/** None of the public website's frame: its header, menus, footer and their words. */
async function expectNoPublicFrame(page: Page, where: string) {
  await expect(page.getByRole("navigation", { name: "Main" }), where).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Mobile" }), where).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Menu" }), where).toHaveCount(0);
  await expect(page.getByRole("contentinfo"), where).toHaveCount(0);
  await expect(page.getByRole("link", { name: /home page/i }), where).toHaveCount(0);
  for (const words of ["Our Process", "Portfolio", "Quick Links", "Request a Quote", business.description]) {
    await expect(page.getByText(words), `${where}: "${words}"`).toHaveCount(0);
  }
  await expect(page.getByRole("banner"), where).toHaveCount(1);
  await expect(page.getByRole("main"), where).toHaveCount(1);
}

test("signed in, every desk page has the desk's header with Inbox, the member's name and Sign out, and none of the website's", async ({
  page,
}) => {
  await signedIn(page);
  for (const { path, heading, current } of signedInPages()) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Desk" });
    // The first account is an owner: Reports, Staff and System are theirs too.
    await expect(nav.getByRole("link"), path).toHaveText([
      "Inbox",
      "Orders",
      "Receivables",
      "Unmatched mail",
      "Reports",
      "Prices",
      "Staff",
      "System",
    ]);
    const inbox = nav.getByRole("link", { name: "Inbox" });
    await expect(inbox, path).toHaveAttribute("href", "/desk");
    if (current) await expect(inbox, path).toHaveAttribute("aria-current", current);
    else await expect(inbox, path).not.toHaveAttribute("aria-current");
    await expect(header.getByText("Sana Iqbal"), path).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign out" }), path).toBeVisible();
    await expectNoPublicFrame(page, path);
  }
  // Sign out is still the form it was: it ends the session and opens the sign-in page, in the desk's frame.
  await page.goto(`${server.baseURL}/desk`);
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/desk\/sign-in$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toHaveCount(0);
  cookie = await signIn(server, email, password);
});

test("signed out, the sign-in and set-up pages have the desk's frame with the business's name and no staff links", async ({
  page,
}) => {
  for (const { path, heading } of signedOutPages()) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    const header = page.getByRole("banner");
    await expect(header, path).toContainText(business.name);
    await expect(header.getByRole("link"), path).toHaveCount(0);
    await expect(header.getByRole("button"), path).toHaveCount(0);
    await expect(page.getByRole("navigation"), path).toHaveCount(0);
    await expectNoPublicFrame(page, path);
  }
});

test.describe("on a 360 px touch screen", () => {
  test.use(touchPhone);

  test("nothing on a desk page is wider than the screen, and every control is at least 44 x 44 px", async ({
    page,
  }) => {
    await signedIn(page);
    const pages = [...signedInPages(), ...signedOutPages()];
    for (const { path } of pages) {
      await page.goto(`${server.baseURL}${path}`);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: innerWidth }));
      expect(widths.page, `${path} is no wider than the screen`).toBeLessThanOrEqual(widths.screen);
      if (path !== expiredSetup) expectFingerSized(await targetsOn(page), path);
      // A phone's page may widen to what overflows it: Sign out must sit inside the screen itself.
      const signOutButton = page.getByRole("banner").getByRole("button", { name: "Sign out" });
      const signOut = (await signOutButton.count()) > 0 ? await signOutButton.boundingBox() : null;
      if (signOut) expect(signOut.x + signOut.width, `${path}: Sign out on screen`).toBeLessThanOrEqual(360);
    }
    // The header is the bar and, under it, the sections in two rows at most (every one in sight).
    await page.goto(`${server.baseURL}/desk`);
    expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(160);
  });

  test("a request's long address, company and browser wrap within the screen, shown whole", async ({ page }) => {
    await signedIn(page);
    // In the inbox a long product is cut to one line, whole in its title.
    await page.goto(`${server.baseURL}/desk`);
    const product = page.getByRole("listitem").filter({ hasText: reference }).getByText(longBuyer.product);
    await expect(product).toHaveAttribute("title", longBuyer.product);
    expect(await product.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);

    await page.goto(`${server.baseURL}/desk/quotes/${reference}`);
    const main = page.getByRole("main");
    // The browser is among the technical details, folded away until asked for.
    await expect(main.getByText(longUserAgent, { exact: true })).toBeHidden();
    await main.getByText(/^Technical details/).click();
    for (const text of [longBuyer.email, longBuyer.company, longUserAgent]) {
      const shown = main.getByText(text, { exact: true });
      await expect(shown).toBeVisible();
      const box = (await shown.boundingBox())!;
      expect(box.x + box.width, text).toBeLessThanOrEqual(360);
    }
  });
});

test("on a wide screen a request's history follows its proofs, with no gap left by the taller column of forms", async ({
  page,
}) => {
  await signedIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.baseURL}/desk/quotes/${reference}`);
  const proofs = (await page.getByRole("region", { name: "Proofs" }).boundingBox())!;
  const history = (await page.getByRole("region", { name: "History" }).boundingBox())!;
  expect(history.x, "the history sits under the proofs").toBe(proofs.x);
  // The grid's gap (2rem) and a margin: not the few hundred pixels the forms' column would leave.
  expect(history.y - (proofs.y + proofs.height)).toBeLessThan(64);
});

test("a refused form shows in the desk's frame, with the headers it was refused with", async () => {
  // Signed in: the inbox takes no form (405, and Allow says what it takes).
  const noForm = await postForm(server, "/desk?index", {}, cookie);
  expect(noForm.status).toBe(405);
  expect(noForm.headers.get("allow")).toBe("GET, HEAD");
  expect(noForm.headers.get("cache-control")).toBe("private, no-store");
  const signedInPage = await noForm.text();
  expect(signedInPage).toContain("This address takes no form.");
  expect(signedInPage).toMatch(/<nav aria-label="Desk"/);
  expect(signedInPage).not.toMatch(/aria-label="(Main|Mobile)"/);

  // Signed out: a sign-in sent from another site's page (403), private like every desk answer. (With a
  // foreign Origin React Router refuses it first, in plain text; without one, the Referer tells.)
  const foreign = await fetch(`${server.baseURL}/desk/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "https://evil.example/page" },
    body: new URLSearchParams({ email, password }),
  });
  expect(foreign.status).toBe(403);
  expect(foreign.headers.get("cache-control")).toBe("private, no-store");
  const signedOutPage = await foreign.text();
  expect(signedOutPage).toContain("This form can only be sent from the desk itself.");
  expect(signedOutPage).toContain(business.name);
  expect(signedOutPage).not.toMatch(/aria-label="(Main|Mobile|Desk)"/);
});

test("axe finds nothing on the desk's pages at 360 px and 1440 px", async ({ page }) => {
  test.setTimeout(60_000);
  await signedIn(page);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { path } of [...signedInPages(), ...signedOutPages().slice(0, 2)]) {
      await page.goto(`${server.baseURL}${path}`);
      await expectNoAxeViolations(page, `${path} at ${width}px`);
    }
  }
});

test("the website's pages keep their header, menu and footer, and show nothing of the desk", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const path of ["/", "/about", "/no-such-page-here"]) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByRole("navigation", { name: "Main" }), path).toBeVisible();
    await expect(page.getByRole("contentinfo"), path).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Desk" }), path).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign out" }), path).toHaveCount(0);
  }
});
