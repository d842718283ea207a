import { expect, test } from "./support/test";
import { expectFingerSized, expectMenuFingerSized, minimum, targetsOn, touchPhone } from "./support/touch";

test.describe("on a 360 px touch screen", () => {
  test.use(touchPhone);

  // Every page template is measured in its phone visit in page-templates.spec.ts; these two content pages
  // draw sections of their own.
  for (const path of ["/process", "/case-studies"]) {
    test(`${path}: every control and stand-alone link is at least 44 x 44 px`, async ({ page }) => {
      await page.goto(path);
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
      expectFingerSized(await targetsOn(page), path);
      await expectMenuFingerSized(page, path);
    });
  }

  test("e-mail addresses wrap only between their parts, never inside a word", async ({ page }) => {
    for (const path of ["/contact", "/"]) {
      await page.goto(path);
      for (const link of await page.locator('a[href^="mailto:"]').all()) {
        await link.scrollIntoViewIfNeeded();
        // Each run of text in the address, with the lines it sits on.
        const runs = await link.evaluate((node) => {
          const found: { text: string; lines: number[] }[] = [];
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            const lines = [...new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))];
            if (lines.length > 0) found.push({ text: text.textContent ?? "", lines });
          }
          return found;
        });
        const shown = runs.map((run) => `${run.text}@${run.lines.join(",")}`).join(" ");
        expect(runs.map((run) => run.text).join(""), path).toMatch(/^[\w.-]+@[\w.-]+\.[a-z]+$/);
        // No run is cut across lines; a new line starts only after the @ or at a dot.
        for (const run of runs) expect(run.lines, `${path}: ${shown}`).toHaveLength(1);
        for (const [index, run] of runs.slice(1).entries()) {
          const before = runs[index]!;
          if (run.lines[0] !== before.lines[0]) {
            expect(before.text.endsWith("@") || run.text.startsWith("."), `${path}: ${shown}`).toBe(true);
          }
        }
      }
    }
  });
});

test("with a mouse at 1440 px the header and buttons keep their denser sizes", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/products/pens");
  expect(await page.evaluate(() => matchMedia("(pointer: fine)").matches)).toBe(true);
  const navLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" });
  expect((await navLink.boundingBox())!.height).toBeLessThan(minimum);
  const button = page.getByRole("link", { name: /^Request Similar Design/ }).first();
  expect((await button.boundingBox())!.height).toBe(40);
});
