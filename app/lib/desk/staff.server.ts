import { createHash, randomBytes } from "node:crypto";
import type Database from "better-sqlite3";

/** Lifetimes and limits of staff sign-in (docs/decisions/037-quote-desk-sign-in.md). */
export const deskAuth = {
  setupLinkMs: 24 * 3_600_000,
  sessionIdleMs: 12 * 3_600_000,
  sessionMaxMs: 30 * 24 * 3_600_000,
  /** A session's last use is written at most this often. */
  touchEveryMs: 60_000,
  failuresBeforeHold: 5,
  failureWindowMs: 15 * 60_000,
  holdMs: 15 * 60_000,
} as const;

export type StaffMember = { id: number; email: string; name: string; hasPassword: boolean; createdAt: string };
export type StaffSession = { staff: StaffMember; sessionHash: string };

type StaffRow = { id: number; email: string; name: string; password_hash: string | null; created_at: string };

/** Tokens and session ids are stored as their SHA-256: a copy of the database opens no session. */
export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
const secretShape = /^[A-Za-z0-9_-]{43}$/;

const fromRow = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  hasPassword: row.password_hash !== null,
  createdAt: row.created_at,
});

/** Staff accounts, their one-time set-up links, sessions and sign-in failures, in the quotes database. */
export class StaffDirectory {
  private readonly sql;

  constructor(private readonly db: Database.Database) {
    this.sql = {
      insert: db.prepare("INSERT INTO staff (email, name, created_at) VALUES (?, ?, ?)"),
      byEmail: db.prepare("SELECT * FROM staff WHERE email = ?"),
      byId: db.prepare("SELECT * FROM staff WHERE id = ?"),
      list: db.prepare("SELECT * FROM staff ORDER BY email"),
      remove: db.prepare("DELETE FROM staff WHERE id = ?"),
      setPassword: db.prepare("UPDATE staff SET password_hash = ? WHERE id = ?"),
      clearTokens: db.prepare("DELETE FROM staff_setup_tokens WHERE staff_id = ?"),
      insertToken: db.prepare("INSERT INTO staff_setup_tokens (token_hash, staff_id, expires_at) VALUES (?, ?, ?)"),
      token: db.prepare("SELECT * FROM staff_setup_tokens WHERE token_hash = ? AND expires_at > ?"),
      useToken: db.prepare("DELETE FROM staff_setup_tokens WHERE token_hash = ? AND expires_at > ?"),
      insertSession: db.prepare(
        "INSERT INTO staff_sessions (id_hash, staff_id, created_at, seen_at) VALUES (?, ?, ?, ?)",
      ),
      session: db.prepare("SELECT * FROM staff_sessions WHERE id_hash = ?"),
      touchSession: db.prepare("UPDATE staff_sessions SET seen_at = ? WHERE id_hash = ?"),
      endSession: db.prepare("DELETE FROM staff_sessions WHERE id_hash = ?"),
      endSessionsOf: db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?"),
      sweepSessions: db.prepare("DELETE FROM staff_sessions WHERE seen_at <= ? OR created_at <= ?"),
      hold: db.prepare("SELECT until FROM staff_sign_in_holds WHERE email = ? AND until > ?").pluck(),
      addFailure: db.prepare("INSERT INTO staff_sign_in_failures (email, at) VALUES (?, ?)"),
      failures: db.prepare("SELECT count(*) FROM staff_sign_in_failures WHERE email = ? AND at > ?").pluck(),
      clearFailures: db.prepare("DELETE FROM staff_sign_in_failures WHERE email = ? OR at <= ?"),
      setHold: db.prepare(
        "INSERT INTO staff_sign_in_holds (email, until) VALUES (?, ?) ON CONFLICT (email) DO UPDATE SET until = excluded.until",
      ),
    };
  }

  /** Creates an account without a password and returns its set-up token. */
  add(email: string, name: string, now = Date.now()): { staff: StaffMember; token: string } {
    return this.db
      .transaction(() => {
        const id = Number(
          this.sql.insert.run(email.trim().toLowerCase(), name.trim(), new Date(now).toISOString()).lastInsertRowid,
        );
        return { staff: this.get(id)!, token: this.newSetupToken(id, now) };
      })
      .immediate();
  }

  get(id: number): StaffMember | undefined {
    const row = this.sql.byId.get(id) as StaffRow | undefined;
    return row && fromRow(row);
  }

