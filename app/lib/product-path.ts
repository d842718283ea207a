/** The page of one catalogue item, e.g. /portfolio/naprox-pen-blue: the one rule for that URL. */
export function productPagePath(id: string): string {
  return `/portfolio/${id}`;
}
