import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import type { BackupStatus, RehearsalRecord } from "~/lib/backup/status";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import * as systemPage from "~/routes/desk/system";
import { noBackup } from "./status.server";

// Who may open the System page, called as React Router calls the route behind the desk's middleware
// on a real store, and what an owner reads there in each state of the backup.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let ip = 0;
let owner: string;
let staff: string;

const args = (request: Request): RouteArgs => routeArgs(request, {}, `198.51.100.${ip++ % 250}`);
const get = (cookie?: string) => new Request(`${site}/desk/system`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

async function member(email: string, role: "owner" | "staff") {
  const { output, code } = runStaffCommand(
    ["add", email, "--name", email.split("@")[0]!, "--role", role],
    getQuoteService().store.db,
  );
  expect(code).toBe(0);
  const token = /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  await outcome(() =>
    setup.action({ ...args(post(`/desk/setup/${token}`, { password, repeat: password })), params: { token } } as never),
  );
  const answer = await outcome(() => signInRoute.action(args(post("/desk/sign-in", { email, password })) as never));
  const cookie = answer.headers.get("set-cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^desk_session=/);
  return cookie;
}

/** The page as an owner's browser gets it. */
async function pageHtml() {
  const answer = await outcome(() => underDeskLayout(systemPage.loader, args(get(owner))));
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  const Stub = createRoutesStub([{ path: "/desk/system", Component: systemPage.default as never }]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: ["/desk/system"], hydrationData: { loaderData: { "0": answer.data } } }),
  ).replaceAll("&#x27;", "'");
}

const failedRehearsal: RehearsalRecord = {
  at: "2026-11-28T22:00:00.000Z",
  ok: false,
  durationMs: 95_000,
  requests: 1204,
  orders: 311,
  invoices: 290,
  files: 2417,
  newestRecordAt: "2026-11-28T21:59:12.000Z",
  problem: "3 files did not match their recorded SHA-256",
};

const behind = (): BackupStatus => ({
  place: "SFTP backup@nas.example:22 /srv/promo",
  database: {
    running: true,
    lagSeconds: 16 * 60,
    lastCaughtUpAt: new Date(Date.now() - 16 * 60_000).toISOString(),
    error: "sftp: connection refused",
  },
  files: {
    backlog: 7,
    oldestWaitingSince: new Date(Date.now() - 10 * 60_000).toISOString(),
    lastCopiedAt: new Date(Date.now() - 11 * 60_000).toISOString(),
    error: null,
  },
  lastRehearsal: failedRehearsal,
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "system-page-"));
  process.env.DATA_DIR = dataDir;
  owner = await member("sana@promo.example", "owner");
  staff = await member("bilal@promo.example", "staff");
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the System page", () => {
  it("sends a visitor without a session to sign in, and shows them nothing", async () => {
    for (const run of [
      () => underDeskLayout(systemPage.loader, args(get())),
      () => underDeskLayout(systemPage.action, args(post("/desk/system", { intent: "rehearse" }))),
    ]) {
      const answer = await outcome(run);
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/desk\/sign-in/);
      expect(answer.data).toBeUndefined();
    }
  });

  it("refuses a staff member who types its address, the page and its form, naming the owners' permission", async () => {
    let rehearsals = 0;
    getQuoteService().system.useBackup({
      status: behind,
      rehearseNow: async () => (rehearsals++, failedRehearsal),
    });
    const page = await outcome(() => underDeskLayout(systemPage.loader, args(get(staff))));
    expect(page.status).toBe(403);
    expect(String(page.data)).toContain('"system.read"');
    expect(String(page.data)).not.toContain("nas.example");
    const form = await outcome(() =>
      underDeskLayout(systemPage.action, args(post("/desk/system", { intent: "rehearse" }, staff))),
    );
    expect(form.status).toBe(403);
    expect(rehearsals).toBe(0);
  });

  it("warns an owner, as the first thing, that nothing is copied off the machine when BACKUP_URL is not set", async () => {
    getQuoteService().system.useBackup(noBackup);
    const html = await pageHtml();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Not set: BACKUP_URL is not set — nothing is copied off this machine");
    expect(html).toContain("None: there is no backup to restore from.");
    expect(html).toContain("E-mail is off");
    expect(html).toContain("Not read: IMAP_URL is not set");
    expect(html).toMatch(/GB free of [\d.]+ [GT]B \([\d.]+ %\)/);
    expect(html).not.toContain("Rehearse now");
  });

  it("shows an owner the place, how far behind, the files waiting, the failed rehearsal with its counts and problem", async () => {
    getQuoteService().system.useBackup({ status: behind, rehearseNow: async () => failedRehearsal });
    await getQuoteService().system.check();
    const html = await pageHtml();
    expect(html).not.toContain("BACKUP_URL is not set");
    expect(html).toContain("SFTP backup@nas.example:22 /srv/promo");
    expect(html).toContain(
      "16 minutes behind — the last copy failed (below): nothing is lost here, and what waits is sent once the place answers — more than 15 minutes: the owners are e-mailed.",
    );
    expect(html).toContain("sftp: connection refused");
    expect(html).toMatch(/7, the oldest waiting since \d{4}-\d\d-\d\d \d\d:\d\d PKT \(10 minutes ago\)/);
    expect(html).toContain("Failed on 2026-11-29 03:00 PKT (1 minute)");
    expect(html).toContain("3 files did not match their recorded SHA-256");
    for (const count of ["1,204", "311", "290", "2,417", "2026-11-29 02:59 PKT"]) expect(html).toContain(count);
    // The open incidents, as the minute's check recorded them.
    expect(html).toContain("Needs attention");
    expect(html).toContain("The rehearsed restore of 2026-11-29 03:00 PKT failed");
    expect(html).toContain("Rehearse now");
  });

  it("rehearses a restore now for an owner, and then shows it", async () => {
    let rehearsals = 0;
    getQuoteService().system.useBackup({
      status: behind,
      rehearseNow: async () => (rehearsals++, failedRehearsal),
    });
    const answer = await outcome(() =>
      underDeskLayout(systemPage.action, args(post("/desk/system", { intent: "rehearse" }, owner))),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/desk/system?done=rehearsed");
    expect(rehearsals).toBe(1);
  });
});
