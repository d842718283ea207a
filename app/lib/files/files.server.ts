import { createHash, randomUUID } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import type Database from "better-sqlite3";
import {
  areaFolder,
  type FileArea,
  fileAreas,
  liveNames,
  markRemoved,
  registerFile,
  setHash,
  setMissing,
  unhashedFiles,
} from "./registry.server";

/** A file written, synced and recorded in the registry. */
export type WrittenStoredFile = { name: string; sha256: string; byteSize: number };

/** Where uploads are streamed while they are checked: inside attachments/ (same disk), never stored or backed up. */
export const INCOMING_DIR = "incoming";

/**
 * The columns of other modules' tables that name a stored file: a file kept in the registry that none of
 * them names (its owner's row was never committed, or was deleted by a process that stopped before
 * removing the file) is a stray once it is older than the grace period.
 */
const fileHolders: Record<FileArea, string> = {
  attachments: `SELECT stored_name FROM quote_attachments UNION ALL SELECT stored_name FROM proofs
    UNION ALL SELECT stored_name FROM message_files WHERE stored_name IS NOT NULL
    UNION ALL SELECT stored_name FROM order_qc_photos
    UNION ALL SELECT small_stored_name FROM order_qc_photos WHERE small_stored_name IS NOT NULL`,
  "mail-quarantine": "SELECT quarantine_name FROM unmatched_mails WHERE quarantine_name IS NOT NULL",
};

const sha256Of = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * The one way any module stores a file in the data folder: written under a generated name, the file
 * and its folder entry synced to disk, then recorded in the registry (`stored_files`) with its SHA-256
 * and size, before the module commits the row that points at it; removed through here too, so the
 * registry knows every file kept (what the backup copies and a restore checks).
 */
export class FileStore {
  constructor(
    readonly db: Database.Database,
    readonly dataDir: string,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** Opens the registry of `dataDir`, recording the hash of any file the migration recorded without one. */
  static open(db: Database.Database, dataDir: string, log?: (message: string) => void): FileStore {
    const files = new FileStore(db, dataDir, log);
    files.fillHashes();
    return files;
  }

  folder(area: FileArea): string {
    return areaFolder(this.dataDir, area);
  }

  path(area: FileArea, name: string): string {
    return join(this.folder(area), name);
  }

  /** Where uploads wait while they are checked. */
  get incomingDir(): string {
    return join(this.folder("attachments"), INCOMING_DIR);
  }

  private readonly storedListeners: (() => void)[] = [];

  /** Calls `listener` after each file is recorded (the backup copies it at once). */
  onStored(listener: () => void) {
    this.storedListeners.push(listener);
  }

  private newName(extension: string, prefix: string) {
    return `${prefix}${randomUUID()}.${extension}`;
  }

  private record(area: FileArea, name: string, data: Uint8Array): WrittenStoredFile {
    const file = { name, sha256: sha256Of(data), byteSize: data.byteLength };
    try {
      registerFile(this.db, { area, ...file, storedAt: new Date().toISOString() });
    } catch (error) {
      rmSync(this.path(area, name), { force: true });
      throw error;
    }
    for (const listener of this.storedListeners) listener();
    return file;
  }

  /** Writes, syncs and records a file (for callers that are synchronous). */
  writeSync(area: FileArea, data: Uint8Array, { extension, prefix = "" }: { extension: string; prefix?: string }) {
    const folder = this.folder(area);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const name = this.newName(extension, prefix);
    const path = join(folder, name);
    try {
      const descriptor = openSync(path, "wx", 0o600);
      try {
        let written = 0;
        while (written < data.byteLength) written += writeSync(descriptor, data, written);
        fsyncSync(descriptor);
      } finally {
        closeSync(descriptor);
      }
      const directory = openSync(folder, "r");
      try {
        fsyncSync(directory);
      } finally {
        closeSync(directory);
      }
    } catch (error) {
      rmSync(path, { force: true });
      throw error;
    }
    return this.record(area, name, data);
  }

  /** Writes, syncs and records a file without holding up the event loop while it goes to disk. */
  async write(
    area: FileArea,
    data: Uint8Array,
    { extension, prefix = "" }: { extension: string; prefix?: string },
  ): Promise<WrittenStoredFile> {
    const folder = this.folder(area);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const name = this.newName(extension, prefix);
    const path = join(folder, name);
    try {
      const handle = await open(path, "wx", 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      const directory = await open(folder, "r");
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    } catch (error) {
      rmSync(path, { force: true });
      throw error;
    }
    return this.record(area, name, data);
  }

  /** Deletes files and records them removed (a file already gone is only recorded). */
  remove(area: FileArea, names: readonly string[], now = new Date()) {
    if (names.length === 0) return;
    for (const name of names) rmSync(this.path(area, name), { force: true });
    markRemoved(this.db, area, names, now.toISOString());
  }

  /**
   * Removes what an interrupted write left: uploads being checked (incoming/), files on disk the
   * registry does not keep, and kept files no module's row names. Only those older than `graceMs`, so
   * a file another process is storing right now (written, its row not yet committed) stays.
   */
  removeStrayFiles({ now = Date.now(), graceMs = 60 * 60_000 } = {}) {
    rmSync(this.incomingDir, { recursive: true, force: true });
    for (const area of fileAreas) {
      let names: string[];
      try {
        names = readdirSync(this.folder(area));
      } catch {
        continue;
      }
      const kept = liveNames(this.db, area);
      const named = new Set(this.db.prepare(fileHolders[area]).pluck().all() as string[]);
      const stray: string[] = [];
      for (const name of names) {
        if (area === "attachments" && name === INCOMING_DIR) continue;
        if (kept.has(name) && named.has(name)) continue;
        try {
          if (now - statSync(join(this.folder(area), name)).mtimeMs > graceMs) stray.push(name);
        } catch {
          // Gone since the folder was read: nothing left to remove.
        }
      }
      this.remove(area, stray, new Date(now));
    }
  }

  /**
   * Files recorded by the migration without their hash (their owner's row had none) get it, read from
   * the file, in batches; one missing from the disk is recorded removed, and said so.
   */
  fillHashes(batch = 100) {
    for (;;) {
      const files = unhashedFiles(this.db, batch);
      if (files.length === 0) return;
      for (const file of files) {
        const path = this.path(file.area, file.name);
        try {
          const { sha256, byteSize } = hashFile(path);
          setHash(this.db, file.id, sha256, byteSize);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          this.log(`Stored file ${file.area}/${file.name} is missing from the disk: recorded as removed.`);
          setMissing(this.db, file.id, new Date().toISOString());
        }
      }
    }
  }
}

/** A file's SHA-256 and size, read a megabyte at a time (a mail in quarantine may be tens of megabytes). */
function hashFile(path: string): { sha256: string; byteSize: number } {
  const hash = createHash("sha256");
  const chunk = Buffer.alloc(1024 * 1024);
  const descriptor = openSync(path, "r");
  let byteSize = 0;
  try {
    for (let read; (read = readSync(descriptor, chunk, 0, chunk.length, null)) > 0; byteSize += read)
      hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(descriptor);
  }
  return { sha256: hash.digest("hex"), byteSize };
}
