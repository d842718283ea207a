/** The page of one catalogue item, e.g. /portfolio/naprox-pen-blue: the one rule for that URL. */
export function productPagePath(id: string): string {
  return `/portfolio/${id}`;
}

/** The brand studio of one catalogue item, e.g. /portfolio/onset-pen/studio: the buyer's brand on it. */
export function studioPagePath(id: string): string {
  return `${productPagePath(id)}/studio`;
}
