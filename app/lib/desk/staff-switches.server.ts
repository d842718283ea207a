import type Database from "better-sqlite3";
import { desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import {
  type RolePermissions,
  rolePermissions,
  type StaffSwitch,
  type StaffSwitches,
  staffSwitches,
  withStaffSwitches,
} from "./permissions";
import { onceKeyField } from "~/lib/once/key";
import { once } from "~/lib/once/once.server";
import type { StaffMember } from "./staff.server";
import { staffSwitchChanges, staffSwitchSettings } from "./switches-schema";

/** A change an owner made to a switch, as the Staff page lists it. */
export type StaffSwitchChange = { at: string; permission: StaffSwitch; allowed: boolean; by: string };

/** Every switch on: what staff may do before an owner decides otherwise (what they could always do). */
export const allSwitchesOn: StaffSwitches = Object.fromEntries(staffSwitches.map((name) => [name, true])) as Record<
  StaffSwitch,
  boolean
>;

/**
 * What owners allow their staff, in the quotes database: each switch's setting, and every change with
 * the owner who made it.
 */
export class StaffSwitchBoard {
  private readonly orm;

  constructor(db: Database.Database) {
    this.orm = drizzle({ client: db });
  }

  /** Each switch as set; one never set is on. */
  current(): StaffSwitches {
    const rows = this.orm.select().from(staffSwitchSettings).all();
    const set = new Map(rows.map((row) => [row.permission, row.allowed === 1]));
    return Object.fromEntries(staffSwitches.map((name) => [name, set.get(name) ?? true])) as Record<
      StaffSwitch,
      boolean
    >;
  }

  /**
   * Sets every switch as given, in one transaction: each that changes is written with the owner who
   * changed it. Returns the switches that changed.
   */
  set(wanted: StaffSwitches, owner: Pick<StaffMember, "id" | "name" | "email">, now = new Date()): StaffSwitch[] {
    return this.orm.transaction(
      (tx) => {
        const before = this.current();
        const changed = staffSwitches.filter((name) => before[name] !== wanted[name]);
        for (const permission of changed) {
          const allowed = wanted[permission] ? 1 : 0;
          tx.insert(staffSwitchSettings)
            .values({ permission, allowed })
            .onConflictDoUpdate({ target: staffSwitchSettings.permission, set: { allowed } })
            .run();
          tx.insert(staffSwitchChanges)
            .values({
              at: now.toISOString(),
              permission,
              allowed,
              actorStaffId: owner.id,
              actorName: `${owner.name} <${owner.email}>`,
            })
            .run();
        }
        return changed;
      },
      { behavior: "immediate" },
    );
  }

  /** The latest changes, newest first. */
  changes(limit = 10): StaffSwitchChange[] {
    return this.orm
      .select()
      .from(staffSwitchChanges)
      .orderBy(desc(staffSwitchChanges.id))
      .limit(limit)
      .all()
      .map((row) => ({
        at: row.at,
        permission: row.permission as StaffSwitch,
        allowed: row.allowed === 1,
        by: row.actorName,
      }));
  }
}

/** The role map the desk checks: the roles' permissions with the owners' switches applied. */
export function storedPermissions(db: Database.Database, base: RolePermissions = rolePermissions): RolePermissions {
  return withStaffSwitches(base, new StaffSwitchBoard(db).current());
}

/**
 * An owner's post of the Staff page's switches form: stored once per one-time key (a second press or a
 * replay changes nothing and records nothing), every change recorded with the owner.
 */
export function saveStaffSwitches(
  db: Database.Database,
  form: StaffSwitches & { [onceKeyField]: string },
  owner: Pick<StaffMember, "id" | "name" | "email">,
  now = new Date(),
): StaffSwitch[] {
  const wanted = Object.fromEntries(staffSwitches.map((name) => [name, form[name]])) as StaffSwitches;
  return once(db, "staff-switches", form[onceKeyField], () => new StaffSwitchBoard(db).set(wanted, owner, now));
}
