import { useMatches } from "react-router";

/**
 * What a route module may say about itself through its `handle` export. A route whose page needs code
 * in the browser (a filter, a dialog, a form that sends without reloading) exports
 * `handle = { hydrate: true } satisfies RouteHandle`; every other page is sent as HTML alone. A route
 * that draws a frame of its own around its pages (the staff desk) exports `{ frame: "desk" }`, and
 * the root leaves out the public site's header, menu and footer.
 */
export type RouteHandle = { hydrate?: boolean; frame?: PageFrame };

/** The public website's frame, or the staff desk's. */
export type PageFrame = "site" | "desk";

const handleOf = (handle: unknown): RouteHandle =>
  typeof handle === "object" && handle !== null ? (handle as RouteHandle) : {};

export function routeHydrates(handle: unknown): boolean {
  return handleOf(handle).hydrate === true;
}

/** Whether the page being rendered runs React in the browser: whether any matched route asks to hydrate. */
export function usePageHydrates(): boolean {
  return useMatches().some((match) => routeHydrates(match.handle));
}

/** The frame of the page being rendered: the deepest matched route that names one decides. */
export function usePageFrame(): PageFrame {
  const named = useMatches()
    .map((match) => handleOf(match.handle).frame)
    .filter((frame) => frame !== undefined);
  return named.at(-1) ?? "site";
}
