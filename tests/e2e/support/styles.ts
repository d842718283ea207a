import type { Page } from "@playwright/test";

/**
 * Computed styles of every element, one hash per element and pseudo-element; the detail on demand.
 * Elements that any selector would match alike (the same tag and attributes, the same place among their
 * siblings, under alike parents: the 27 cards of a list, say) are read once: what tells them apart (text,
 * links, image files, names) does not change which rules apply.
 */
export function computedStyles(page: Page, detailFor: number[] = []) {
  return page.evaluate((detailFor) => {
    // FNV-1a, fed value by value: no string of a whole style is built.
    const feed = (h: number, text: string) => {
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return Math.imul(h ^ 59, 0x01000193); // ";" between values
    };
    // Every element and pseudo-element lists the same properties, then its own custom ones, which paint
    // nothing: what they change shows in the properties that read them.
    const properties = Array.from(getComputedStyle(document.documentElement)).filter((name) => !name.startsWith("--"));
    const ownValue =
      /^(id|href|src|srcset|alt|title|aria-label|aria-labelledby|aria-describedby|aria-controls|commandfor|for|name|content|datetime|value)$/;
    const keys = new Map<Element, string>();
    const keyOf = (element: Element): string => {
      const place = `${element.previousElementSibling ? "" : "first"}-${element.nextElementSibling ? "" : "last"}`;
      const attributes = [...element.attributes]
        .map(({ name, value }) => (ownValue.test(name) ? name : `${name}=${value}`))
        .sort()
        .join(" ");
      const key = `${element.parentElement ? keys.get(element.parentElement) : ""}>${element.tagName}[${attributes}]:${place}`;
      keys.set(element, key);
      return key;
    };
    const seen = new Set<string>();
    const hashes: number[] = [];
    const details: Record<number, Record<string, string>> = {};
    for (const element of document.querySelectorAll("*")) {
      const key = keyOf(element);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const pseudo of [null, "::before", "::after", "::marker"]) {
        const style = getComputedStyle(element, pseudo);
        // A pseudo-element without content draws nothing: its content value is all there is to compare.
        const drawn = pseudo === null || !["none", "normal"].includes(style.getPropertyValue("content"));
        const names = drawn ? properties : ["content"];
        if (detailFor.includes(hashes.length)) {
          details[hashes.length] = Object.fromEntries([
            ...names.map((name) => [name, style.getPropertyValue(name)]),
            ["element", `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}${pseudo ?? ""}`],
          ]);
        }
        let h = 0x811c9dc5;
        for (const name of names) h = feed(h, style.getPropertyValue(name));
        hashes.push(h >>> 0);
      }
    }
    return { hashes, details };
  }, detailFor);
}

/**
 * Cards far below the fold are drawn only as they come near (`render-when-near`): until Chromium has
 * decided which are near, a card's height is a placeholder's. Compare pages once that has settled.
 * (Scripts may be off, so no animation frame can be awaited in the page: watch the height from here.)
 */
export async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  let heights = [await height()];
  while (heights.length < 3) {
    await page.waitForTimeout(100);
    const now = await height();
    heights = now === heights[0] ? [...heights, now] : [now];
  }
}
