import { hasPermission, type Permission, type RolePermissions, rolePermissions, type StaffRole } from "./permissions";

/** A part of the desk with a link in its header. */
export type DeskSection = {
  label: string;
  href: string;
  /** What a member's role must allow for the link to be shown (the route checks it again). */
  permission: Permission;
  /** Whether its route exists yet: a section still being built has no link, never a dead one. */
  live: boolean;
};

/**
 * The desk's sections, in the header's order. Orders is planned: it shows up in the
 * header once its route lands and `live` is turned on here.
 */
export const deskSections: readonly DeskSection[] = [
  { label: "Inbox", href: "/desk", permission: "requests.read", live: true },
  { label: "Orders", href: "/desk/orders", permission: "orders.manage", live: true },
  { label: "Receivables", href: "/desk/receivables", permission: "payments.record", live: true },
  { label: "Unmatched mail", href: "/desk/mail", permission: "requests.read", live: true },
  { label: "Reports", href: "/desk/reports", permission: "reports.read", live: true },
  { label: "Prices", href: "/desk/prices", permission: "prices.read", live: true },
  { label: "Staff", href: "/desk/staff", permission: "staff.manage", live: true },
  { label: "System", href: "/desk/system", permission: "system.read", live: true },
];

/** The sections a member with this role sees in the header: live ones their role allows. */
export function sectionsFor(
  role: StaffRole,
  sections: readonly DeskSection[] = deskSections,
  map: RolePermissions = rolePermissions,
): DeskSection[] {
  return sections.filter((section) => section.live && hasPermission(role, section.permission, map));
}

/**
 * How a header link stands to the page shown: "page" on the section's own page, "true" on a page
 * inside it (a request page is in the inbox; a section's sub-pages sit under its path), otherwise
 * nothing. The values are aria-current's.
 */
export function linkCurrent(section: DeskSection, pathname: string): "page" | "true" | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === section.href) return "page";
  const inOwnPath = path.startsWith(`${section.href}/`);
  if (section.href !== "/desk") return inOwnPath ? "true" : undefined;
  // The inbox's pages are the requests; any other section's path is not the inbox's.
  return path.startsWith("/desk/quotes/") ? "true" : undefined;
}
