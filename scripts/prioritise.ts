import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The hydration scripts of a prerendered page are preloaded at low priority (`fetchpriority="low"`
 * on React Router's `<link rel="modulepreload">`), so on a slow connection the HTML, stylesheet,
 * font and LCP image arrive first and the page paints before the JavaScript has loaded. The page
 * is complete without JavaScript; hydration follows.
 */
export function lowerModulePreloadPriority(html: string): string {
  return html.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

export function prioritiseDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, "utf8");
    const changed = lowerModulePreloadPriority(html);
    if (changed !== html) {
      writeFileSync(file, changed);
      count += 1;
    }
  }
  return count;
}
