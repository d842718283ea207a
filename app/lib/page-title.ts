import { business } from "~/content/business";

/** A page's title in the browser's tab and in search results: the site's name follows it. */
export function pageTitle(title: string) {
  return `${title} | ${business.name}`;
}
