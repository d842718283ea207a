import { useMatches } from "react-router";

/**
 * What a route module may say about itself through its `handle` export. A route whose page needs code
 * in the browser (a filter, a dialog, a form that sends without reloading) exports
 * `handle = { hydrate: true } satisfies RouteHandle`; every other page is sent as HTML alone.
 */
export type RouteHandle = { hydrate?: boolean };

export function routeHydrates(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).hydrate === true;
}

/** Whether the page being rendered runs React in the browser: whether any matched route asks to hydrate. */
export function usePageHydrates(): boolean {
  return useMatches().some((match) => routeHydrates(match.handle));
}
