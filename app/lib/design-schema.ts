import * as z from "zod/mini";
import { flattenToOneLine } from "./text-fields";
import { designLayouts } from "./design-layout";

z.config({ jitless: true }); // no `new Function` under the Content-Security-Policy (see quote-schema.ts)

/**
 * A buyer's design from the brand studio, sent with a quote request: one schema for the browser (the
 * studio writes it, the quote form sends it) and the server (which checks and stores it).
 * Lengths are in millimetres on the printed item; the logo's position is its top-left corner from
 * the print area's top-left corner.
 */
export const designLimits = {
  text: 40,
  colours: 8,
  warnings: 10,
  warning: 300,
} as const;

/** A print colour as typed: "#" and six hex digits. */
export const hexPattern = /^#[0-9a-fA-F]{6}$/;

export const hexColour = z.string().check(z.regex(hexPattern, "A colour is a hex value such as #1565c0."));

const millimetres = z.number().check(z.gte(0), z.lte(1000));

export const designSpecSchema = z.object({
  itemId: z.string().check(z.minLength(1), z.maxLength(80), z.regex(/^[a-z0-9-]+$/)),
  // Printed on the item and quoted in the office's mail: one line, no control or direction characters.
  text: z.string().check(z.overwrite(flattenToOneLine), z.maxLength(designLimits.text)),
  colours: z.array(hexColour).check(z.maxLength(designLimits.colours)),
  logo: z.nullable(
    z.object({
      xMm: millimetres,
      yMm: millimetres,
      widthMm: millimetres.check(z.gt(0)),
      heightMm: millimetres.check(z.gt(0)),
    }),
  ),
  /** How name and logo share the area; absent in designs kept before layouts existed. */
  layout: z.optional(z.enum(designLayouts)),
  warnings: z
    .array(z.string().check(z.overwrite(flattenToOneLine), z.maxLength(designLimits.warning)))
    .check(z.maxLength(designLimits.warnings)),
});

export type DesignSpec = z.infer<typeof designSpecSchema>;

/** Parses the design field's JSON text; null when it is absent, empty or not a valid design. */
export function parseDesignSpec(text: string | null | undefined): DesignSpec | null {
  if (!text) return null;
  try {
    const parsed = designSpecSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