  find(email: string): StaffMember | undefined {
    const row = this.sql.byEmail.get(email.trim()) as StaffRow | undefined;
    return row && fromRow(row);
  }

  /** The stored password hash (null: not set up yet, or no such account). */
  passwordHash(email: string): string | null {
    return (this.sql.byEmail.get(email.trim()) as StaffRow | undefined)?.password_hash ?? null;
  }

  list(): StaffMember[] {
    return (this.sql.list.all() as StaffRow[]).map(fromRow);
  }

  /** Removes an account; its sessions and links end with it (foreign keys). */
  remove(email: string): boolean {
    const staff = this.find(email);
    return staff ? this.sql.remove.run(staff.id).changes === 1 : false;
  }

  /** A new set-up link's token; earlier links of the account stop working. */
  newSetupToken(staffId: number, now = Date.now()): string {
    const token = newSecret();
    this.db
      .transaction(() => {
        this.sql.clearTokens.run(staffId);
        this.sql.insertToken.run(secretHash(token), staffId, now + deskAuth.setupLinkMs);
      })
      .immediate();
    return token;
  }

  /** Whose a set-up token is, while it is valid. */
  setupTokenOwner(token: string, now = Date.now()): StaffMember | undefined {
    if (!secretShape.test(token)) return undefined;
    const row = this.sql.token.get(secretHash(token), now) as { staff_id: number } | undefined;
    return row && this.get(row.staff_id);
  }

  /**
   * Uses a set-up token once: sets the password and ends the account's sessions. False when the
   * token is unknown, used or expired.
   */
  usePasswordToken(token: string, passwordHash: string, now = Date.now()): StaffMember | undefined {
    return this.db
      .transaction(() => {
        const owner = this.setupTokenOwner(token, now);
        if (!owner || this.sql.useToken.run(secretHash(token), now).changes !== 1) return undefined;
        this.sql.setPassword.run(passwordHash, owner.id);
        this.sql.clearTokens.run(owner.id);
        this.sql.endSessionsOf.run(owner.id);
        return owner;
      })
      .immediate();
  }

  /** Starts a session; returns its id, the only copy of which goes into the cookie. */
  startSession(staffId: number, now = Date.now()): string {
    const id = newSecret();
    this.sql.sweepSessions.run(now - deskAuth.sessionIdleMs, now - deskAuth.sessionMaxMs);
    this.sql.insertSession.run(secretHash(id), staffId, now, now);
    return id;
  }

  /** The session with this id while it is valid (12 h idle, 30 days at most, its account still there). */
  session(id: string | null | undefined, now = Date.now()): StaffSession | undefined {
    if (!id || !secretShape.test(id)) return undefined;
    const sessionHash = secretHash(id);
    const row = this.sql.session.get(sessionHash) as
      { staff_id: number; created_at: number; seen_at: number } | undefined;
    if (!row) return undefined;
    if (now - row.seen_at >= deskAuth.sessionIdleMs || now - row.created_at >= deskAuth.sessionMaxMs) {
      this.sql.endSession.run(sessionHash);
      return undefined;
    }
    const staff = this.get(row.staff_id);
    if (!staff) return undefined;
    if (now - row.seen_at >= deskAuth.touchEveryMs) this.sql.touchSession.run(now, sessionHash);
    return { staff, sessionHash };
  }

  endSession(id: string | null | undefined) {
    if (id && secretShape.test(id)) this.sql.endSession.run(secretHash(id));
  }

  /** Until when sign-in to this e-mail is held (ms since the epoch), or null. Unknown e-mails are held alike. */
  heldUntil(email: string, now = Date.now()): number | null {
    return (this.sql.hold.get(email.trim().toLowerCase(), now) as number | undefined) ?? null;
  }

  /** Counts a failed sign-in; the fifth within 15 minutes holds the e-mail for 15 minutes. */
  recordFailure(email: string, now = Date.now()) {
    const key = email.trim().toLowerCase();
    this.db
      .transaction(() => {
        this.sql.addFailure.run(key, now);
        if ((this.sql.failures.get(key, now - deskAuth.failureWindowMs) as number) >= deskAuth.failuresBeforeHold) {
          this.sql.setHold.run(key, now + deskAuth.holdMs);
          this.sql.clearFailures.run(key, now - deskAuth.failureWindowMs);
        }
      })
      .immediate();
  }

  clearFailures(email: string, now = Date.now()) {
    this.sql.clearFailures.run(email.trim().toLowerCase(), now - deskAuth.failureWindowMs);
  }
}
