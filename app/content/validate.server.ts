/**
 * Checks every piece of typed content against its schema. Runs when the site builds (from the
 * prerender list in react-router.config.ts), so a bad entry stops `npm run build` with a message
 * naming the module and the entry; the unit tests run it too. Relative imports only: the build
 * config loads this module outside Vite's aliases.
 */
import { z } from "zod";
import { caseStudies, testimonials } from "./case-studies";
import { products } from "./catalogue";
import { categories } from "./categories";
import {
  apparelOptions,
  awardOptions,
  chitPadFinishes,
  chitPadSpecifications,
  clockOptions,
  drinkwareSpecifications,
  officeUseCases,
} from "./product-pages";
import {
  caseStudySchema,
  catalogueSchema,
  categorySchema,
  categorySlugs,
  fourOptionCardsSchema,
  optionCardsSchema,
  parseContent,
  specificationsSchema,
  testimonialSchema,
  uniqueBy,
} from "./schema";

export function validateContent(): void {
  parseContent(
    z
      .record(z.enum(categorySlugs), categorySchema)
      .refine(
        (all) => Object.entries(all).every(([slug, category]) => category.slug === slug),
        "each category's slug must match its key",
      ),
    categories,
    "app/content/categories.ts",
  );
  parseContent(catalogueSchema, products, "app/content/catalogue.ts");
  parseContent(
    uniqueBy(caseStudySchema, (study) => study.id, "case study id").length(4),
    caseStudies,
    "app/content/case-studies.ts",
  );
  parseContent(z.array(testimonialSchema).length(2), testimonials, "app/content/case-studies.ts (testimonials)");

  const pages = "app/content/product-pages.ts";
  parseContent(fourOptionCardsSchema, apparelOptions, `${pages} (apparelOptions)`);
  parseContent(fourOptionCardsSchema, awardOptions, `${pages} (awardOptions)`);
  parseContent(fourOptionCardsSchema, clockOptions, `${pages} (clockOptions)`);
  parseContent(optionCardsSchema.min(1), chitPadFinishes, `${pages} (chitPadFinishes)`);
  parseContent(optionCardsSchema.min(1), officeUseCases, `${pages} (officeUseCases)`);
  parseContent(specificationsSchema, chitPadSpecifications, `${pages} (chitPadSpecifications)`);
  parseContent(specificationsSchema, drinkwareSpecifications, `${pages} (drinkwareSpecifications)`);
}
