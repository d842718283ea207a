import { breadcrumbTrail, type Crumb } from "~/lib/structured-data";

/** The trail from Home to the page, as a bar above it: the same trail the page gives search engines as JSON-LD. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const trail = breadcrumbTrail(crumbs);
  return (
    <nav aria-label="Breadcrumb" className="border-b border-border bg-white">
      <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 text-sm text-muted-foreground pointer-coarse:py-0 sm:px-6 lg:px-8">
        {trail.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-2">
            {/* A chevron drawn by borders: the › character is not in the site's font subset. */}
            {index > 0 && <span aria-hidden="true" className="size-1.5 rotate-45 border-t border-r border-current" />}
            {index === trail.length - 1 ? (
              <span aria-current="page" className="font-medium text-foreground">
                {crumb.name}
              </span>
            ) : (
              <a
                href={crumb.path}
                className="inline-flex items-center hover:text-primary hover:underline pointer-coarse:min-h-11 pointer-coarse:min-w-11"
              >
                {crumb.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
