import type { QuoteService } from "~/lib/quotes/service.server";
import type { FbrDeskSources } from "./desk.server";

/**
 * What the desk's pages (the order's invoice panel, the System page) take from FBR reporting: the
 * reports module, its queue's kick, the connection and what waits or was refused. Null until the
 * service runs the reports module: the pages then show nothing of FBR.
 */
export function fbrDeskSources(_service: QuoteService): FbrDeskSources | null {
  return null;
}
