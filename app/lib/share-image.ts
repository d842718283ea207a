/**
 * The picture a link preview shows (Open Graph, Twitter): every public page has one of its own, drawn
 * from its content when the site builds (scripts/share-images.ts) into public/images/share, where the
 * page's path names it: /portfolio/onset-pen → /images/share/portfolio/onset-pen.png. Its URL carries
 * the images' version, so the server caches it like every other image (server/image-version.ts).
 */

export type ShareImage = { path: string; width: number; height: number; alt: string };

export const shareImageSize = { width: 1200, height: 630 } as const;

/** Where the build writes the share images, under public/. */
export const shareImagesDir = "/images/share";

// The images' version, inlined by the build (scripts/versioned-images.ts); none in development and tests.
declare const __IMAGES_VERSION__: string | undefined;
const versionQuery = typeof __IMAGES_VERSION__ === "string" ? `?v=${__IMAGES_VERSION__}` : "";

/** The file of a page's share image, as a path under public/: "/" → /images/share/home.png. */
export function shareImageFile(pagePath: string): string {
  return `${shareImagesDir}${pagePath === "/" ? "/home" : pagePath}.png`;
}

/** A page's share image, as its head names it; `alt` says what the picture shows. */
export function shareImage(pagePath: string, alt: string): ShareImage {
  return { path: `${shareImageFile(pagePath)}${versionQuery}`, ...shareImageSize, alt };
}
