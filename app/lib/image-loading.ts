/**
 * How an <img> loads. A page gives `priority` to one image: the one that can be its Largest Contentful
 * Paint in the first screen on phones and on desktops alike (the hero picture beside or below the <h1>,
 * or the first case study on a page without one). It loads eagerly at high fetch priority. Every other
 * image loads lazily, so nothing below the fold competes with it.
 */
export function imageLoading(priority = false) {
  return priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
}

/** Category pictures are drawn at 8:5. */
export const categoryImageSize = { width: 640, height: 400 } as const;
