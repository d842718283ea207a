import type { BlogPosting, BreadcrumbList, Graph, LocalBusiness, Organization, Product, Thing } from "schema-dts";
import { absoluteUrl, business, siteUrl } from "~/content/business";

export type Crumb = { name: string; path: string };

const organizationId = `${siteUrl}/#organization`;
const logoUrl = absoluteUrl("/logo.svg");

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

/** A catalogue item as a schema.org Product: what it is and whose brand it carries. No offer: there are no prices. */
export function product(item: {
  title: string;
  description: string;
  path: string;
  image: string;
  brand: string;
  category: string;
}): Product {
  return {
    "@type": "Product",
    name: item.title,
    description: item.description,
    url: absoluteUrl(item.path),
    image: absoluteUrl(item.image),
    brand: { "@type": "Brand", name: item.brand },
    category: item.category,
    manufacturer: { "@id": organizationId },
  };
}

/** One JSON-LD graph: the business on every page, then the page's own nodes. */
export function jsonLdGraph(nodes: Thing[]): Graph {
  return {
    "@context": "https://schema.org",
    "@graph": [organization(), localBusiness(), ...nodes] as Graph["@graph"],
  };
}
