import { business } from "~/content/business";
import { greetingName } from "~/lib/messaging/greeting";
import { stageLabel } from "~/content/order-stages";
import { longDate, pakistanDate } from "~/lib/desk/time";
import { LINK_SLOT } from "~/lib/proofs/mail";
import type { OrderStage } from "./stages";

/**
 * The buyer's e-mail when their order moves: the stage, the date, the tracking link once dispatched,
 * and their private page (the link minted when it is sent, in LINK_SLOT's place).
 */
export function orderStageMail(
  quote: { name: string },
  order: {
    reference: string;
    plannedDispatchDate: string | null;
    promisedDate: string | null;
    receivedBy: string | null;
  },
  stage: OrderStage,
  back: boolean,
  now: Date,
  tracking: { courier: string; consignmentNumber: string; url: string | null } | null,
) {
  const today = longDate(pakistanDate(now.getTime()));
  const lines = [
    `Dear ${greetingName(quote.name)},`,
    "",
    back
      ? `Your order ${order.reference} is back at "${stageLabel[stage]}" (${today}); we are sorry for the delay.`
      : `Your order ${order.reference}: ${stageLabel[stage]} (${today}).`,
  ];
  if (stage === "in_production" && order.plannedDispatchDate)
    lines.push("", `Planned dispatch: ${longDate(order.plannedDispatchDate)}.`);
  if (stage === "dispatched" && tracking) {
    lines.push("", `Courier: ${tracking.courier}, consignment number ${tracking.consignmentNumber}.`);
    if (tracking.url) lines.push(`Track it here: ${tracking.url}`);
  }
  if (stage === "delivered" && order.receivedBy) lines.push("", `Received by ${order.receivedBy}.`);
  lines.push("", "Follow your order here (your private link):", LINK_SLOT, "", business.name);
  return { subject: `Order ${order.reference}: ${stageLabel[stage]}`, body: lines.join("\n") };
}
