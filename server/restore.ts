/**
 * `npm run restore -- --from URL --to DIR [--at "2026-11-28 14:00"]`: rebuilds a data folder from the
 * backup (README.md says when and how). Compiled into build/server/restore.js by `npm run build`.
 * --from takes BACKUP_URL's forms (file://, sftp://, s3://) with the same variables for keys
 * (BACKUP_SSH_KEY, AWS_ACCESS_KEY_ID, …), BACKUP_URL itself when left out; --at is Pakistan time unless it
 * carries a zone.
 */
import { parseArgs } from "node:util";
import { BackupConfigError, describePlace, readBackupConfig } from "~/lib/backup/config.server";
import { describeRestore, parseRestoreTime, restoreBackup, RestoreError } from "~/lib/backup/restore.server";

const usage = `Usage: npm run restore -- --from URL --to DIR [--at "YYYY-MM-DD HH:MM"]
  --from  the backup: file:///mnt/backup/promo, sftp://user@host:22/path (key in BACKUP_SSH_KEY)
          or s3://bucket/prefix (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, BACKUP_S3_ENDPOINT);
          BACKUP_URL when left out
  --to    a new or empty folder to rebuild the data folder in
  --at    the state at that time (Pakistan time unless a zone is given, e.g. "2026-11-28 09:00Z");
          the newest state when left out`;

async function main(): Promise<number> {
  let values: { from?: string; to?: string; at?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { from: { type: "string" }, to: { type: "string" }, at: { type: "string" }, help: { type: "boolean" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.to) {
    console.error(`--to is needed.\n${usage}`);
    return 2;
  }
  try {
    const at = values.at ? parseRestoreTime(values.at) : null;
    const config = readBackupConfig({ ...process.env, ...(values.from ? { BACKUP_URL: values.from } : {}) });
    if (!config) {
      console.error(`--from is needed (BACKUP_URL is not set).\n${usage}`);
      return 2;
    }
    console.log(`Restoring from ${describePlace(config.place)} into ${values.to}…`);
    const summary = await restoreBackup({ place: config.place, to: values.to, at });
    console.log(`Restored and checked:\n${describeRestore(summary)}`);
    return 0;
  } catch (error) {
    // A failed check or setting is said in words; anything else (a place not reachable, a full disk) too,
    // with its stack only when it is not one of those.
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof RestoreError || error instanceof BackupConfigError) && error instanceof Error)
      console.error(error.stack);
    return 1;
  }
}

process.exitCode = await main();
