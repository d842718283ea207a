import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startLitestream } from "~/lib/backup/litestream.server";
import { folderObjects, LINK_KEY_OBJECT } from "~/lib/backup/objects.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { buyerFields, submissionMeta } from "../tests/support/request-fixture";
import { tempDir } from "../tests/support/temp-dir";

/** The command as `npm run restore` runs it, from its source. */
function restoreCommand(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "restore.ts"), ...args],
      { env: { ...process.env, BACKUP_URL: "", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run restore", { timeout: 60_000 }, () => {
  it("restores a folder backup and says what it restored; refuses a folder that is not empty and a bad time", async () => {
    const placeDir = join(tempDir("place"), "promo");
    const dataDir = tempDir("live");
    const store = QuoteStore.open(dataDir);
    const supervisor = await startLitestream({
      dbFile: store.file,
      backup: { place: { kind: "file", path: placeDir }, retentionDays: 30 },
      log: () => {},
    });
    try {
      await folderObjects(placeDir).put(LINK_KEY_OBJECT, randomBytes(32));
      store.insert(buyerFields, submissionMeta("cli-1"), { notify: false, now: new Date("2026-11-28T09:15:00Z") });
      const wrote = Date.now();
      while (Date.parse(supervisor.status().lastCaughtUpAt ?? "1970-01-01") < wrote + 1_500)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await supervisor.stop();
      store.close();
    }

    const to = join(tempDir("restored"), "data");
    const restored = await restoreCommand(["--from", `file://${placeDir}`, "--to", to]);
    expect(restored).toMatchObject({ code: 0, stderr: "" });
    expect(restored.stdout).toContain(
      "1 request, 0 orders, 0 invoices, 0 files.\nNewest record: 2026-11-28 14:15 PKT.",
    );

    const again = await restoreCommand(["--to", to], { BACKUP_URL: `file://${placeDir}` });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Restore failed: ${to} is not empty`);

    const badTime = await restoreCommand(["--from", `file://${placeDir}`, "--to", join(to, "x"), "--at", "28/11"]);
    expect(badTime.code).toBe(1);
    expect(badTime.stderr).toContain("--at must be a time like");
  });
});
