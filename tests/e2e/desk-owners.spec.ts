import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { expectNoAxeViolations } from "./support/axe";
import { postForm } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// Owners and deadlines on the production build: two staff members share the inbox, one request is
// overdue (it arrived two weeks ago), the others are new.

const password = "lahore-blue-pens-2026";

/** The requests, stored before the server starts: the old one's reply-by time is long past. */
function prepareRequests(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const receive = (name: string, key: string, receivedAt: Date) =>
    store.insert(
      { name, company: "", email: `${key}@buyer.example`, phone: "", product: "Custom pens", message: "500 pens" },
      { clientIp: "203.0.113.7", userAgent: "e2e", page: "/contact", idempotencyKey: `owners-e2e-${key}` },
      { notify: false, now: receivedAt },
    ).quote.reference;
  const references = {
    old: receive("Old Request", "old", new Date(Date.now() - 14 * 86_400_000)),
    takeIt: receive("Take Me", "take", new Date()),
    forBilal: receive("For Bilal", "bilal", new Date()),
  };
  store.close();
  return references;
}

async function addStaff(server: { baseURL: string; dataDir: string }, email: string, name: string) {
  const output = execFileSync(process.execPath, ["build/server/staff.js", "add", email, "--name", name], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: "utf8",
  });
  const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
  expect((await postForm(server, setupPath, { password, repeat: password })).status).toBe(302);
}

async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/desk/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
}

test("Sana takes one request and gives another to Bilal; the views, the rows and the header say who has what and what is overdue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-owners-"));
  const references = prepareRequests(dataDir);
  const server = await startOwnServer({ DATA_DIR: dataDir });
  try {
    const base = server.baseURL;
    await addStaff(server, "sana@promo.example", "Sana Iqbal");
    await addStaff(server, "bilal@promo.example", "Bilal Ahmed");

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, base, "sana@promo.example");
    const views = page.getByRole("navigation", { name: "Views" });
    await expect(views.getByRole("link", { name: /^Open/ })).toHaveAttribute("aria-current", "page");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Overdue 1" })).toHaveAttribute("href", "/desk?view=overdue");

    // The rows: nobody's yet, each with its reply-by time; the old one overdue in words.
    const row = (reference: string) =>
      page.getByRole("list", { name: "Requests" }).getByRole("listitem").filter({ hasText: reference });
    await expect(row(references.takeIt)).toContainText("Unassigned");
    await expect(row(references.takeIt)).toContainText(/reply by (Mon|Tue|Wed|Thu|Fri) \d\d:\d\d/);
    await expect(row(references.takeIt)).toContainText(/waiting \d+ business (min|h)/);
    await expect(row(references.old)).toContainText("Overdue");
    await expect(row(references.old)).toContainText(/waiting \d+ business h/);
    // Open lists the overdue request first: the soonest reply-by time.
    await expect(page.getByRole("list", { name: "Requests" }).getByRole("listitem").first()).toContainText(
      references.old,
    );
    await expectNoAxeViolations(page, "/desk (Open)");

    // Take it.
    await row(references.takeIt)
      .getByRole("link", { name: /Take Me/ })
      .click();
    await page.getByRole("button", { name: "Take it" }).click();
    await expect(page.getByRole("status")).toContainText("The request is yours now.");
    const owner = page.getByRole("region", { name: "Owner and deadline" });
    await expect(owner).toContainText("Sana Iqbal");
    await expect(owner).toContainText(/Reply by\s*(Mon|Tue|Wed|Thu|Fri)/);
    await expect(page.getByRole("button", { name: "Take it" })).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "History" }).getByText("Assigned to Sana Iqbal", { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page, "/desk/quotes/… (owner)");

    // Give the other one to Bilal.
    await page.goto(`${base}/desk/quotes/${references.forBilal}`);
    await page.getByLabel("Owner", { exact: true }).selectOption({ label: "Bilal Ahmed" });
    await page.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByRole("status")).toContainText("Owner saved.");
    await expect(page.getByRole("region", { name: "Owner and deadline" })).toContainText("Bilal Ahmed");
    await expect(
      page.getByRole("region", { name: "History" }).getByText(/PKT · Sana Iqbal <sana@promo.example> · owner/),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "History" }).getByText("Assigned to Bilal Ahmed")).toBeVisible();

    // The views.
    await page.goto(`${base}/desk`);
    await views.getByRole("link", { name: /^Unassigned/ }).click();
    await expect(views.getByRole("link", { name: /^Unassigned/ })).toHaveAttribute("aria-current", "page");
    await expect(views.getByRole("link", { name: /^Unassigned/ })).toContainText("1");
    const rows = page.getByRole("list", { name: "Requests" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(references.old);
    await views.getByRole("link", { name: /^Overdue/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(references.old);
    await expect(rows.first()).toContainText("Overdue");
    await views.getByRole("link", { name: /^Mine/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(references.takeIt);
    await expect(rows.first()).toContainText("Sana Iqbal");
    await views.getByRole("link", { name: /^All/ }).click();
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: references.forBilal })).toContainText("Bilal Ahmed");
    await expectNoAxeViolations(page, "/desk?view=all");

    // Bilal, on a phone: his Mine has the request Sana gave him, and the header the overdue count.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      const bilal = await phone.newPage();
      await signIn(bilal, base, "bilal@promo.example");
      await expect(bilal.getByRole("banner").getByRole("link", { name: "Overdue 1" })).toBeVisible();
      await bilal.getByRole("navigation", { name: "Views" }).getByRole("link", { name: /^Mine/ }).click();
      const mine = bilal.getByRole("list", { name: "Requests" }).getByRole("listitem");
      await expect(mine).toHaveCount(1);
      await expect(mine.first()).toContainText(references.forBilal);
      await expect(mine.first()).toContainText("Bilal Ahmed");
      await expectNoAxeViolations(bilal, "/desk?view=mine at 390 px");

      // Answered, the old request's clock stops: the header's count goes.
      await bilal.goto(`${base}/desk/quotes/${references.old}`);
      await bilal.getByLabel("Status").selectOption({ label: "Waiting on buyer" });
      await bilal.getByRole("button", { name: "Save status" }).click();
      await expect(bilal.getByRole("status")).toContainText("Status saved");
      await expect(bilal.getByRole("banner").getByRole("link", { name: /^Overdue/ })).toHaveCount(0);
      await expect(bilal.getByRole("region", { name: "Owner and deadline" })).toContainText(
        /Answered \d{4}-\d\d-\d\d \d\d:\d\d PKT/,
      );
    } finally {
      await phone.close();
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
