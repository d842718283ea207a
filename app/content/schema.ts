/**
 * The shape of every piece of site content, as zod schemas. app/content/validate.server.ts parses
 * all content with these when the site builds, so a bad entry (a missing field, a wrong category, a
 * duplicate id) stops the build with a message naming the entry, instead of reaching a page.
 * Build and test code only: the content modules import nothing from here but types, so zod stays
 * out of the browser's JavaScript.
 */
import { z } from "zod";
import { type CategorySlug, categorySlugs } from "./category-slugs";

export { type CategorySlug, categorySlugs };

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug like 'onset-pen'");
/** An image under app/, e.g. "/images/products/onset-pen.svg" for app/images/products/onset-pen.svg (app/lib/image-url.ts). */
const publicImage = z
  .string()
  .regex(/^\/images\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif)$/, "must be a path under app/ to an image");

export const categorySchema = z.strictObject({
  slug: z.enum(categorySlugs),
  /** Short name: filter buttons, breadcrumbs. */
  label: text,
  /** Card and page title. */
  title: text,
  description: text,
  /** Category page, when it has one (games live only in the portfolio). */
  path: z.string().startsWith("/products/").optional(),
  /** Card illustration (640x400). Replace the file, or point this at a photograph of the same size. */
  image: publicImage,
  imageAlt: text,
});

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, "must be a hex colour like #00897b");

/** How an item is printed (app/content/print-rules.ts). */
const printMethodSchema = z.strictObject({
  name: text,
  colours: z.union([z.number().int().min(1), z.literal("full")]),
  fixed: z.strictObject({ colour: hexColour, words: text }).optional(),
});

export const productSchema = z.strictObject({
  id: slug,
  priceItemId: slug,
  title: text,
  image: publicImage,
  category: z.enum(categorySlugs),
  brand: z.string().regex(/^\S.* - [A-Z][A-Za-z0-9]+$/, "must read 'Company - PRODUCT', e.g. 'Pharmedic - ONSET'"),
  description: text,
  features: z.array(text).min(3).max(6),
  colour: hexColour,
  print: z.array(printMethodSchema).min(1),
});

/** A list whose items' `key` values are all different. */
export function uniqueBy<T extends z.ZodType>(item: T, key: (value: z.infer<T>) => string, what: string) {
  return z.array(item).superRefine((values, context) => {
    const seen = new Set<string>();
    for (const [index, value] of values.entries()) {
      const k = key(value);
      if (seen.has(k)) context.addIssue({ code: "custom", path: [index], message: `duplicate ${what} '${k}'` });
      seen.add(k);
    }
  });
}

export const catalogueSchema = uniqueBy(productSchema, (product) => product.id, "product id");

/** A name and a short description: option cards, finishes, use cases. */
export const optionCardSchema = z.strictObject({ name: text, description: text });
export const optionCardsSchema = uniqueBy(optionCardSchema, (card) => card.name, "card name");
/** Exactly four cards: the apparel, awards and clocks pages each show four options. */
export const fourOptionCardsSchema = optionCardsSchema.length(4);

/** A label and value: a specification table row. */
export const specificationSchema = z.strictObject({ label: text, value: text });
export const specificationsSchema = z.array(specificationSchema).min(1);

export const caseStudyIcons = ["pill", "pen-tool", "heart-pulse", "notebook-pen"] as const;

export const caseStudySchema = z.strictObject({
  id: slug,
  title: text,
  industry: text,
  client: text.optional(),
  /** What was made, e.g. "Pens, cup, pen holder and maze game". */
  product: text,
  image: publicImage,
  imageAlt: text,
  overview: text,
  challenge: text,
  solution: text,
  results: text,
  icon: z.enum(caseStudyIcons),
  productsCount: z.int().positive(),
});

export const testimonialSchema = z.strictObject({ quote: text, role: text });

export type Category = z.infer<typeof categorySchema>;
export type OptionCard = z.infer<typeof optionCardSchema>;
export type Specification = z.infer<typeof specificationSchema>;
export type CaseStudy = z.infer<typeof caseStudySchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;

/** Parses content; the error names the module, the entry (by its id or name) and each bad field. */
export function parseContent<T extends z.ZodType>(schema: T, data: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const entryName = (key: PropertyKey | undefined) => {
    const entry = Array.isArray(data) && typeof key === "number" ? data[key] : undefined;
    const name = entry && typeof entry === "object" ? (entry.id ?? entry.name ?? entry.slug) : undefined;
    return name ? `'${name}'` : undefined;
  };
  const lines = result.error.issues.map((issue) => {
    const [first, ...rest] = issue.path;
    const entry = entryName(first);
    const at = entry ? [entry, ...rest].join(".") : issue.path.join(".");
    return `  - ${at || "(whole list)"}: ${issue.message}`;
  });
  throw new Error(`Invalid content in ${where}:\n${lines.join("\n")}`);
}
