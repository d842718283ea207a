export { categoryLabel, type RequestCategory, requestCategories } from "~/lib/quotes/request-categories";

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
