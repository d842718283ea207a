import { deskText } from "~/content/desk";
import { pageTitle } from "~/lib/seo";

/** Every desk page: its title, never indexed. */
export const deskMeta = (title?: string) => [
  { title: pageTitle(title ? `${title} · ${deskText.title}` : deskText.title) },
  { name: "robots", content: "noindex, nofollow" },
];
