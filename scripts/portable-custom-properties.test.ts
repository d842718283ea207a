import { describe, expect, it } from "vitest";
import { withoutPropertyRegistrations } from "./portable-custom-properties";

// The shapes Tailwind 4 writes (abridged).
const tailwindOutput = `
@layer properties {
  @supports ((-webkit-hyphens: none) and (not (margin-trim: inline))) or ((-moz-orient: inline) and (not (color: rgb(from red r g b)))) {
    *, :before, :after, ::backdrop { --tw-shadow: 0 0 #0000; --tw-translate-x: 0; }
  }
}
@supports (display: grid) { .grid-if-possible { display: grid; } }
@supports (color: color-mix(in lab, red, red)) { .ring-white\\/10 { --tw-ring-color: color-mix(in oklab, #fff 10%, transparent); } }
.card { box-shadow: var(--tw-shadow); transition-property: color, background-color, --tw-gradient-from, --tw-gradient-to; }
@property --tw-shadow { syntax: "*"; inherits: false; initial-value: 0 0 #0000; }
@property --brand-hue { syntax: "<number>"; inherits: true; initial-value: 180; }
`;

describe("withoutPropertyRegistrations", () => {
  const css = withoutPropertyRegistrations(tailwindOutput).replace(/\s+/g, " ");

  it("drops Tailwind's @property registrations and keeps any of our own", () => {
    expect(css).not.toContain("@property --tw-shadow");
    expect(css).toContain("@property --brand-hue");
  });

  it("gives Tailwind's variables their initial values in every browser, not only those without @property", () => {
    expect(css).not.toContain("margin-trim");
    expect(css).toMatch(
      /@layer properties \{ \*, :before, :after, ::backdrop \{ --tw-shadow: 0 0 #0000; --tw-translate-x: 0; \} \}/,
    );
    expect(css).toContain("@supports (display: grid)");
    expect(css).toContain("@supports (color: color-mix(in lab, red, red)) { .ring-white\\/10");
  });

  it("leaves Tailwind's variables out of transition-property and keeps the real properties", () => {
    expect(css).toContain("transition-property: color, background-color;");
    expect(css).toContain("box-shadow: var(--tw-shadow)");
  });
});
