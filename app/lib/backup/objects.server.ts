import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { BackupPlace } from "./config.server";
import { checkKey } from "./object-keys";
import { s3Objects } from "./objects-s3.server";
import { sftpObjects } from "./objects-sftp.server";

/**
 * The backup place as a store of named objects: what is copied there besides the database (which
 * Litestream replicates under `db/`). Keys are relative paths of plain names:
 * `files/<area>/<stored name>` for stored files, `keys/link.key` for the link key.
 */
export type BackupObjects = {
  /** Writes the bytes under the key whole: a reader sees the old object, or none, or all of the new one. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under the key, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Every key under a prefix ending in "/", e.g. "files/attachments/". */
  list(prefix: string): Promise<string[]>;
  /** Removes the object; nothing when there is none. */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
};

/** Where the database's replica lives inside the place (Litestream's replica path). */
export const DATABASE_PREFIX = "db";

export const fileKey = (area: string, storedName: string) => `files/${area}/${storedName}`;
export const LINK_KEY_OBJECT = "keys/link.key";
export { checkKey };

/** The objects of a place. */
export function openBackupObjects(place: BackupPlace): BackupObjects {
  switch (place.kind) {
    case "file":
      return folderObjects(place.path);
    case "sftp":
      return sftpObjects(place);
    case "s3":
      return s3Objects(place);
  }
}

/** A folder (another disk, a mounted share): each object a file, written beside and renamed into place. */
export function folderObjects(root: string): BackupObjects {
  const pathOf = (key: string) => join(root, ...checkKey(key).split("/"));
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.partial`;
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
      const folder = await open(dirname(path), "r");
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async list(prefix) {
      const folder = prefix.replace(/\/$/, "");
      try {
        const names = await readdir(pathOf(folder));
        return names.filter((name) => !name.endsWith(".partial")).map((name) => `${folder}/${name}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async close() {},
  };
}
