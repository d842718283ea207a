/**
 * The quote form with a product of interest filled in, e.g. /contact?product=ONSET%20Signature%20Pen;
 * `withDesign` also attaches the design the brand studio kept on this device.
 */
export function quoteHref(productName: string, { withDesign = false } = {}): string {
  return `/contact?product=${encodeURIComponent(productName)}${withDesign ? "&design=1" : ""}`;
}
