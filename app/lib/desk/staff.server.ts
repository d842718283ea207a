import type Database from "better-sqlite3";
import { and, count, eq, gt, lte, min, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { addressKey } from "~/lib/client-address";
import { isSecretShape, newSecret, secretHash } from "~/lib/secrets.server";
import type { StaffRole } from "./permissions";
import { staff, staffSessions, staffSetupTokens, staffSignInAttempts, staffSignInHolds } from "./staff-schema";

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

type StaffRow = typeof staff.$inferSelect;

const fromRow = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  hasPassword: row.passwordHash !== null,
  createdAt: row.createdAt,
});

/** Staff accounts, their one-time set-up links, sessions and sign-in failures, in the quotes database. */
export class StaffDirectory {
  private readonly orm;

  constructor(db: Database.Database) {
    this.orm = drizzle({ client: db });
  }

  /** The attempts of an e-mail from an address since `since`. */
  private attemptsOf = (email: string, address: string, since: number) =>
    and(
      eq(staffSignInAttempts.email, email),
      eq(staffSignInAttempts.address, address),
      gt(staffSignInAttempts.at, since),
    );

  private hold(email: string, address: string, now: number): number | undefined {
    return this.orm
      .select({ until: staffSignInHolds.until })
      .from(staffSignInHolds)
      .where(
        and(eq(staffSignInHolds.email, email), eq(staffSignInHolds.address, address), gt(staffSignInHolds.until, now)),
      )
      .get()?.until;
  }

  private attempt(id: number) {
    return this.orm
      .select({ email: staffSignInAttempts.email, address: staffSignInAttempts.address })
      .from(staffSignInAttempts)
      .where(eq(staffSignInAttempts.id, id))
      .get();
  }

  private clearTokens(staffId: number) {
    this.orm.delete(staffSetupTokens).where(eq(staffSetupTokens.staffId, staffId)).run();
  }

  private endSessionByHash(idHash: string) {
    this.orm.delete(staffSessions).where(eq(staffSessions.idHash, idHash)).run();
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
    return this.orm.transaction(
      (tx) => {
        const first = tx.select({ count: count() }).from(staff).get()!.count === 0;
        const { id } = tx
          .insert(staff)
          .values({
            email: email.trim().toLowerCase(),
            name: name.trim(),
            role: first ? "owner" : role,
            createdAt: new Date(now).toISOString(),
          })
          .returning({ id: staff.id })
          .get();
        return { staff: this.get(id)!, token: this.newSetupToken(id, now) };
      },
      { behavior: "immediate" },
    );
  }

  get(id: number): StaffMember | undefined {
    const row = this.orm.select().from(staff).where(eq(staff.id, id)).get();
    return row && fromRow(row);
  }

  find(email: string): StaffMember | undefined {
    const row = this.byEmail(email);
    return row && fromRow(row);
  }

  /** The stored password hash (null: not set up yet, or no such account). */
  passwordHash(email: string): string | null {
    return this.byEmail(email)?.passwordHash ?? null;
  }

  /** An account by its e-mail, whatever its case (the column compares without it). */
  private byEmail(email: string): StaffRow | undefined {
    return this.orm.select().from(staff).where(eq(staff.email, email.trim())).get();
  }

  list(): StaffMember[] {
    return this.orm.select().from(staff).orderBy(staff.email).all().map(fromRow);
  }

  /**
   * Removes an account; its sessions and links end with it (foreign keys). The desk's last owner is
   * never removed: the check and the removal are one transaction, so two owners removing each other
   * at once leave one.
   */
  remove(email: string): "removed" | "no such account" | "the last owner" {
    return this.orm.transaction(
      (tx) => {
        const member = this.find(email);
        if (!member) return "no such account";
        if (member.role === "owner") {
          const owners = tx.select({ count: count() }).from(staff).where(eq(staff.role, "owner")).get()?.count ?? 0;
          if (owners <= 1) return "the last owner";
        }
        tx.delete(staff).where(eq(staff.id, member.id)).run();
        return "removed";
      },
      { behavior: "immediate" },
    );
  }

  /** A new set-up link's token; earlier links of the account stop working. */
  newSetupToken(staffId: number, now = Date.now()): string {
    const token = newSecret();
    this.orm.transaction(
      (tx) => {
        this.clearTokens(staffId);
        tx.insert(staffSetupTokens)
          .values({ tokenHash: secretHash(token), staffId, expiresAt: now + deskAuth.setupLinkMs })
          .run();
      },
      { behavior: "immediate" },
    );
    return token;
  }

  /** Whose a set-up token is, while it is valid. */
  setupTokenOwner(token: string, now = Date.now()): StaffMember | undefined {
    if (!isSecretShape(token)) return undefined;
    const row = this.orm
      .select({ staffId: staffSetupTokens.staffId })
      .from(staffSetupTokens)
      .where(and(eq(staffSetupTokens.tokenHash, secretHash(token)), gt(staffSetupTokens.expiresAt, now)))
      .get();
    return row && this.get(row.staffId);
  }

  /**
   * Uses a set-up token once: sets the password and ends the account's sessions. False when the
   * token is unknown, used or expired.
   */
  usePasswordToken(token: string, passwordHash: string, now = Date.now()): StaffMember | undefined {
    return this.orm.transaction(
      (tx) => {
        const owner = this.setupTokenOwner(token, now);
        if (!owner) return undefined;
        const used = tx
          .delete(staffSetupTokens)
          .where(and(eq(staffSetupTokens.tokenHash, secretHash(token)), gt(staffSetupTokens.expiresAt, now)))
          .run();
        if (used.changes !== 1) return undefined;
        tx.update(staff).set({ passwordHash }).where(eq(staff.id, owner.id)).run();
        this.clearTokens(owner.id);
        tx.delete(staffSessions).where(eq(staffSessions.staffId, owner.id)).run();
        return owner;
      },
      { behavior: "immediate" },
    );
  }

