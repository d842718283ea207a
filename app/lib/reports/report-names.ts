import { categories, categorySlugs } from "~/content/categories";
import type { RequestCategory } from "~/lib/quotes/category";

export type { RequestCategory };
export const requestCategories: readonly RequestCategory[] = [...categorySlugs, "other"];
export const categoryLabel = (category: RequestCategory) =>
  category === "other" ? "Other" : categories[category].label;

/** The reports offered as CSV, by the file name's stem (/desk/reports/first-answer.csv). */
export const reportFiles = [
  "first-answer",
  "requests-by-category",
  "outcomes",
  "value-by-month",
  "orders-by-month",
  "tax-withheld-by-month",
] as const;
export type ReportFile = (typeof reportFiles)[number];
export const isReportFile = (value: string): value is ReportFile => (reportFiles as readonly string[]).includes(value);
