/**
 * The business's own facts, in one place. Every page, the footer, the contact page,
 * the structured data and the quote fallbacks read from here.
 *
 * The values below are fictional placeholders (well-formed, clearly not real):
 * replace them with the company's real details before launch.
 */
export const business = {
  name: "Lahore Promo Works",
  shortName: "Promo Works",
  tagline: "Branded promotional products for pharmaceutical and corporate brands",
  /** Public origin of the site, without a trailing slash. `SITE_URL` at build overrides it. */
  siteUrl: "https://www.lahore-promo-works.example",
  phone: { display: "+92 42 3555 0100", e164: "+924235550100" },
  email: "quotes@lahore-promo-works.example",
  /** WhatsApp number in international format, digits only (as wa.me expects). */
  whatsapp: "923005550100",
  address: {
    street: "Office 12, Example Plaza, Main Boulevard, Gulberg III",
    city: "Lahore",
    region: "Punjab",
    postalCode: "54000",
    country: "PK",
    countryName: "Pakistan",
  },
  hours: {
    days: "Monday–Friday",
    opens: "11:00",
    closes: "19:00",
    timeZone: "PST",
    closed: "Saturday and Sunday",
  },
  /**
   * Where buyers pay (fictional, well-formed): shown wherever money is due, with the order's number as
   * the reference. The IBAN is Pakistan's 24 characters with valid check digits (a unit test checks it).
   */
  bank: {
    name: "Example Bank Limited",
    branch: "Gulberg III branch, Lahore",
    accountTitle: "Lahore Promo Works",
    accountNumber: "0012345678901234",
    iban: "PK15EXMP0012345678901234",
    /** The business's Raast ID (its registered mobile number), for instant transfers. */
    raastId: "03005550100",
  },
  /** Tax registration, printed on quotations and invoices (fictional, in the FBR's formats). */
  ntn: "0000000-0",
  strn: "00-00-0000-000-00",
  foundedYearsAgo: 15,
  locale: "en_PK",
  language: "English",
  priceRange: "$$",
  description:
    "Premium promotional items for your brand, delivered with precision. Specializing in high-quality giveaways for the pharmaceutical and corporate sectors.",
} as const;

// Vite inlines __SITE_URL__ (from SITE_URL at build) so the server and the browser agree.
declare const __SITE_URL__: string | undefined;
const siteUrlOverride =
  typeof __SITE_URL__ !== "undefined"
    ? __SITE_URL__
    : typeof process !== "undefined"
      ? process.env.SITE_URL
      : undefined;

export const siteUrl = (siteUrlOverride || business.siteUrl).replace(/\/+$/, "");

/** Absolute URL for a site path, e.g. absoluteUrl("/about"). */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path.startsWith("/") ? path : `/${path}`}`;
}

export const whatsappUrl = (text?: string) =>
  `https://wa.me/${business.whatsapp}${text ? `?text=${encodeURIComponent(text)}` : ""}`;

export const telUrl = `tel:${business.phone.e164}`;
export const mailtoUrl = (subject?: string, body?: string) => {
  const params = new URLSearchParams();
  if (subject) params.set("subject", subject);
  if (body) params.set("body", body);
  const query = params.toString().replace(/\+/g, "%20");
  return `mailto:${business.email}${query ? `?${query}` : ""}`;
};

export const fullAddress = `${business.address.street}, ${business.address.city}, ${business.address.region} ${business.address.postalCode}, ${business.address.countryName}`;
