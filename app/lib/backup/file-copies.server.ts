import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { backoffDelay } from "~/lib/backoff";
import {
  areaFolder,
  type StoredFileRecord,
  storedFilesAfter,
  storedFilesRemovedBefore,
  storedFilesWaiting,
} from "~/lib/files/registry.server";
import { type BackupObjects, fileKey, LINK_KEY_OBJECT } from "./objects.server";
import type { FileBackupStatus } from "./status";

export type FileCopiesOptions = {
  db: Database.Database;
  dataDir: string;
  objects: BackupObjects;
  /** Days a removed file stays in the backup after its removal (BACKUP_RETENTION_DAYS). */
  retentionDays: number;
  /** How often the registry is looked at without a kick; a kick copies at once. */
  pollMs?: number;
  /** The longest wait between attempts while the place is down. */
  maxRetryMs?: number;
  log?: (message: string) => void;
  now?: () => Date;
};

export type FileCopies = {
  /** Starts copying: the backlog first, then each file as it is stored. */
  start(): void;
  /** A file was stored: copy it now rather than at the next look. */
  kick(): void;
  /** Stops the timer and resolves when the copy under way has ended. The objects stay open (the caller's). */
  stop(): Promise<void>;
  status(): FileBackupStatus;
};

const BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** link.key is 32 bytes; anything much bigger there is not a link key. */
const LINK_KEY_MAX_BYTES = 4096;

type Progress = {
  copiedThrough: number;
  lastCopiedAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
};

/**
 * Copies every stored file to the backup place, in the order they were stored: the queue is the
 * registry after `copied_through`, so it survives restarts and nothing stored is ever refused or
 * forgotten while the place is down; attempts then wait longer (1 s doubling to `maxRetryMs`) and the
 * backlog drains when the place returns. A file is read and its SHA-256 checked against the registry
 * before it is sent; one that does not match (or is gone without being removed) is held: reported,
 * never sent as if good, and the files after it are still copied. Also sends link.key whenever it changes.
 */
