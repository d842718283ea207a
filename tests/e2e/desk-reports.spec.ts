import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { expectNoAxeViolations } from "./support/axe";
import { postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The owner's reports on the production build: a few weeks of requests, answers, outcomes, a quotation
// and an order, read by an owner on a phone and a wide screen, each chart beside its table, every CSV a
// download; a staff member typing the address is refused.

const password = "lahore-blue-pens-2026";
const DAY = 86_400_000;

/** Requests of the last weeks, stored before the server starts, with what the office did about them. */
function prepareReports(dataDir: string, now = Date.now()) {
  const store = QuoteStore.open(dataDir);
  const sana = { name: "Sana Iqbal", email: "sana@promo.example" };
  const products = ["Pens", "MARENA Campaign Mug", "Custom lanyards", "Drinkware", "Paper Chit Pads"];
  for (let n = 0; n < 40; n++) {
    const receivedAt = now - (n % 10) * 7 * DAY - (n % 3) * DAY;
    const id = store.insert(
      {
        name: `Buyer ${n}`,
        company: "",
        email: `b${n}@buyer.example`,
        phone: "",
        product: products[n % 5]!,
        message: "500",
      },
      { clientIp: "203.0.113.7", userAgent: "e2e", page: "/contact", idempotencyKey: `reports-e2e-${n}` },
      { notify: false, now: new Date(receivedAt) },
    ).quote.id;
    const answeredAt = new Date(Math.min(now, receivedAt + ((n % 4) + 1) * 0.4 * DAY));
    if (n % 5 === 4) continue; // unanswered
    if (n % 6 === 0) store.setStatus(id, "won", "", sana, answeredAt);
    else if (n % 7 === 0) store.setStatus(id, "lost", n % 2 ? "Price: dearer" : "Delivery time", sana, answeredAt);
    else store.setStatus(id, "waiting_on_buyer", "", sana, answeredAt);
  }
  // One sent quotation, accepted, and its order (their modules' own code is not in this build yet).
  const db = store.db;
  const at = new Date(now - 3 * DAY).toISOString();
  const quotation = db
    .prepare(
      `INSERT INTO quotations (quote_id, valid_until, lead_time_days, lead_time, payment_terms, delivery_paisa, tax_rate_bp,
         created_at, updated_at) VALUES (1, '2099-12-31', 10, '10 days', 'Advance', 0, 1800, ?, ?) RETURNING id`,
    )
    .pluck()
    .get(at, at) as number;
  const line = db
    .prepare(
      "INSERT INTO quotation_lines (quotation_id, position, description, setup_paisa) VALUES (?, 1, 'Pens', 0) RETURNING id",
    )
    .pluck()
    .get(quotation) as number;
  db.prepare("INSERT INTO quotation_options (line_id, position, quantity, unit_paisa) VALUES (?, 1, 500, 25000)").run(
    line,
  );
  db.prepare("UPDATE quotations SET version = 1, sent_at = ?, sha256 = 'e2e' WHERE id = ?").run(at, quotation);
  db.prepare(
    `INSERT INTO quotation_acceptances (quotation_id, quote_id, accepted_at, name, choices, goods_paisa, setup_paisa,
       delivery_paisa, tax_paisa, total_paisa, quotation_sha256) VALUES (?, 1, ?, 'Buyer', '[1]', 12500000, 0, 0, 2250000, 14750000, 'e2e')`,
  ).run(quotation, at);
  db.prepare("INSERT INTO orders (reference, quote_id, quotation_id, created_at) VALUES ('O-2026-0001', 1, ?, ?)").run(
    quotation,
    at,
  );
  store.close();
}

function addStaff(server: { dataDir: string }, email: string, name: string) {
  const output = execFileSync(process.execPath, ["build/server/staff.js", "add", email, "--name", name], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: "utf8",
  });
  return new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
}

const shots = process.env.REPORTS_SHOTS_DIR;

/**
 * The labels of a chart's axis as a reader sees them: those shown, each whole on one line at 12 px or
 * more, none over another.
 */
async function axisLabels(page: Page, chart: RegExp, kind: "bar" | "group") {
  const figure = page.locator("figure").filter({ has: page.getByRole("img", { name: chart }) });
  const labels = await figure.locator(`[data-axis="${kind}"]`).evaluateAll((spans) =>
    spans
      .filter((span) => span.getClientRects().length > 0)
      .map((span) => {
        // The text's own box: a label may be wider than its bar, never than the room it is shown in.
        const shown = [...span.children].find((child) => child.getClientRects().length > 0) ?? span;
        const range = document.createRange();
        range.selectNodeContents(shown);
        const box = range.getBoundingClientRect();
        return {
          text: shown.textContent!,
          left: box.left,
          right: box.right,
          top: Math.round(box.top),
          lines: range.getClientRects().length,
          clipped: span.scrollWidth > span.clientWidth + 1,
          size: parseFloat(getComputedStyle(span).fontSize),
        };
      }),
  );
  for (const label of labels) {
    expect(label.lines, label.text).toBe(1);
    expect(label.clipped, label.text).toBe(false);
    expect(label.size).toBeGreaterThanOrEqual(12);
  }
  const lines = [...new Set(labels.map((label) => label.top))].map((top) =>
    labels.filter((label) => label.top === top),
  );
  for (const line of lines)
    for (const [index, label] of line.slice(1).entries())
      expect(label.left, `${line[index]!.text} and ${label.text} apart`).toBeGreaterThanOrEqual(line[index]!.right + 2);
  return labels.map((label) => label.text);
}

