import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Every route of a route table and its children: its URL pattern (no leading slash), file and whether it is an index. */
export function routeEntries(
  entries: readonly RouteConfigEntry[],
  parent = "",
): { path: string; file: string; index: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [{ path, file: entry.file, index: Boolean(entry.index) }, ...routeEntries(entry.children ?? [], path)];
  });
}
