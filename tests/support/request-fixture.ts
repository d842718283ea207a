// The request the store's tests make again and again: a buyer's fields, how it came, and who answers it.

export const buyerFields = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "",
  product: "Pens",
  message: "500 pens",
};

/** How a request came in; `key` is its idempotency key (one request per key). */
export const submissionMeta = (key: string) => ({
  clientIp: "203.0.113.7",
  userAgent: "vitest",
  page: "/contact",
  idempotencyKey: key,
});

/** A member of staff as the history names them. */
export const bilal = { name: "Bilal", email: "bilal@promo.example" };