  /** Starts a session; returns its id, the only copy of which goes into the cookie. */
  startSession(staffId: number, now = Date.now()): string {
    const id = newSecret();
    this.orm
      .delete(staffSessions)
      .where(
        or(
          lte(staffSessions.seenAt, now - deskAuth.sessionIdleMs),
          lte(staffSessions.createdAt, now - deskAuth.sessionMaxMs),
        ),
      )
      .run();
    this.sweepSignIns(now);
    this.orm
      .insert(staffSessions)
      .values({ idHash: secretHash(id), staffId, createdAt: now, seenAt: now })
      .run();
    return id;
  }

  /** The session with this id while it is valid (30 minutes idle, 12 hours at most, its account still there). */
  session(id: string | null | undefined, now = Date.now()): StaffSession | undefined {
    if (!id || !isSecretShape(id)) return undefined;
    const sessionHash = secretHash(id);
    const row = this.orm.select().from(staffSessions).where(eq(staffSessions.idHash, sessionHash)).get();
    if (!row) return undefined;
    if (now - row.seenAt >= deskAuth.sessionIdleMs || now - row.createdAt >= deskAuth.sessionMaxMs) {
      this.endSessionByHash(sessionHash);
      return undefined;
    }
    const member = this.get(row.staffId);
    if (!member) return undefined;
    if (now - row.seenAt >= deskAuth.touchEveryMs)
      this.orm.update(staffSessions).set({ seenAt: now }).where(eq(staffSessions.idHash, sessionHash)).run();
    return { staff: member, sessionHash };
  }

  endSession(id: string | null | undefined) {
    if (id && isSecretShape(id)) this.endSessionByHash(secretHash(id));
  }

  /**
   * Counts a sign-in attempt for an e-mail from a client address before its password is checked, in
   * one transaction: while the address is held for the e-mail, or 5 attempts of the window are still
   * being checked or failed, the attempt is refused and no password is checked. Unknown e-mails are
   * counted and held alike.
   */
  beginSignIn(email: string, clientIp: string, now = Date.now()): SignInAttempt {
    const [mail, address] = [email.trim().toLowerCase(), addressKey(clientIp)];
    return this.orm.transaction(
      (tx): SignInAttempt => {
        const held = this.hold(mail, address, now);
        if (held) return { heldUntil: held };
        // Attempts in the window, pending or failed, and the oldest of them (when a slot frees).
        const recent = tx
          .select({ count: count(), oldest: min(staffSignInAttempts.at) })
          .from(staffSignInAttempts)
          .where(this.attemptsOf(mail, address, now - deskAuth.failureWindowMs))
          .get()!;
        if (recent.count >= deskAuth.failuresBeforeHold)
          return { heldUntil: recent.oldest! + deskAuth.failureWindowMs };
        const added = tx
          .insert(staffSignInAttempts)
          .values({ email: mail, address, at: now })
          .returning({ id: staffSignInAttempts.id })
          .get();
        return { id: added.id };
      },
      { behavior: "immediate" },
    );
  }

  /** A wrong password: the fifth failure within 15 minutes holds the e-mail from that address for 15 minutes. */
  failSignIn(attemptId: number, now = Date.now()) {
    this.orm.transaction(
      (tx) => {
        this.sweepSignIns(now);
        const attempt = this.attempt(attemptId);
        if (!attempt) return;
        tx.update(staffSignInAttempts).set({ failed: 1 }).where(eq(staffSignInAttempts.id, attemptId)).run();
        const failures = tx
          .select({ count: count() })
          .from(staffSignInAttempts)
          .where(
            and(
              this.attemptsOf(attempt.email, attempt.address, now - deskAuth.failureWindowMs),
              eq(staffSignInAttempts.failed, 1),
            ),
          )
          .get()!.count;
        if (failures >= deskAuth.failuresBeforeHold)
          tx.insert(staffSignInHolds)
            .values({ email: attempt.email, address: attempt.address, until: now + deskAuth.holdMs })
            .onConflictDoUpdate({
              target: [staffSignInHolds.email, staffSignInHolds.address],
              set: { until: sql`excluded.until` },
            })
            .run();
      },
      { behavior: "immediate" },
    );
  }

  /** The right password: the attempt and the earlier failures of that e-mail from that address are forgotten. */
  succeedSignIn(attemptId: number) {
    this.orm.transaction(
      (tx) => {
        const attempt = this.attempt(attemptId);
        if (!attempt) return;
        tx.delete(staffSignInAttempts)
          .where(
            and(
              eq(staffSignInAttempts.email, attempt.email),
              eq(staffSignInAttempts.address, attempt.address),
              or(eq(staffSignInAttempts.failed, 1), eq(staffSignInAttempts.id, attemptId)),
            ),
          )
          .run();
      },
      { behavior: "immediate" },
    );
  }

  /** Until when sign-in to this e-mail from this client address is held (ms since the epoch), or null. */
  heldUntil(email: string, clientIp: string, now = Date.now()): number | null {
    return this.hold(email.trim().toLowerCase(), addressKey(clientIp), now) ?? null;
  }

  /** Deletes attempts older than the window and holds that have ended. */
  sweepSignIns(now = Date.now()) {
    this.orm
      .delete(staffSignInAttempts)
      .where(lte(staffSignInAttempts.at, now - deskAuth.failureWindowMs))
      .run();
    this.orm.delete(staffSignInHolds).where(lte(staffSignInHolds.until, now)).run();
  }
}
