import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { staffSwitches } from "./permissions";
import { staff } from "./staff-schema";

// What owners allow their staff (app/lib/desk/staff-switches.server.ts writes them): one row per switch an
// owner has set (a switch without a row is on), and every change, who made it and when.

const oneOf = sql.raw(staffSwitches.map((permission) => `'${permission}'`).join(", "));

export const staffSwitchSettings = sqliteTable(
  "staff_switch_settings",
  {
    permission: text("permission").primaryKey(),
    allowed: integer("allowed").notNull(),
  },
  () => [
    // Bare column names: drizzle-kit keeps a table's name in a CHECK when it rebuilds the table.
    check("staff_switch_settings_permission", sql`permission IN (${oneOf})`),
    check("staff_switch_settings_allowed", sql`allowed IN (0, 1)`),
  ],
);

export const staffSwitchChanges = sqliteTable(
  "staff_switch_changes",
  {
    id: integer("id").primaryKey(),
    /** ISO 8601, UTC. */
    at: text("at").notNull(),
    permission: text("permission").notNull(),
    allowed: integer("allowed").notNull(),
    /** The owner's account, while it exists: removing it leaves the change, with the name below. */
    actorStaffId: integer("actor_staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** The owner as the page showed them then ("Name <e-mail>"). */
    actorName: text("actor_name").notNull(),
  },
  () => [check("staff_switch_changes_allowed", sql`allowed IN (0, 1)`)],
);
