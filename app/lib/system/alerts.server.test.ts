import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import type { BackupStatus, RehearsalRecord } from "~/lib/backup/status";
import type { OutgoingMail } from "~/lib/messaging/email.server";
import type { Mailer } from "~/lib/quotes/mailer.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { createSystemMonitor } from "./monitor.server";
import type { DiskSpace } from "./status.server";

// The owners' alerts, checked as the server's minute timer checks: one e-mail per incident, whatever
// the number of checks it lasts, and another once it has cleared and comes back.

const minute = 60_000;
const start = Date.parse("2026-11-28T09:00:00.000Z");

function mailbox(failing = false) {
  const sent: OutgoingMail[] = [];
  let down = failing;
  const mailer: Mailer = {
    from: "Promo Works <sales@promo.example>",
    to: ["sales@promo.example"],
    async send(mail) {
      if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      sent.push(mail);
    },
    close() {},
  };
  return { mailer, sent, setDown: (value: boolean) => (down = value) };
}

const rehearsal = (ok: boolean): RehearsalRecord => ({
  at: "2026-11-28T03:00:00.000Z",
  ok,
  durationMs: 41_000,
  requests: 1200,
  orders: 310,
  invoices: 290,
  files: 2400,
  newestRecordAt: "2026-11-28T02:59:40.000Z",
  problem: ok ? null : "3 files did not match their recorded SHA-256",
});

/** A monitor on a real store, its backup, rehearsal and disk as the test sets them. */
function monitorWith(mail: ReturnType<typeof mailbox>, owners = ["owner@promo.example", "second@promo.example"]) {
  const store = QuoteStore.open(tempDir("system-alerts"));
  const state = { lagSeconds: 5 as number | null, rehearsal: null as RehearsalRecord | null, freePercent: 50 };
  const backup = (): BackupStatus => ({
    place: "Folder /mnt/backup/promo",
    database: { running: true, lagSeconds: state.lagSeconds, lastCaughtUpAt: null, error: null },
    files: { backlog: 0, oldestWaitingSince: null, lastCopiedAt: null, error: null },
    lastRehearsal: state.rehearsal,
  });
  const disk = (): DiskSpace => ({
    totalBytes: 100_000_000_000,
    freeBytes: state.freePercent * 1_000_000_000,
    freePercent: state.freePercent,
  });
  const monitor = createSystemMonitor({
    db: store.db,
    dataDir: "/unused",
    outboxBacklog: () => 0,
    mailer: mail.mailer,
    mailFrom: mail.mailer.from,
    owners: () => owners,
    mailbox: () => ({ read: false }),
    disk,
    log: () => {},
  });
  monitor.useBackup({ status: backup });
  return { monitor, state, store };
}

const recipients = (mail: OutgoingMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).map((to) => (typeof to === "string" ? to : to.address));

describe("the owners' alerts", () => {
  it("e-mails the owners once when the backup falls more than 15 minutes behind, and again after it clears and returns", async () => {
    const mail = mailbox();
    const { monitor, state, store } = monitorWith(mail);
    let now = start;
    const everyMinuteFor = async (minutes: number) => {
      for (let i = 0; i < minutes; i++) await monitor.check((now += minute));
    };

    await everyMinuteFor(5);
    expect(mail.sent).toHaveLength(0);

    state.lagSeconds = 16 * 60;
    await everyMinuteFor(30);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.subject).toMatch(/^The backup is more than 15 minutes behind/);
    expect(mail.sent[0]!.text).toContain("The backup is 16 minutes behind");
    expect(mail.sent[0]!.text).toContain("/desk/system");
    expect(recipients(mail.sent[0]!)).toEqual(["owner@promo.example", "second@promo.example"]);
    expect(monitor.alerts.open().map((alert) => alert.kind)).toEqual(["backup-behind"]);

    state.lagSeconds = 3; // the place came back and the backlog drained
    await everyMinuteFor(10);
    expect(mail.sent).toHaveLength(1);
    expect(monitor.alerts.open()).toEqual([]);

    state.lagSeconds = 20 * 60;
    await everyMinuteFor(10);
    expect(mail.sent).toHaveLength(2);
    expect(mail.sent[1]!.text).toContain("The backup is 20 minutes behind");
    expect(monitor.alerts.recent().map((alert) => [alert.kind, alert.clearedAt === null])).toEqual([
      ["backup-behind", true],
      ["backup-behind", false],
    ]);
    store.close();
  });

  it("e-mails once when a rehearsal fails, with its problem, and once when the disk has under 10 % free", async () => {
    const mail = mailbox();
    const { monitor, state, store } = monitorWith(mail);
    state.rehearsal = rehearsal(true);
    state.freePercent = 10;
    await monitor.check(start);
    expect(mail.sent).toHaveLength(0);

    state.rehearsal = rehearsal(false);
    state.freePercent = 9.5;
    for (let i = 1; i <= 5; i++) await monitor.check(start + i * minute);
    expect(mail.sent.map((sent) => sent.subject.split(" — ")[0])).toEqual([
      "The rehearsed restore of the backup failed",
      "The server's disk is nearly full",
    ]);
    expect(mail.sent[0]!.text).toContain("3 files did not match their recorded SHA-256");
    expect(mail.sent[1]!.text).toContain("9.5 GB free of 100 GB (9.5 %)");

    state.rehearsal = rehearsal(true);
    await monitor.check(start + 6 * minute);
    state.rehearsal = rehearsal(false);
    await monitor.check(start + 7 * minute);
    expect(mail.sent).toHaveLength(3);
    expect(mail.sent[2]!.subject).toMatch(/^The rehearsed restore of the backup failed/);
    store.close();
  });

  it("keeps trying each minute while the mail server refuses, then sends the incident's one e-mail", async () => {
    const mail = mailbox(true);
    const { monitor, state, store } = monitorWith(mail);
    state.freePercent = 4;
    for (let i = 0; i < 3; i++) await monitor.check(start + i * minute);
    expect(mail.sent).toHaveLength(0);
    expect(monitor.alerts.open()[0]).toMatchObject({ kind: "disk-low", mailedAt: null, mailAttempts: 3 });

    mail.setDown(false);
    for (let i = 3; i < 8; i++) await monitor.check(start + i * minute);
    expect(mail.sent).toHaveLength(1);
    expect(monitor.alerts.open()[0]).toMatchObject({ kind: "disk-low", mailAttempts: 4 });
    expect(monitor.alerts.open()[0]!.mailedAt).not.toBeNull();
    store.close();
  });

  it("remembers an open incident across a restart: the new process does not mail it again", async () => {
    const mail = mailbox();
    const dir = tempDir("system-alerts-restart");
    const make = () => {
      const store = QuoteStore.open(dir);
      const monitor = createSystemMonitor({
        db: store.db,
        dataDir: dir,
        outboxBacklog: () => 0,
        mailer: mail.mailer,
        mailFrom: mail.mailer.from,
        owners: () => ["owner@promo.example"],
        mailbox: () => ({ read: false }),
        disk: () => ({ totalBytes: 100, freeBytes: 5, freePercent: 5 }),
        log: () => {},
      });
      return { store, monitor };
    };
    const first = make();
    await first.monitor.check(start);
    first.store.close();
    const second = make();
    await second.monitor.check(start + minute);
    expect(mail.sent).toHaveLength(1);
    second.store.close();
  });
});