async function expectReadable(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const charts = page.getByRole("img");
  await expect(charts).toHaveCount(6);
  for (const chart of await charts.all()) await expect(chart).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(6);
  for (const table of await page.getByRole("table").all()) await expect(table).toBeAttached();
  await expect(page.getByRole("img", { name: /First answer over 12 weeks: \d+ requests answered/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /over 12 weeks; most of them/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /won, \d+ lost: a win rate of \d+ %/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /PKR 147,500 quoted, PKR 147,500 won/ })).toBeVisible();
  await expect(page.getByText("No delivered orders yet.")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Income tax PKR 0 and sales tax PKR 0 withheld over/ })).toBeVisible();
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest, `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
  // Every week of the 12 labelled under its bar, each month named under its weeks; every outcome named.
  const weeks = await axisLabels(page, /First answer over 12 weeks/, "bar");
  expect(weeks).toHaveLength(12);
  expect(weeks.every((day) => /^\d{1,2}$/.test(day))).toBe(true);
  // A month with one week shown may be its first letter; the others are named whole.
  const months = await axisLabels(page, /First answer over 12 weeks/, "group");
  expect(
    months.every((month) => /^[A-Z]([a-z]{2,3})?$/.test(month)),
    months.join(" "),
  ).toBe(true);
  expect(months.filter((month) => month.length > 1).length).toBeGreaterThanOrEqual(2);
  expect(await axisLabels(page, /over 12 weeks; most of them/, "bar")).toEqual(weeks);
  expect(await axisLabels(page, /a win rate of/, "bar")).toEqual([
    "Won",
    "Price",
    "Delivery",
    "Competitor",
    "No reply",
    "Other",
  ]);
  if (shots) await page.screenshot({ path: join(shots, `reports-${width}.png`), fullPage: true });
}

test("an owner reads the reports on a phone and a wide screen and downloads each CSV; staff are refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-reports-"));
  prepareReports(dataDir);
  const server = await startOwnServer({ DATA_DIR: dataDir });
  try {
    const base = server.baseURL;
    for (const [email, name] of [
      ["sana@promo.example", "Sana Iqbal"], // the first account: an owner
      ["bilal@promo.example", "Bilal Ahmed"],
    ]) {
      const setupPath = addStaff(server, email!, name!);
      expect((await postForm(server, setupPath, { password, repeat: password })).status).toBe(302);
    }

    const staffCookie = await signIn(server, "bilal@promo.example", password);
    const refused = await fetch(`${base}/desk/reports`, { headers: { Cookie: staffCookie } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("reports.read");
    const refusedCsv = await fetch(`${base}/desk/reports/outcomes.csv`, { headers: { Cookie: staffCookie } });
    expect(refusedCsv.status).toBe(403);
    const staffInbox = await (await fetch(`${base}/desk`, { headers: { Cookie: staffCookie } })).text();
    expect(staffInbox).not.toContain('href="/desk/reports"');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/desk/sign-in`);
    await page.getByLabel("Email").fill("sana@promo.example");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Reports" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await expectReadable(page, 1440);
    await expectNoAxeViolations(page, "/desk/reports");

    for (const [file, header] of [
      ["first-answer", "week_from,requests,answered,median_business_hours"],
      ["requests-by-category", "week_from,total,Pens"],
      ["outcomes", "measure,count"],
      ["value-by-month", "month,quotations_sent,quoted_pkr,accepted,won_pkr"],
      ["orders-by-month", "month,orders,delivered,dispatched_on_time"],
      ["tax-withheld-by-month", "month,income_tax_withheld_pkr,sales_tax_withheld_pkr,certificates"],
    ] as const) {
      const downloading = page.waitForEvent("download");
      await page.locator(`a[href^="/desk/reports/${file}.csv"]`).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${file}-12-weeks-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
      const text = readFileSync((await download.path())!, "utf8");
      expect(text.startsWith("\uFEFF"), file).toBe(true);
      // The header is the first row (after the byte order mark), so a spreadsheet's filters take it.
      expect(text.split("\r\n")[0], file).toMatch(new RegExp(`^\uFEFF${header}`));
    }

    // Another range, chosen on the page.
    await page.getByLabel("Period").selectOption({ label: "Last 4 weeks" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/weeks=4/);
    await expect(page.getByRole("img", { name: /First answer over 4 weeks/ })).toBeVisible();

    await page.goto(`${base}/desk/reports`);
    await expectReadable(page, 390);
    await expectReadable(page, 360);

    // A year of weeks: too many bars for their own labels, so the months are the axis, whole or "N".
    await page.goto(`${base}/desk/reports?weeks=52`);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const months = await axisLabels(page, /First answer over 52 weeks/, "group");
      expect(months.length).toBeGreaterThanOrEqual(12);
      expect(months.every((month) => /^[A-Z]([a-z]{2,3})?$/.test(month))).toBe(true);
      // Wide, only a month with a week or two in the year is a letter.
      if (width === 1440) expect(months.filter((month) => month.length > 1).length).toBeGreaterThanOrEqual(11);
      expect(await axisLabels(page, /First answer over 52 weeks/, "bar")).toEqual([]);
      if (shots) await page.screenshot({ path: join(shots, `reports-52-weeks-${width}.png`), fullPage: true });
    }
  } finally {
    await server.stop();
  }
});
