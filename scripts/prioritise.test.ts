import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./prioritise";

describe("lowerModulePreloadPriority", () => {
  it("marks each module preload low priority once and leaves other links alone", () => {
    const html =
      '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>';
    const once = lowerModulePreloadPriority(html);
    expect(once).toBe(
      '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
    );
    expect(lowerModulePreloadPriority(once)).toBe(once);
  });
});
