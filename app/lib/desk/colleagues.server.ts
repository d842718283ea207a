import { publicLink } from "~/lib/site-url";
import type { StaffRole } from "./permissions";
import type { StaffDirectory, StaffMember } from "./staff.server";

/**
 * The rules for managing desk accounts, shared by the desk's Staff page and the staff command: an
 * address has one account, and the desk always keeps an owner who can manage it.
 */
/** The set-up page of a token, on the address the server runs with. */
export const setupLink = (token: string) => publicLink(`/desk/setup/${token}`);

export type ColleagueRefusal = "already has an account" | "no such account" | "the last owner" | "yourself";

type Refused = { ok: false; refused: ColleagueRefusal };
/** An account and the set-up token to hand on (shown once, stored only as a hash). */
export type WithSetupLink = { ok: true; member: StaffMember; token: string } | Refused;

/** Adds an account without a password; the caller hands its set-up token on. */
export function addColleague(
  staff: StaffDirectory,
  { email, name, role }: { email: string; name: string; role: StaffRole },
  now = Date.now(),
): WithSetupLink {
  if (staff.find(email)) return { ok: false, refused: "already has an account" };
  const added = staff.add(email, name, { role, now });
  return { ok: true, member: added.staff, token: added.token };
}

/** A new set-up token for an account; the links sent before stop working, the password stays until used. */
export function renewSetupLink(staff: StaffDirectory, email: string, now = Date.now()): WithSetupLink {
  const member = staff.find(email);
  if (!member) return { ok: false, refused: "no such account" };
  return { ok: true, member, token: staff.newSetupToken(member.id, now) };
}

/**
 * Removes an account, ending its sessions at once. `by` is the owner removing it on the desk (the
 * command line has none): nobody removes themselves there, and the last owner is never removed.
 */
export function removeColleague(
  staff: StaffDirectory,
  email: string,
  by?: StaffMember,
): { ok: true; member: StaffMember } | Refused {
  const member = staff.find(email);
  if (!member) return { ok: false, refused: "no such account" };
  if (by && by.id === member.id) return { ok: false, refused: "yourself" };
  const removed = staff.remove(member.email);
  if (removed !== "removed") return { ok: false, refused: removed };
  return { ok: true, member };
}
