import type { RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Every route of a route table and its children: its URL pattern (no leading slash), file and whether it
 * is an index. A layout without a path of its own (the desk's signed-out pages) adds no URL, only its children.
 */
export function routeEntries(
  entries: readonly RouteConfigEntry[],
  parent = "",
): { path: string; file: string; index: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    const children = routeEntries(entry.children ?? [], path);
    if (!entry.index && entry.path === undefined) return children;
    return [{ path, file: entry.file, index: Boolean(entry.index) }, ...children];
  });
}
