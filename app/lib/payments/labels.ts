import type { paymentKinds, paymentMethods } from "./schema";

/** A payment's kind and method as the desk and the buyer's page write them. */
export const paymentKindLabel: Record<(typeof paymentKinds)[number], string> = {
  advance: "Advance",
  balance: "Balance",
  other: "Other",
};
export const paymentMethodLabel: Record<(typeof paymentMethods)[number], string> = {
  bank_transfer: "Bank transfer",
  cheque: "Cheque",
  raast: "Raast",
  cash: "Cash",
};
