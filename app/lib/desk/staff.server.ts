import { createHash, randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { addressKey } from "~/lib/client-address";
import type { StaffRole } from "./permissions";

/** Lifetimes and limits of staff sign-in (docs/decisions/037-quote-desk-sign-in.md). */
export const deskAuth = {
  setupLinkMs: 24 * 3_600_000,
  /** Sign in again after 30 minutes without a request, and 12 hours after signing in whatever the use. */
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 12 * 3_600_000,
  /** A session's last use is written at most this often. */
  touchEveryMs: 60_000,
  /** Password checks per account from one client address (addressKey) within the window; then a hold. */
  failuresBeforeHold: 5,
  failureWindowMs: 15 * 60_000,
  holdMs: 15 * 60_000,
} as const;

/** A sign-in attempt counted before its password is checked, or the time until which its address is held. */
export type SignInAttempt = { id: number; heldUntil?: undefined } | { id?: undefined; heldUntil: number };

export type StaffMember = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  hasPassword: boolean;
  createdAt: string;
};
export type StaffSession = { staff: StaffMember; sessionHash: string };

type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  created_at: string;
};

/** Tokens and session ids are stored as their SHA-256: a copy of the database opens no session. */
export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
const secretShape = /^[A-Za-z0-9_-]{43}$/;

const fromRow = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  hasPassword: row.password_hash !== null,
  createdAt: row.created_at,
});

/** Staff accounts, their one-time set-up links, sessions and sign-in failures, in the quotes database. */
export class StaffDirectory {
  private readonly sql;

  constructor(private readonly db: Database.Database) {
    this.sql = {
      insert: db.prepare("INSERT INTO staff (email, name, role, created_at) VALUES (?, ?, ?, ?)"),
      count: db.prepare("SELECT count(*) FROM staff").pluck(),
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
      hold: db.prepare("SELECT until FROM staff_sign_in_holds WHERE email = ? AND address = ? AND until > ?").pluck(),
      // Attempts in the window, pending or failed, and the oldest of them (when a slot frees).
      attempts: db.prepare(
        "SELECT count(*) AS count, min(at) AS oldest FROM staff_sign_in_attempts WHERE email = ? AND address = ? AND at > ?",
      ),
      addAttempt: db.prepare("INSERT INTO staff_sign_in_attempts (email, address, at) VALUES (?, ?, ?)"),
      attempt: db.prepare("SELECT email, address FROM staff_sign_in_attempts WHERE id = ?"),
      failAttempt: db.prepare("UPDATE staff_sign_in_attempts SET failed = 1 WHERE id = ?"),
      failures: db
        .prepare(
          "SELECT count(*) FROM staff_sign_in_attempts WHERE email = ? AND address = ? AND failed = 1 AND at > ?",
        )
        .pluck(),
      clearFailures: db.prepare(
        "DELETE FROM staff_sign_in_attempts WHERE email = ? AND address = ? AND (failed = 1 OR id = ?)",
      ),
      setHold: db.prepare(
        `INSERT INTO staff_sign_in_holds (email, address, until) VALUES (?, ?, ?)
         ON CONFLICT (email, address) DO UPDATE SET until = excluded.until`,
      ),
      sweepAttempts: db.prepare("DELETE FROM staff_sign_in_attempts WHERE at <= ?"),
      sweepHolds: db.prepare("DELETE FROM staff_sign_in_holds WHERE until <= ?"),
    };
  }

  /**
   * Creates an account without a password and returns its set-up token. An account added to a desk
   * without any (the first one) is an owner whatever was asked: someone must be able to manage the desk.
   */
  add(
    email: string,
    name: string,
    { role = "staff", now = Date.now() }: { role?: StaffRole; now?: number } = {},
  ): { staff: StaffMember; token: string } {
    return this.db
      .transaction(() => {
        const first = this.sql.count.get() === 0;
        const id = Number(
          this.sql.insert.run(
            email.trim().toLowerCase(),
            name.trim(),
            first ? "owner" : role,
            new Date(now).toISOString(),
          ).lastInsertRowid,
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
    this.sweepSignIns(now);
    this.sql.insertSession.run(secretHash(id), staffId, now, now);
    return id;
  }

  /** The session with this id while it is valid (30 minutes idle, 12 hours at most, its account still there). */
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

  /**
   * Counts a sign-in attempt for an e-mail from a client address before its password is checked, in
   * one transaction: while the address is held for the e-mail, or 5 attempts of the window are still
   * being checked or failed, the attempt is refused and no password is checked. Unknown e-mails are
   * counted and held alike.
   */
  beginSignIn(email: string, clientIp: string, now = Date.now()): SignInAttempt {
    const key = [email.trim().toLowerCase(), addressKey(clientIp)] as const;
    return this.db
      .transaction((): SignInAttempt => {
        const held = this.sql.hold.get(...key, now) as number | undefined;
        if (held) return { heldUntil: held };
        const recent = this.sql.attempts.get(...key, now - deskAuth.failureWindowMs) as {
          count: number;
          oldest: number | null;
        };
        if (recent.count >= deskAuth.failuresBeforeHold)
          return { heldUntil: recent.oldest! + deskAuth.failureWindowMs };
        return { id: Number(this.sql.addAttempt.run(...key, now).lastInsertRowid) };
      })
      .immediate();
  }

  /** A wrong password: the fifth failure within 15 minutes holds the e-mail from that address for 15 minutes. */
  failSignIn(attemptId: number, now = Date.now()) {
    this.db
      .transaction(() => {
        this.sweepSignIns(now);
        const attempt = this.sql.attempt.get(attemptId) as { email: string; address: string } | undefined;
        if (!attempt) return;
        this.sql.failAttempt.run(attemptId);
        const failures = this.sql.failures.get(attempt.email, attempt.address, now - deskAuth.failureWindowMs);
        if ((failures as number) >= deskAuth.failuresBeforeHold)
          this.sql.setHold.run(attempt.email, attempt.address, now + deskAuth.holdMs);
      })
      .immediate();
  }

  /** The right password: the attempt and the earlier failures of that e-mail from that address are forgotten. */
  succeedSignIn(attemptId: number) {
    this.db
      .transaction(() => {
        const attempt = this.sql.attempt.get(attemptId) as { email: string; address: string } | undefined;
        if (attempt) this.sql.clearFailures.run(attempt.email, attempt.address, attemptId);
      })
      .immediate();
  }

  /** Until when sign-in to this e-mail from this client address is held (ms since the epoch), or null. */
  heldUntil(email: string, clientIp: string, now = Date.now()): number | null {
    return (this.sql.hold.get(email.trim().toLowerCase(), addressKey(clientIp), now) as number | undefined) ?? null;
  }

  /** Deletes attempts older than the window and holds that have ended. */
  sweepSignIns(now = Date.now()) {
    this.sql.sweepAttempts.run(now - deskAuth.failureWindowMs);
    this.sql.sweepHolds.run(now);
  }
}
