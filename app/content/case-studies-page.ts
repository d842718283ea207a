/**
 * Texts of /case-studies around the studies. Apart from case-studies.ts, which reads product counts from
 * the catalogue: the page's script imports these words, and must not bring the catalogue with them.
 */
export const caseStudiesHero = {
  eyebrow: "Our Work",
  title: "Case Studies",
  lead: "How we've helped pharmaceutical brands plan, produce and deliver promotional items: the brief, what stood in the way, what we did and how it turned out.",
} as const;
