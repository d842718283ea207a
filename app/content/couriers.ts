/**
 * The couriers an order can go with, and the public tracking page of those that have one: the one
 * place a courier or its tracking address changes. `{cn}` is the consignment number, URL-encoded.
 */
export const couriers = [
  { id: "tcs", name: "TCS", tracking: "https://www.tcsexpress.com/track/{cn}" },
  { id: "leopards", name: "Leopards", tracking: "https://www.leopardscourier.com/tracking?cn={cn}" },
  { id: "mnp", name: "M&P", tracking: "https://www.mulphilog.com/tracking/{cn}" },
  { id: "trax", name: "Trax", tracking: "https://trax.pk/tracking/?tracking_number={cn}" },
  { id: "postex", name: "PostEx", tracking: "https://postex.pk/tracking?cn={cn}" },
  // Our own van: no tracking page, the buyer is told the driver brings it.
  { id: "own", name: "Own delivery", tracking: null },
] as const satisfies readonly { id: string; name: string; tracking: string | null }[];

export type CourierId = (typeof couriers)[number]["id"];
export const courierIds = couriers.map((courier) => courier.id) as [CourierId, ...CourierId[]];

export const courierName = (id: string) => couriers.find((courier) => courier.id === id)?.name ?? id;

/**
 * The consignment number as a courier's tracking page looks it up: written as printed on the receipt
 * ("TCS 1234 5678 90", "7720-0123-4567"), without the courier's name before the digits and without
 * the spaces and dashes between them. The number is still shown as it was typed.
 */
export function trackedNumber(courierName: string, consignment: string): string {
  const named = new RegExp(`^\\s*${courierName.replace(/[^A-Za-z0-9]/g, "\\$&")}[\\s#:.-]*(?=\\d)`, "i");
  return consignment.replace(named, "").replace(/[\s\u2010-\u2015-]+/g, "");
}

/** The public tracking page of a consignment, or null (own delivery, an unknown courier, no number). */
export function trackingUrl(courierId: string, consignment: string): string | null {
  const courier = couriers.find((one) => one.id === courierId);
  if (!courier?.tracking) return null;
  const number = trackedNumber(courier.name, consignment);
  if (!number) return null;
  return courier.tracking.replace("{cn}", encodeURIComponent(number));
}
