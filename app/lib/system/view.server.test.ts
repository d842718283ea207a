import { describe, expect, it } from "vitest";
import type { SystemStatus } from "./status.server";
import { systemView } from "./view.server";

const at = "2026-11-29T08:00:00.000Z";

/** A backup to SFTP whose database is caught up, with `files` as given. */
function status(files: Partial<SystemStatus["backup"]["files"]>, lag: number | null = 0): SystemStatus {
  return {
    checkedAt: at,
    backup: {
      place: "SFTP backup@nas.example:22 /srv/promo",
      database: { running: true, lagSeconds: lag, lastCaughtUpAt: at, error: null },
      files: { backlog: 0, oldestWaitingSince: null, lastCopiedAt: at, error: null, ...files },
      lastRehearsal: null,
    },
    backupLagSeconds: lag,
    outboxBacklog: 0,
    emailOn: false,
    mailbox: { read: false },
    disk: { freeBytes: 50e9, totalBytes: 100e9, freePercent: 50 },
  };
}

const backupCard = (value: SystemStatus) => systemView(value, []).cards.find((card) => card.id === "backup")!;

describe("the System page's backup card", () => {
  it("says up to date only when nothing waits and no copy failed", () => {
    expect(backupCard(status({}))).toMatchObject({ tone: "ok", summary: "Up to date." });
  });

  it("says what waits and that the last copy failed, however recent, rather than up to date", () => {
    const card = backupCard(
      status({ backlog: 3, oldestWaitingSince: at, error: "Cannot reach the SFTP server backup@nas.example:22" }),
    );
    expect(card.tone).toBe("warn");
    expect(card.summary).toBe(
      "3 files waiting — the last copy failed (below): nothing is lost here, and what waits is sent once the place answers.",
    );
  });

  it("says how far behind, and that the owners are told past 15 minutes", () => {
    expect(backupCard(status({ backlog: 1, oldestWaitingSince: "2026-11-29T07:44:00.000Z" }, 16 * 60)).summary).toBe(
      "16 minutes behind — more than 15 minutes: the owners are e-mailed.",
    );
  });
});
