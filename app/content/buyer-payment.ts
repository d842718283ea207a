/** The "Payment" part of the buyer's page once they have an order (app/components/orders/buyer-payment.tsx). */
export const buyerPaymentText = {
  heading: "Payment",
  order: (reference: string) => `Order ${reference}`,
  total: "Total",
  paid: "Paid",
  due: "Due",
  advance: (amount: string) => `Advance due before production: ${amount}`,
  payments: "Payments received",
  noPayments: "No payment received yet.",
  invoices: "Invoices",
  invoice: (number: string, day: string, total: string) => `Sales tax invoice ${number} · ${day} · ${total}`,
  creditNote: (number: string, day: string, amount: string) => `Credit note ${number} · ${day} · ${amount}`,
  pdf: "Download PDF",
  withheldOnly: "Tax withheld",
  withheld: (amount: string) => `incl. tax withheld ${amount}`,
  receipt: (number: string) => `Receipt ${number}`,
};
