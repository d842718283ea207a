/** The first thing a keyboard reaches on every page: a jump past the header to the page's <main>. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      Skip to content
    </a>
  );
}
