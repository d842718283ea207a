import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { addStaff, type OwnServer, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";
import { touchPhone } from "./support/touch";

// The desk's details, on the production build: a form shows that it is working and a second press
// does nothing; the owner's switches on the Staff page; every section in reach on a phone, with the
// member's name; typed text in its own direction; the e-mail filled in after set-up.

const owner = { email: "sana.details@promo.example", password: "lahore-blue-pens-2026" };
let server: OwnServer & Awaited<ReturnType<typeof startOwnServer>>;
let reference = "";
let ownerCookie = "";

test.describe.configure({ mode: "serial" });

/** A new account's set-up page, made with the staff command as an owner would. */
function newColleague(email: string, name: string) {
  const output = execFileSync(process.execPath, ["build/server/staff.js", "add", email, "--name", name], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: "utf8",
  });
  return new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
}

/** The browser signed in with a session cookie (as the sign-in form sets it). */
async function signedIn(page: Page, cookie = ownerCookie) {
  await page.context().addCookies([
    {
      name: "desk_session",
      value: cookie.slice(cookie.indexOf("=") + 1),
      domain: "127.0.0.1",
      path: "/desk",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    },
  ]);
}

test.beforeAll(async () => {
  server = await startOwnServer({ QUOTE_RATE_LIMIT: "1000" });
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Ayesha Khan",
    company: "Acme Pharma",
    email: "ayesha@acme.example",
    message: "500 pens with our logo",
  }))
    form.set(name, value);
  const sent = await fetch(`${server.baseURL}/contact`, { method: "POST", body: form });
  reference = /Q-\d{4}-\d{4}/.exec(await sent.text())![0];
  await addStaff(server, owner.email, owner.password);
  ownerCookie = await signIn(server, owner.email, owner.password);
});

test.afterAll(async () => {
  await server?.stop();
});

test("a slow form shows that it is working, and a second press posts nothing more", async ({ page }) => {
  await signedIn(page);
  await page.goto(`${server.baseURL}/desk/quotes/${reference}`);
  const path = `/desk/quotes/${reference}`;
  // Every answer takes 2 s to arrive, as on a slow connection to a busy server.
  const browser = await page.context().newCDPSession(page);
  await browser.send("Network.enable");
  await browser.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 2_000,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts++;
  });
  const note = "Called the buyer: artwork comes on Monday.";
  await page.getByLabel("Note", { exact: true }).fill(note);
  // While the next page loads, Playwright reads nothing of this one: the page itself notes how the button
  // looks a moment after the press, then presses it again, keeping both in its session storage.
  await page.evaluate(() => {
    addEventListener(
      "submit",
      (event) => {
        const button = event.submitter as HTMLButtonElement;
        setTimeout(() => {
          sessionStorage.setItem(
            "pressed",
            JSON.stringify({
              busy: button.getAttribute("aria-busy"),
              disabled: button.getAttribute("aria-disabled"),
              words: getComputedStyle(button, "::after").content,
              spinner: getComputedStyle(button.querySelector("svg")!).display,
              label: button.firstElementChild!.getBoundingClientRect().width,
            }),
          );
          button.click();
          sessionStorage.setItem("pressed again", "yes");
        }, 300);
      },
      { once: true },
    );
  });
  await page.getByRole("button", { name: "Add note" }).click({ noWaitAfter: true });
  await expect(page.getByRole("status")).toContainText("Note added.", { timeout: 15_000 });
  await browser.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(posts).toBe(1);
  await expect(page.getByText(note, { exact: true })).toHaveCount(1);
  // It said so: a turning spinner and "Working…" in place of its label (still its name).
  const seen = await page.evaluate(() => [sessionStorage.getItem("pressed"), sessionStorage.getItem("pressed again")]);
  expect(JSON.parse(seen[0]!)).toEqual({
    busy: "true",
    disabled: "true",
    words: '"Working…"',
    spinner: "block",
    label: 1,
  });
  expect(seen[1]).toBe("yes");
  // The page that came back is usable again.
  await expect(page.getByRole("button", { name: "Add note" })).not.toHaveAttribute("aria-busy");
});

