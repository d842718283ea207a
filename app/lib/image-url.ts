/**
 * The site's drawings live under app/images and content names them by their path there
 * ("/images/products/onset-pen.svg"). Vite serves each at a URL with its content's hash
 * (/assets/onset-pen-<hash>.svg), which the server caches for a year: a changed drawing gets a new URL.
 */
const imageUrls = import.meta.glob<string>("/app/images/**/*.{svg,png,jpg,jpeg,webp,avif}", {
  eager: true,
  query: "?url",
  import: "default",
});

/** The URL a browser loads a content image from. Throws for a path with no file, which stops the build. */
export function imageUrl(path: string): string {
  const url = imageUrls[`/app${path}`];
  if (url === undefined) throw new Error(`No image at app${path}`);
  return url;
}