export function fileCopies(options: FileCopiesOptions): FileCopies {
  const { db, dataDir, objects, retentionDays } = options;
  const pollMs = options.pollMs ?? 3_000;
  const maxRetryMs = options.maxRetryMs ?? 8_000;
  const log = options.log ?? ((message: string) => console.warn(message));
  const now = options.now ?? (() => new Date());

  db.prepare("INSERT INTO backup_file_progress (id) VALUES (1) ON CONFLICT (id) DO NOTHING").run();
  const readProgress = db.prepare(
    `SELECT copied_through AS copiedThrough, last_copied_at AS lastCopiedAt, last_error AS lastError,
            last_error_at AS lastErrorAt FROM backup_file_progress WHERE id = 1`,
  );
  const progress = () => readProgress.get() as Progress;
  const recordCopied = db.prepare(
    "UPDATE backup_file_progress SET copied_through = ?, last_copied_at = coalesce(?, last_copied_at) WHERE id = 1",
  );
  const recordError = db.prepare("UPDATE backup_file_progress SET last_error = ?, last_error_at = ? WHERE id = 1");
  const clearError = db.prepare(
    "UPDATE backup_file_progress SET last_error = NULL, last_error_at = NULL WHERE id = 1 AND last_error IS NOT NULL",
  );

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let linkKeySent: string | null = null;
  let lastPruneAt = 0;
  let lastReported: string | null = null;
  /** Held files as last looked at (size and time changed), so one is read again only when it changes. */
  const heldLooks = new Map<number, { look: string; problem: string }>();
  /** Files after a held one already sent: not sent again while the held one waits. */
  const sentAhead = new Set<number>();

  function schedule(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .then(
        (held) => {
          failures = 0;
          if (held) report(held);
          else if (clearError.run().changes > 0) lastReported = null;
          return pollMs;
        },
        (error: unknown) => {
          const wait = backoffDelay(failures++, { capMs: maxRetryMs });
          report(error instanceof Error ? error.message : String(error), true);
          return wait;
        },
      )
      .then((wait) => {
        running = undefined;
        if (again && failures === 0) {
          again = false;
          run();
        } else {
          again = false;
          schedule(wait);
        }
      });
  }

  /** Records why copies wait; logs it when the reason is new, not at every retry. */
  function report(words: string, placeDown = false) {
    recordError.run(words, now().toISOString());
    if (words === lastReported) return;
    lastReported = words;
    log(`Backup of files: ${words}${placeDown ? " (tried again every few seconds until it answers)" : ""}`);
  }

  /** Copies what waits; the reason a file is held back, or null when everything stored is in the backup. */
  async function pass(): Promise<string | null> {
    await sendLinkKey();
    let held: string | null = null;
    let through = progress().copiedThrough;
    let after = through;
    for (;;) {
      const batch = storedFilesAfter(db, after, BATCH);
      for (const file of batch) {
        after = file.id;
        if (file.removedAt !== null) {
          // Removed before it was copied: nothing to keep.
        } else if (sentAhead.has(file.id)) {
          // Sent while an earlier file was held.
        } else {
          const problem = await copy(file);
          if (problem) {
            held ??= problem;
            continue;
          }
          if (held) sentAhead.add(file.id);
        }
        if (!held) {
          through = file.id;
          sentAhead.delete(file.id);
          heldLooks.delete(file.id);
          recordCopied.run(through, file.removedAt === null ? now().toISOString() : null);
        }
        if (stopped) return held;
      }
      if (batch.length < BATCH) break;
    }
    if (now().getTime() - lastPruneAt >= DAY_MS) await prune();
    return held;
  }

  /** Sends one file; the reason it is held instead, or null when it is in the backup. */
  async function copy(file: StoredFileRecord): Promise<string | null> {
    const path = join(areaFolder(dataDir, file.area), file.name);
    const label = `${file.area}/${file.name}`;
    if (!file.sha256) return `${label} is not yet hashed by the files module; copied once it is.`;
    let size: number;
    let mtimeMs: number;
    try {
      ({ size, mtimeMs } = await stat(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return `${label} is missing from the data folder.`;
      throw error;
    }
    const look = `${size}:${mtimeMs}:${file.byteSize}:${file.sha256}`;
    const before = heldLooks.get(file.id);
    if (before?.look === look) return before.problem;
    const problem = await checkAndSend(file, path, label, size);
    if (problem) heldLooks.set(file.id, { look, problem });
    else heldLooks.delete(file.id);
    return problem;
  }

  async function checkAndSend(file: StoredFileRecord, path: string, label: string, size: number) {
    if (size !== file.byteSize)
      return `${label} is ${size} bytes on disk, not the ${file.byteSize} recorded: not copied.`;
    const data = await readFile(path);
    const sha256 = createHash("sha256").update(data).digest("hex");
    if (sha256 !== file.sha256) return `${label} does not match its recorded SHA-256: not copied.`;
    await objects.put(fileKey(file.area, file.name), data);
    return null;
  }

  async function sendLinkKey() {
    const path = join(dataDir, "link.key");
    let data: Buffer;
    try {
      if ((await stat(path)).size > LINK_KEY_MAX_BYTES) throw new Error(`${path} is too big for a link key.`);
      data = await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const hash = createHash("sha256").update(data).digest("hex");
    if (hash === linkKeySent) return;
    await objects.put(LINK_KEY_OBJECT, data);
    linkKeySent = hash;
  }

  /** Removes from the place the files removed longer ago than the retention. */
  async function prune() {
    const cutoff = new Date(now().getTime() - retentionDays * DAY_MS).toISOString();
    const expired = storedFilesRemovedBefore(db, cutoff);
    const byArea = new Map<string, Set<string>>();
    for (const { area, name } of expired) {
      const names = byArea.get(area) ?? new Set<string>();
      names.add(fileKey(area, name));
      byArea.set(area, names);
    }
    for (const [area, keys] of byArea) {
      for (const key of await objects.list(`files/${area}/`)) if (keys.has(key)) await objects.remove(key);
    }
    lastPruneAt = now().getTime();
  }

  return {
    start() {
      if (started) return;
      started = true;
      run();
    },
    kick() {
      // While the place is down the retries keep their own pace (a held file does not slow the others).
      if (started && failures === 0) run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    status() {
      const { copiedThrough, lastCopiedAt, lastError } = progress();
      const waiting = storedFilesWaiting(db, copiedThrough);
      return {
        backlog: waiting.count,
        oldestWaitingSince: waiting.oldestStoredAt,
        lastCopiedAt,
        error: lastError,
      };
    },
  };
}
