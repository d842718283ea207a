import { chromium } from "@playwright/test";

const links = JSON.parse(process.argv[2]!) as Record<string, string>;
const base = process.argv[3]!;
const out = "/tmp/buyer-shots";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [360, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  for (const [state, path] of Object.entries(links)) {
    await page.goto(`${base}${path}`);
    await page.screenshot({ path: `${out}/${state}-${width}.png`, fullPage: true });
    if (state === "review") {
      await page.getByLabel("500 pcs × PKR 89 = PKR 44,500").check();
      await page.getByLabel("Your name").fill("Dr. Ayesha Khan");
      await page.getByLabel("Purchase order number").fill("PO-7781");
      await page.getByRole("button", { name: "Review and accept" }).click();
      await page.waitForLoadState();
      await page.screenshot({ path: `${out}/review-step-${width}.png`, fullPage: true });
    }
  }
  await context.close();
}
await browser.close();
