import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { notFoundPath } from "./support/site";

/** The smallest box a finger can hit reliably (WCAG 2.5.5, Apple's and Google's guidelines). */
const minimum = 44;

type Target = { what: string; width: number; height: number };

/**
 * Every control and every stand-alone link shown: its box. A link inside running text (a paragraph that
 * says more than the link) is left out; so is what is hidden or only there for screen readers. A check
 * box or radio button is hit through its label, so the label is measured.
 */
function targetsOn(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || element.getAttribute("name") || "").trim().slice(0, 40)}"`;
    const inRunningText = (link: Element) => {
      let block = link.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      return (block?.textContent ?? "").trim().length > (link.textContent ?? "").trim().length;
    };
    const controls = document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary");
    const targets: Target[] = [];
    for (const control of controls) {
      if (control.closest("[aria-hidden=true], [inert]")) continue;
      if (control instanceof HTMLInputElement && control.tabIndex < 0) continue;
      if (control.tagName === "A" && inRunningText(control)) continue;
      const target =
        control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type)
          ? (control.labels?.[0] ?? control)
          : control;
      if (!target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden until focused (the skip link)
      targets.push({ what: describe(target), width: Math.round(box.width), height: Math.round(box.height) });
    }
    return targets;
  });
}

function expectFingerSized(targets: Target[], where: string) {
  expect(targets.length, `targets on ${where}`).toBeGreaterThan(0);
  const small = targets.filter((target) => target.width < minimum || target.height < minimum);
  expect(small, `targets smaller than ${minimum} x ${minimum} px on ${where}`).toEqual([]);
}

test.describe("on a 360 px touch screen", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  // One visit per page template: each draws its controls and links with the same components as its siblings.
  const templates = [
    "/",
    "/products/pens",
    "/products/shirts",
    "/portfolio/onset-cup",
    "/process",
    "/about",
    "/case-studies",
    "/blog",
    "/blog/choose-right-corporate-giveaway",
    "/contact",
    notFoundPath,
  ];

  for (const path of templates) {
    test(`${path}: every control and stand-alone link is at least 44 x 44 px`, async ({ page }) => {
      await page.goto(path);
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
      expectFingerSized(await targetsOn(page), path);

      // The menu's links, once it is open.
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();
      const links = await menu.getByRole("link").evaluateAll((nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          return { what: node.textContent ?? "", width: Math.round(box.width), height: Math.round(box.height) };
        }),
      );
      expect(links).toHaveLength(8);
      expectFingerSized(links, `${path}, menu open`);
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
