import { data } from "react-router";

/** What a desk account is: an owner runs the desk and its accounts; staff work the requests. */
export const staffRoles = ["owner", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (value: unknown): value is StaffRole => staffRoles.includes(value as StaffRole);

/** Every permission, named by what it allows. */
export const permissions = [
  "requests.read",
  "requests.reply",
  "requests.status",
  "requests.note",
  "requests.assign",
  "requests.export",
  // Unmatched mail: attach a mail to a request, or discard it.
  "mail.sort",
  "proofs.send",
  "proofs.end-links",
  "proofs.mark-won",
  "quotations.send",
  "orders.manage",
  "payments.record",
  // Taking a recorded payment back, with a reason: apart from recording, so owners can keep it to themselves.
  "payments.reverse",
  "invoices.issue",
  "invoices.credit",
  "prices.read",
  "prices.manage",
  "staff.manage",
  "reports.read",
  // The System page: the backup, the outbox, the mailbox reader and the disk.
  "system.read",
] as const;
export type Permission = (typeof permissions)[number];

export type RolePermissions = Readonly<Record<StaffRole, readonly Permission[]>>;

/**
 * What only owners may do: run the desk's accounts, set the prices the office quotes, read its figures,
 * take money off an issued invoice with a credit note, and watch the server (its backup, disk and mail).
 */
const ownersOnly: readonly Permission[] = [
  "invoices.credit",
  "prices.manage",
  "staff.manage",
  "reports.read",
  "system.read",
];

/** What each role may do: the one place a role gains or loses a permission. */
export const rolePermissions: RolePermissions = {
  owner: permissions,
  staff: permissions.filter((permission) => !ownersOnly.includes(permission)),
};

/**
 * What owners decide for their staff on the Staff page, each allowed until an owner turns it off: issuing
 * invoices, reversing payments and exporting the buyers' contacts. Owners keep them whatever is set.
 */
export const staffSwitches = [
  "invoices.issue",
  "payments.reverse",
  "requests.export",
] as const satisfies readonly Permission[];
export type StaffSwitch = (typeof staffSwitches)[number];
export type StaffSwitches = Readonly<Record<StaffSwitch, boolean>>;

export const isStaffSwitch = (permission: Permission): permission is StaffSwitch =>
  staffSwitches.includes(permission as StaffSwitch);

/** A role map with the owners' switches applied: staff lose each switched-off permission, owners nothing. */
export function withStaffSwitches(base: RolePermissions, switches: StaffSwitches): RolePermissions {
  return {
    ...base,
    staff: base.staff.filter((permission) => !isStaffSwitch(permission) || switches[permission]),
  };
}

export function hasPermission(
  role: StaffRole,
  permission: Permission,
  map: RolePermissions = rolePermissions,
): boolean {
  return map[role].includes(permission);
}

/** The answer to a signed-in member asking for what their role does not allow. */
export function permissionRefused(permission: Permission, headers?: HeadersInit) {
  return data(`Your desk account may not do this (it needs the "${permission}" permission; ask an owner).`, {
    status: 403,
    headers,
  });
}
