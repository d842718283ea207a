import { productPagePath } from "../content/navigation";

/**
 * The brand studio of one catalogue item, e.g. /portfolio/onset-pen/studio: the buyer's brand on it.
 * A module of its own, so that only the portfolio dialog's code carries it to the browser.
 */
export function studioPagePath(id: string): string {
  return `${productPagePath(id)}/studio`;
}
