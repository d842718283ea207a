import { business } from "~/content/business";
import { groupedIban } from "~/lib/iban";

/** The "Payment" part of the buyer's page once they have an order (app/components/orders/buyer-payment.tsx). */
export const buyerPaymentText = {
  heading: "Payment",
  order: (reference: string) => `Order ${reference}`,
  total: "Total",
  paid: "Paid",
  due: "Due",
  advance: (amount: string) => `Advance due before production: ${amount}`,
  balanceLater: (amount: string) =>
    `Nothing to pay now: the balance of ${amount} is due on delivery or with the invoice.`,
  payments: "Payments received",
  noPayments: "No payment received yet.",
  invoices: "Invoices",
  invoice: (number: string, day: string, total: string) => `Sales tax invoice ${number} · ${day} · ${total}`,
  creditNote: (number: string, day: string, amount: string) => `Credit note ${number} · ${day} · ${amount}`,
  pdf: "Download PDF",
  withheldOnly: "Tax withheld",
  withheld: (amount: string) => `incl. tax withheld ${amount}`,
  receipt: (number: string) => `Receipt ${number}`,
  howToPay: "How to pay",
  advanceNow: (amount: string) => `Advance due now: ${amount}`,
  balanceNow: (amount: string) => `Balance due now: ${amount}`,
};

/** The line of "How to pay" that says what to pay now. */
export const dueNowLine = (dueNow: { kind: "advance" | "balance"; amount: string }) =>
  dueNow.kind === "advance" ? buyerPaymentText.advanceNow(dueNow.amount) : buyerPaymentText.balanceNow(dueNow.amount);

/** The business's bank details, label and value, as the buyer's page, the mails and the invoice show them. */
export const bankDetails: [string, string][] = [
  ["Bank", `${business.bank.name}, ${business.bank.branch}`],
  ["Account title", business.bank.accountTitle],
  ["Account number", business.bank.accountNumber],
  ["IBAN", groupedIban(business.bank.iban)],
  ["Raast ID", business.bank.raastId],
];

/** What the buyer writes with their transfer, so the office matches it to the order. */
export const paymentReference = (order: string) => `Quote ${order} as the reference.`;

/** "How to pay" as plain lines (e-mails): the amount due now when there is one, the bank, the reference. */
export function howToPayLines(order: string, dueNow: string | null): string[] {
  return [
    buyerPaymentText.howToPay,
    ...(dueNow ? [dueNow] : []),
    ...bankDetails.map(([label, value]) => `${label}: ${value}`),
    paymentReference(order),
  ];
}