test("an owner switches off what staff may do on the Staff page; their own row has no set-up link", async ({
  page,
}) => {
  const colleague = { email: "bilal.details@promo.example", password: "karachi-red-caps-2026" };
  const setup = newColleague(colleague.email, "Bilal Ahmed");
  await postForm(server, setup, { password: colleague.password, repeat: colleague.password });
  const staffCookie = await signIn(server, colleague.email, colleague.password);

  await signedIn(page);
  await page.goto(`${server.baseURL}/desk/staff`);
  const own = page.getByRole("listitem").filter({ hasText: owner.email });
  await expect(own).toContainText("(you)");
  await expect(own.getByRole("button")).toHaveCount(0);
  const theirs = page.getByRole("listitem").filter({ hasText: colleague.email });
  await expect(theirs.getByRole("button", { name: /Send new set-up link/ })).toBeVisible();

  const switches = page.getByRole("region", { name: "What staff may do" });
  const exportBox = switches.getByLabel("Export the buyers' contacts (CSV and JSON)");
  await expect(exportBox).toBeChecked();
  await exportBox.uncheck();
  await switches.getByRole("button", { name: "Save what staff may do" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await expect(exportBox).not.toBeChecked();
  await expect(switches).toContainText("Export the buyers' contacts (CSV and JSON): switched off by Sana Iqbal");

  // Staff lose it from their next request: no export links, and the export itself refused.
  const exported = await fetch(`${server.baseURL}/desk/export/csv`, { headers: { Cookie: staffCookie } });
  expect(exported.status).toBe(403);
  const staffPage = await page.context().browser()!.newPage();
  await signedIn(staffPage, staffCookie);
  await staffPage.goto(`${server.baseURL}/desk`);
  await expect(staffPage.getByRole("heading", { level: 1 })).toHaveText("Quote requests");
  await expect(staffPage.getByRole("link", { name: /CSV/ })).toHaveCount(0);
  await staffPage.close();
  // Nor may staff change the switches back.
  const sneaked = await postForm(
    server,
    "/desk/staff",
    { intent: "switches", idempotencyKey: "a".repeat(32), "requests.export": "on" },
    staffCookie,
  );
  expect(sneaked.status).toBe(403);

  await exportBox.check();
  await switches.getByRole("button", { name: "Save what staff may do" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  expect((await fetch(`${server.baseURL}/desk/export/csv`, { headers: { Cookie: staffCookie } })).status).toBe(200);
});

test("after choosing a password the sign-in page has the account's e-mail filled in", async ({ page }) => {
  const email = "hina.details@promo.example";
  await page.goto(`${server.baseURL}${newColleague(email, "Hina Malik")}`);
  await page.getByLabel("New password").fill("multan-blue-mugs-2026");
  await page.getByLabel("Repeat password").fill("multan-blue-mugs-2026");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/desk\/sign-in\?setup=done$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill("multan-blue-mugs-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("banner")).toContainText("Hina Malik");
  // Read once: a later visit to the sign-in page starts empty.
  await page.context().clearCookies({ name: "desk_session" });
  await page.goto(`${server.baseURL}/desk/sign-in`);
  await expect(page.getByLabel("Email")).toHaveValue("");
});

test("typed text takes its own direction in every field of the desk and the buyer's form", async ({ page }) => {
  await signedIn(page);
  for (const path of [`/desk/quotes/${reference}`, "/desk/staff", "/desk/sign-in", "/contact"]) {
    await page.goto(`${server.baseURL}${path}`);
    const fields = page.locator(
      "textarea, input:not([type=hidden], [type=checkbox], [type=radio], [type=file], [type=color], [type=range])",
    );
    // The quote form's honeypot is for bots only: never typed in by a person, out of reach.
    const typed = await fields.evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).tabIndex >= 0)
        .map((element) => ({ name: element.getAttribute("name"), dir: element.getAttribute("dir") })),
    );
    expect(typed.length, path).toBeGreaterThan(0);
    expect(
      typed.filter((field) => field.dir !== "auto"),
      path,
    ).toEqual([]);
  }
  // Urdu typed into a note runs right to left.
  await page.goto(`${server.baseURL}/desk/quotes/${reference}`);
  const note = page.getByLabel("Note", { exact: true });
  await note.fill("قلم پانچ سو");
  expect(await note.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
});

test.describe("on a 360 px touch screen", () => {
  test.use(touchPhone);

  test("every desk section is in sight, and so is the member's name", async ({ page }) => {
    await signedIn(page);
    await page.goto(`${server.baseURL}/desk`);
    const header = page.getByRole("banner");
    const links = header.getByRole("navigation", { name: "Desk" }).getByRole("link");
    await expect(links).toHaveText([
      "Inbox",
      "Orders",
      "Receivables",
      "Unmatched mail",
      "Reports",
      "Prices",
      "Staff",
      "System",
    ]);
    for (const link of await links.all()) {
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(360);
      expect(box.y + box.height).toBeLessThanOrEqual((await header.boundingBox())!.height);
    }
    await expect(header.getByText("Sana Iqbal")).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign out" })).toBeInViewport();
    await page.getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff");
  });
});
