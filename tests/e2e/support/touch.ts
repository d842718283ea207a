import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page, expect } from "@playwright/test";

/** A phone as a buyer holds it: 360 px wide, a touch screen, a coarse pointer. */
export const touchPhone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

/** The smallest box a finger can hit reliably (WCAG 2.5.5, Apple's and Google's guidelines). */
export const minimum = 44;

type Target = { what: string; width: number; height: number };

/**
 * Every control and every stand-alone link shown: its box. A link inside running text (a paragraph that
 * says more than the link) is left out; so is what is hidden or only there for screen readers. A check
 * box or radio button is hit through its label, so the label is measured.
 */
export function targetsOn(page: Page): Promise<Target[]> {
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

export function expectFingerSized(targets: Target[], where: string) {
  expect(targets.length, `targets on ${where}`).toBeGreaterThan(0);
  const small = targets.filter((target) => target.width < minimum || target.height < minimum);
  expect(small, `targets smaller than ${minimum} x ${minimum} px on ${where}`).toEqual([]);
}

/** The mobile menu's links, once it is open, are full touch targets too. */
export async function expectMenuFingerSized(page: Page, where: string) {
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
  expectFingerSized(links, `${where}, menu open`);
}

/** A journey's browser at a width: below 800 px a phone held in the hand (touch, mobile), else a desktop. */
export const contextAt = (browser: Browser, width: number) =>
  browser.newContext({
    viewport: { width, height: width < 800 ? 844 : 900 },
    hasTouch: width < 800,
    isMobile: width < 800,
  });

/** A journey's step screenshots, taken only when `dir` names a folder (its look, judged by eye). */
export const stepShots = (dir: string | undefined) => async (page: Page, name: string) => {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
};
