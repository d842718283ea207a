import type { BlogPosting, BreadcrumbList, CreativeWork, Graph, LocalBusiness, Organization, Thing } from "schema-dts";
import { absoluteUrl, business, siteUrl } from "~/content/business";

export type Crumb = { name: string; path: string };

const organizationId = `${siteUrl}/#organization`;
const logoUrl = absoluteUrl("/logo.svg");
const portfolioPath = "/portfolio";

export function organization(): Organization {
  return {
    "@type": "Organization",
    "@id": organizationId,
    name: business.name,
    url: `${siteUrl}/`,
    logo: logoUrl,
    email: business.email,
    telephone: business.phone.e164,
    description: business.description,
    sameAs: [`https://wa.me/${business.whatsapp}`],
  };
}

export function localBusiness(): LocalBusiness {
  return {
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#localbusiness`,
    name: business.name,
    url: `${siteUrl}/`,
    image: absoluteUrl("/og-image.png"),
    logo: logoUrl,
    description: business.description,
    telephone: business.phone.e164,
    email: business.email,
    priceRange: business.priceRange,
    areaServed: business.address.country,
    knowsLanguage: business.language,
    parentOrganization: { "@id": organizationId },
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: business.hours.opens,
      closes: business.hours.closes,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone: business.phone.e164,
      email: business.email,
      availableLanguage: business.language,
      areaServed: business.address.country,
    },
  };
}

/** A trail always starts at Home: the page's crumbs after it. The same trail is shown on the page and given as JSON-LD. */
export function breadcrumbTrail(crumbs: readonly Crumb[]): Crumb[] {
  return [{ name: "Home", path: "/" }, ...crumbs];
}

/** Pass the crumbs after Home. */
export function breadcrumbList(crumbs: readonly Crumb[]): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: breadcrumbTrail(crumbs).map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export function blogPosting(post: {
  title: string;
  description: string;
  path: string;
  datePublished: string;
  image: string;
  section: string;
}): BlogPosting {
  return {
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    url: absoluteUrl(post.path),
    mainEntityOfPage: absoluteUrl(post.path),
    datePublished: post.datePublished,
    image: absoluteUrl(post.image),
    articleSection: post.section,
    inLanguage: "en",
    author: { "@id": organizationId },
    publisher: { "@id": organizationId },
  };
}

/**
 * A catalogue item as what it is: a piece of work the company made for a client, so a CreativeWork made
 * by the business, about the client's brand and paid for by the client's company. Not a Product: Google
 * requires a Product to carry an offer, a review or a rating, and these items have no price.
 */
export function madeForClient(item: {
  title: string;
  description: string;
  path: string;
  /** The picture's URL on this site. */
  image: string;
  /** The client's company and its product's brand name (catalogue's `splitBrand`). */
  brand: { company: string; name: string };
  category: string;
}): CreativeWork {
  const { company, name } = item.brand;
  return {
    "@type": "CreativeWork",
    "@id": `${absoluteUrl(item.path)}#work`,
    name: item.title,
    description: item.description,
    url: absoluteUrl(item.path),
    image: absoluteUrl(item.image),
    genre: item.category,
    about: { "@type": "Brand", name },
    ...(company ? { sponsor: { "@type": "Organization", name: company } } : {}),
    creator: { "@id": organizationId },
    isPartOf: { "@type": "CollectionPage", "@id": absoluteUrl(portfolioPath), url: absoluteUrl(portfolioPath) },
  };
}

/** One JSON-LD graph: the business on every page, then the page's own nodes. */
export function jsonLdGraph(nodes: Thing[]): Graph {
  return {
    "@context": "https://schema.org",
    "@graph": [organization(), localBusiness(), ...nodes] as Graph["@graph"],
  };
}
