import { isFbrProvince } from "~/lib/fbr/lists";
import { InvalidTaxFacts, OrderTaxFacts } from "~/lib/orders/tax-facts.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { FbrDeskSources } from "./desk.server";

/**
 * What the desk's pages (the order's invoice panel, the System page) take from FBR reporting: the
 * reports module, its queue's kick, the connection and what waits or was refused.
 */
export function fbrDeskSources(service: QuoteService): FbrDeskSources | null {
  const { fbr } = service;
  return {
    reports: fbr.reports,
    kickQueue: () => fbr.queue?.kick(),
    // The order's tax facts take the corrected buyer, so its next invoice starts from them.
    saveBuyerTaxFacts: (orderId, buyer, actor) => {
      if (!isFbrProvince(buyer.province)) return;
      try {
        new OrderTaxFacts(service.store).save(orderId, { ...buyer, province: buyer.province }, actor);
      } catch (error) {
        // The report is corrected either way; facts the order's form would refuse are not copied to it.
        if (!(error instanceof InvalidTaxFacts)) throw error;
      }
    },
    connection: fbr.config ? { sandbox: fbr.config.sandbox } : null,
    pending: () => fbr.reports.pending(),
  };
}
