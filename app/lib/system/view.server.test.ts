import { describe, expect, it } from "vitest";
import { waitingReport } from "../../../tests/support/fbr-fixtures";
import type { SystemStatus } from "./status.server";
import type { PendingReport } from "~/lib/fbr/desk.server";
import type { InvoiceReport } from "~/lib/fbr/report-types";
import { type FbrWatch, systemView } from "./view.server";

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

describe("the System page's FBR Digital Invoicing card", () => {
  const pending = (
    reference: string,
    number: string,
    change: Partial<InvoiceReport> & Pick<InvoiceReport, "status">,
  ): PendingReport => ({
    orderReference: reference,
    report: waitingReport({
      id: 1,
      invoiceId: 1,
      invoiceNumber: number,
      queuedAt: at,
      nextAttemptAt: null,
      attempts: 0,
      lastProblem: null,
      ...change,
    }),
  });
  const card = (watch: FbrWatch | null) => systemView(status({}), [], watch).cards.find((each) => each.id === "fbr");

  it("is not shown when the desk is not given FBR's reports", () => {
    expect(card(null)).toBeUndefined();
  });

  it("says FBR is not connected and which setting does it", () => {
    expect(card({ connection: null, pending: () => [] })).toMatchObject({
      title: "FBR Digital Invoicing",
      tone: "warn",
      summary:
        "Not connected: FBR_DI_TOKEN is not set, so invoices are issued without being reported to FBR and carry no FBR number. Set it as the README says (FBR_DI_SANDBOX=1 to try FBR's sandbox first) and restart the server. Nothing waits for FBR and FBR refused nothing.",
      lines: [],
    });
  });

  it("is fine connected to production with nothing waiting, and marks the sandbox", () => {
    expect(card({ connection: { sandbox: false }, pending: () => [] })).toMatchObject({
      tone: "ok",
      summary:
        "Connected to FBR (production): each invoice is reported as it is issued. Nothing waits for FBR and FBR refused nothing.",
    });
    expect(card({ connection: { sandbox: true }, pending: () => [] })!.summary).toMatch(
      /^Connected to FBR's sandbox \(FBR_DI_SANDBOX=1\): a test connection/,
    );
  });

  it("counts what waits since the oldest and what FBR refused, each linking to its order", () => {
    const shown = card({
      connection: { sandbox: false },
      pending: () => [
        pending("O-2026-0050", "INV-2026-27-0012", {
          status: "waiting",
          queuedAt: "2026-11-29T07:50:00.000Z",
          attempts: 1,
        }),
        pending("O-2026-0042", "INV-2026-27-0009", {
          status: "refused",
          refusal: [
            { line: 1, code: "0052", words: "The HS code 9608.1099 is not one FBR knows." },
            { line: null, code: "0002", words: "The buyer's NTN is not registered with FBR." },
          ],
        }),
        pending("O-2026-0047", "INV-2026-27-0011", {
          status: "waiting",
          queuedAt: "2026-11-29T06:30:00.000Z",
          attempts: 9,
          lastProblem: "FBR answered 503 (service unavailable)",
        }),
      ],
    })!;
    expect(shown.tone).toBe("warn");
    expect(shown.summary).toBe(
      "Connected to FBR (production): each invoice is reported as it is issued. 2 documents waiting for FBR, the oldest since 2026-11-29 11:30 PKT (1 hour 30 minutes ago); 1 document refused by FBR: correct each on its order.",
    );
    expect(shown.lines).toEqual([
      {
        label: "Refused: INV-2026-27-0009",
        value: "O-2026-0042 — The HS code 9608.1099 is not one FBR knows. (and 1 more reason)",
        tone: "warn",
        href: "/desk/orders/O-2026-0042#invoices",
      },
      {
        label: "Waiting: INV-2026-27-0011",
        value:
          "O-2026-0047 — since Sun 29 Nov 11:30 PKT, 9 tries; last problem: FBR answered 503 (service unavailable)",
        tone: "warn",
        href: "/desk/orders/O-2026-0047#invoices",
      },
      {
        label: "Waiting: INV-2026-27-0012",
        value: "O-2026-0050 — since Sun 29 Nov 12:50 PKT, 1 try",
        tone: "plain",
        href: "/desk/orders/O-2026-0050#invoices",
      },
    ]);
  });
});
