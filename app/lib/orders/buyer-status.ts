import type { OrderStage } from "./stages";

/** What the buyer's page knows of a request, in the words of each module, for its one status line. */
export type BuyerStatusFacts = {
  /** The latest quotation sent: open to accept, accepted, expired; and whether changes were asked of it. */
  quotation: { version: number; state: "sent" | "accepted" | "expired"; changesAsked: boolean } | null;
  /** The latest proof version and its answer. */
  proof: { version: number; status: "waiting" | "approved" | "changes requested" | "replaced" } | null;
  order: { reference: string; stage: OrderStage } | null;
  /** Amounts as written (PKR …): the advance still due before production, and all that is still due. */
  payment: { advanceDue: string | null; due: string | null } | null;
};

/**
 * The top of the buyer's page: where things stand and what, if anything, is needed from them.
 * `needed` marks an action of theirs (approve, accept, pay); otherwise the office is at work.
 */
export type BuyerStatus = { needed: boolean; headline: string; detail: string };

/** While the buyer checks the summary before the final "Accept": one step left, nothing recorded yet. */
export const reviewingStatus = (version: number): BuyerStatus => ({
  needed: true,
  headline: "One step left: check and accept",
  detail: `Check the quantities, the total and your PO number for quotation v${version} below, then press “Accept — this is final”. Nothing is recorded until you do.`,
});

/** The one status of a request for its buyer, from its quotation, proof, order and payment. */
export function buyerStatus({ quotation, proof, order, payment }: BuyerStatusFacts): BuyerStatus {
  const proofWaiting = proof?.status === "waiting";
  if (order) {
    switch (order.stage) {
      case "awaiting_artwork":
        if (proofWaiting)
          return {
            needed: true,
            headline: `Please approve proof v${proof.version}`,
            detail: `Your order ${order.reference} is made. Production starts once the artwork is approved${payment?.advanceDue ? ` and the advance of ${payment.advanceDue} is paid` : ""}.`,
          };
        if (proof?.status === "approved")
          return payment?.advanceDue
            ? {
                needed: true,
                headline: `Artwork approved — waiting for your advance of ${payment.advanceDue}`,
                detail: `Production of order ${order.reference} starts as soon as the advance reaches us. How to pay is below.`,
              }
            : {
                needed: false,
                headline: "Nothing needed from you: artwork approved",
                detail: `Order ${order.reference} goes into production next.`,
              };
        return {
          needed: false,
          headline:
            proof?.status === "changes requested"
              ? "Nothing needed from you: we are making your changes"
              : "Nothing needed from you: we are preparing your artwork proof",
          detail: `You will get an e-mail with the proof of order ${order.reference} to approve.${payment?.advanceDue ? ` Meanwhile you can pay the advance of ${payment.advanceDue}.` : ""}`,
        };
      case "in_production":
        return {
          needed: false,
          headline: "Nothing needed: in production",
          detail: `Order ${order.reference} is being made.`,
        };
      case "quality_checked":
        return {
          needed: false,
          headline: "Nothing needed: quality check passed",
          detail: `Order ${order.reference} is checked and packed; dispatch is next.`,
        };
      case "dispatched":
        return {
          needed: false,
          headline: "Nothing needed: on its way to you",
          detail: `Order ${order.reference} is with the courier.`,
        };
      case "delivered":
        return payment?.due
          ? {
              needed: true,
              headline: `Delivered — balance of ${payment.due} due`,
              detail: `Order ${order.reference} is delivered. How to pay the balance is below.`,
            }
          : {
              needed: false,
              headline: "Delivered — thank you",
              detail: `Order ${order.reference} is delivered and paid. You can order the same again below.`,
            };
    }
  }
  if (quotation?.state === "sent" && !quotation.changesAsked)
    return {
      needed: true,
      headline: "Please review and accept the quotation",
      detail: `Choose your quantities in quotation v${quotation.version}, check the total and accept it, or ask us for changes.${proofWaiting ? ` Proof v${proof.version} is also waiting for your approval below.` : ""}`,
    };
  if (proofWaiting)
    return {
      needed: true,
      headline: `Please approve proof v${proof.version}`,
      detail: "Check the artwork below, then approve it or tell us what to change.",
    };
  if (quotation?.changesAsked || proof?.status === "changes requested")
    return {
      needed: false,
      headline: "Nothing needed from you: we are making your changes",
      detail: "You will get an e-mail when the new version is ready.",
    };
  if (quotation?.state === "expired")
    return {
      needed: true,
      headline: "The quotation has expired",
      detail: "Ask us for a new one: reply to our e-mail or write what should change below.",
    };
  return {
    needed: false,
    headline: "Nothing needed from you: your quotation is on its way",
    detail: "The artwork is approved; we will e-mail you the quotation.",
  };
}
