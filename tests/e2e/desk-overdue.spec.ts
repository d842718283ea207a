import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { postForm } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// An overdue request answered on WhatsApp, on the production build at a phone's width and a desktop's:
// it is in the Overdue view and the header's count until "Reply on WhatsApp" answers it, then leaves both.

const password = "lahore-blue-pens-2026";

/** Two requests from two weeks ago (long past their reply-by time, in business hours) and a new one. */
function prepareRequests(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000);
  const receive = (name: string, key: string, phone: string, receivedAt: Date) =>
    store.insert(
      { name, company: "", email: `${key}@buyer.example`, phone, product: "Custom mugs", message: "300 mugs" },
      { clientIp: "203.0.113.7", userAgent: "e2e", page: "/contact", idempotencyKey: `overdue-e2e-${key}` },
      { notify: false, now: receivedAt },
    ).quote.reference;
  const references = {
    answered: receive("Imran Qureshi", "imran", "0300 1234567", twoWeeksAgo),
    stillOverdue: receive("Nadia Shah", "nadia", "", twoWeeksAgo),
    fresh: receive("Fresh Request", "fresh", "", new Date()),
  };
  store.close();
  return references;
}

for (const width of [390, 1440]) {
  test(`at ${width} px: an overdue request answered on WhatsApp leaves the Overdue view and the header's count`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-overdue-"));
    const references = prepareRequests(dataDir);
    const server = await startOwnServer({ DATA_DIR: dataDir });
    try {
      const base = server.baseURL;
      const output = execFileSync(
        process.execPath,
        ["build/server/staff.js", "add", "sana@promo.example", "--name", "Sana Iqbal"],
        { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
      );
      const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
      expect((await postForm(server, setupPath, { password, repeat: password })).status).toBe(302);

      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(`${base}/desk/sign-in`);
      await page.getByLabel("Email").fill("sana@promo.example");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();

      // The header counts both overdue requests and leads to the Overdue view, which lists them only.
      const header = page.getByRole("banner");
      await header.getByRole("link", { name: "Overdue 2" }).click();
      await expect(page).toHaveURL(/\/desk\?view=overdue$/);
      const views = page.getByRole("navigation", { name: "Views" });
      await expect(views.getByRole("link", { name: /^Overdue/ })).toHaveAttribute("aria-current", "page");
      const rows = page.getByRole("list", { name: "Requests" }).getByRole("listitem");
      const row = (reference: string) => rows.filter({ hasText: reference });
      await expect(rows).toHaveCount(2);
      await expect(row(references.answered)).toContainText("Overdue");
      await expect(row(references.fresh)).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Answered on WhatsApp: recorded, then the chat opens (wa.me answered here, not on the internet).
      await row(references.answered).getByRole("link", { name: "Imran Qureshi" }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/quotes/${references.answered}$`));
      await page
        .context()
        .route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp", contentType: "text/plain" }));
      const [chat] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("button", { name: "Reply on WhatsApp" }).click(),
      ]);
      await chat.waitForURL(/^https:\/\/wa\.me\/923001234567\?text=/);
      await chat.close();

      // Back in the Overdue view: the answered request has left it, and the header counts one.
      await page.goto(`${base}/desk?view=overdue`);
      await expect(rows).toHaveCount(1);
      await expect(row(references.stillOverdue)).toBeVisible();
      await expect(row(references.answered)).toHaveCount(0);
      await expect(header.getByRole("link", { name: "Overdue 1" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Overdue 2" })).toHaveCount(0);
      // Its page says it was answered, with who did it.
      await page.goto(`${base}/desk/quotes/${references.answered}`);
      await expect(page.getByRole("region", { name: "History" })).toContainText("Answered on WhatsApp");
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
