// Tailwind 4 registers its helper variables (--tw-shadow, --tw-translate-x, …) with @property and,
// for browsers without @property, sets their initial values on every element inside an @supports
// test. The site's stylesheet travels inside each page's <style> element, where the Nu HTML Checker
// rejects @property, that @supports test and custom properties in transition-property (all valid
// CSS it doesn't know yet). So the stylesheet uses Tailwind's own fallback in every browser: the
// initial values on every element, no registrations. Nothing looks different; transitions of
// Tailwind's gradient variables (unused here) would snap instead of fading.
import { transform } from "lightningcss";
import type { Plugin } from "vite";

export const isTailwindVariable = (name: string) => name.startsWith("--tw-");

export function withoutPropertyRegistrations(css: string, filename = "app.css"): string {
  const { code } = transform({
    filename,
    code: Buffer.from(css),
    visitor: {
      Rule: {
        property: (rule) => (isTailwindVariable(rule.value.name) ? [] : undefined),
        // Unwrap the @supports block whose only job is to give those variables their initial values
        // on every element (`*, :before, :after, ::backdrop`).
        supports: (rule) => {
          const initialValues = rule.value.rules.every(
            (inner) =>
              inner.type === "style" &&
              inner.value.selectors.some((selector) => selector.length === 1 && selector[0]?.type === "universal") &&
              [
                ...(inner.value.declarations?.declarations ?? []),
                ...(inner.value.declarations?.importantDeclarations ?? []),
              ].every((declaration) => declaration.property === "custom" && isTailwindVariable(declaration.value.name)),
          );
          return initialValues ? rule.value.rules : undefined;
        },
      },
      Declaration: {
        "transition-property": (declaration) => {
          if (declaration.property !== "transition-property") return;
          if (!declaration.value.some((id) => isTailwindVariable(id.property))) return;
          return { ...declaration, value: declaration.value.filter((id) => !isTailwindVariable(id.property)) };
        },
      },
    },
  });
  return code.toString();
}

/** Applies withoutPropertyRegistrations to the app's stylesheet, after Tailwind has generated it. */
export function portableCustomProperties(stylesheet = /[\\/]app[\\/]app\.css$/): Plugin {
  return {
    name: "portable-custom-properties",
    enforce: "pre",
    transform(code, id) {
      const [file = "", query = ""] = id.split("?");
      // `?url` and `?raw` imports are JavaScript by now; the stylesheet itself and `?inline` are CSS.
      if (!stylesheet.test(file) || /(^|&)(url|raw)(&|=|$)/.test(query)) return null;
      return { code: withoutPropertyRegistrations(code, id), map: null };
    },
  };
}
