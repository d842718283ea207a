import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { textNoCase } from "../db/columns";
import type { StaffRole } from "./permissions";

// Staff accounts and their sign-in (app/lib/desk/staff.server.ts writes them). Secrets are stored as
// their SHA-256 only.

export const staff = sqliteTable(
  "staff",
  {
    id: integer("id").primaryKey(),
    email: textNoCase("email").notNull().unique(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    createdAt: text("created_at").notNull(),
    role: text("role").$type<StaffRole>().notNull().default("staff"),
  },
  (table) => [check("staff_role", sql`${table.role} IN ('owner', 'staff')`)],
);

export const staffSetupTokens = sqliteTable("staff_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  staffId: integer("staff_id")
    .notNull()
    .references(() => staff.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
});

export const staffSessions = sqliteTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    seenAt: integer("seen_at").notNull(),
  },
  (table) => [index("staff_sessions_staff").on(table.staffId)],
);

/** An attempt is written before its password is checked (failed 0 until it is). */
export const staffSignInAttempts = sqliteTable(
  "staff_sign_in_attempts",
  {
    id: integer("id").primaryKey(),
    email: textNoCase("email").notNull(),
    address: text("address").notNull(),
    at: integer("at").notNull(),
    failed: integer("failed").notNull().default(0),
  },
  (table) => [
    check("staff_sign_in_attempts_failed", sql`${table.failed} IN (0, 1)`),
    index("staff_sign_in_attempts_key").on(table.email, table.address, table.at),
    index("staff_sign_in_attempts_at").on(table.at),
  ],
);

export const staffSignInHolds = sqliteTable(
  "staff_sign_in_holds",
  {
    email: textNoCase("email").notNull(),
    address: text("address").notNull(),
    until: integer("until").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.address] }),
    index("staff_sign_in_holds_until").on(table.until),
  ],
);
