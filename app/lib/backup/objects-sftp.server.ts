import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { Client, type SFTPWrapper } from "ssh2";
import type { SftpPlace } from "./config.server";
import { checkKey } from "./object-keys";
import type { BackupObjects } from "./objects.server";

/** How long a dead or silent server may keep a call waiting: seconds, so the queue retries instead of hanging. */
export const SFTP_CONNECT_TIMEOUT_MS = 8_000;
const OPERATION_TIMEOUT_MS = 30_000;
const KEEPALIVE_INTERVAL_MS = 3_000;

/** SFTP status code for "no such file" (draft-ietf-secsh-filexfer, SSH_FX_NO_SUCH_FILE). */
const NO_SUCH_FILE = 2;

export class SftpPlaceError extends Error {}

/**
 * The public keys a known_hosts file lists (`[host]:port type base64`, `host type base64 comment`, or a
 * bare `type base64` line as in a `.pub` file). The file names the backup server only, so a key in it is
 * the key the server must show; host patterns (hashed or not) are not needed to pick it.
 */
export function knownHostKeys(text: string): Buffer[] {
  const keys: Buffer[] = [];
  for (const line of text.split("\n")) {
    const fields = line.trim().split(/\s+/);
    // Comments, and marked lines (@revoked, @cert-authority): neither is a key the server may show.
    if (!fields[0] || fields[0].startsWith("#") || fields[0].startsWith("@")) continue;
    const typeAt = fields.findIndex((field) => /^(ssh-|ecdsa-|sk-)/.test(field));
    const base64 = typeAt >= 0 ? fields[typeAt + 1] : undefined;
    if (base64 && /^[A-Za-z0-9+/]+=*$/.test(base64)) keys.push(Buffer.from(base64, "base64"));
  }
  return keys;
}

function readSetting(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new SftpPlaceError(`Cannot read ${variable} (${path}): ${(error as NodeJS.ErrnoException).code ?? error}.`);
  }
}

const hasCode = (error: unknown, code: number) => (error as { code?: unknown } | null)?.code === code;

/**
 * An SFTP server's folder: one SSH connection, opened on first use and again after it drops; each call
 * bounded in time. An object is written beside its key as `<key>.<uuid>.partial` and renamed over it.
 */
export function sftpObjects(place: SftpPlace): BackupObjects {
  const where = `${place.user}@${place.host}:${place.port}`;
  const pathOf = (key: string) => posix.join(place.path, ...checkKey(key).split("/"));
  let open: { client: Client; sftp: SFTPWrapper } | null = null;
  let opening: Promise<{ client: Client; sftp: SFTPWrapper }> | null = null;
  let closed = false;

  function connect(): Promise<{ client: Client; sftp: SFTPWrapper }> {
    const privateKey = readSetting(place.keyFile, "BACKUP_SSH_KEY");
    const trusted = place.knownHostsFile
      ? knownHostKeys(readSetting(place.knownHostsFile, "BACKUP_SSH_KNOWN_HOSTS").toString("utf8"))
      : null;
    if (trusted && trusted.length === 0)
      throw new SftpPlaceError(`${place.knownHostsFile} lists no host key: the SFTP server cannot be checked.`);
    let hostKeyRefused = false;
    const client = new Client();
    const opened = new Promise<{ client: Client; sftp: SFTPWrapper }>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        drop(client);
        if (settled) return;
        settled = true;
        reject(
          hostKeyRefused
            ? new SftpPlaceError(`The SFTP server ${where} showed a host key not in ${place.knownHostsFile}: refused.`)
            : new SftpPlaceError(`Cannot reach the SFTP server ${where}: ${error.message}`),
        );
      };
      // Every error, also one after the connection failed or dropped, ends this connection only: the next
      // call opens a new one. (An error without a listener would end the process.)
      client.on("error", fail);
      client.on("close", () => fail(new Error("the connection closed")));
      client.once("ready", () => {
        client.sftp((error, sftp) => {
          if (error) return fail(error);
          sftp.on("error", fail);
          settled = true;
          resolve({ client, sftp });
        });
      });
      client.connect({
        host: place.host,
        port: place.port,
        username: place.user,
        privateKey,
        readyTimeout: SFTP_CONNECT_TIMEOUT_MS,
        keepaliveInterval: KEEPALIVE_INTERVAL_MS,
        keepaliveCountMax: 2,
        hostVerifier: trusted
          ? (key: Buffer) => {
              const known = trusted.some((candidate) => candidate.equals(key));
              hostKeyRefused = !known;
              return known;
            }
          : undefined,
      });
    });
    return opened;
  }

  function drop(client: Client) {
    if (open?.client === client) open = null;
    client.end();
    client.destroy();
  }

  async function session() {
    if (closed) throw new SftpPlaceError("The SFTP backup place is closed.");
    if (open) return open;
    opening ??= connect()
      .then((opened) => (open = opened))
      .finally(() => {
        opening = null;
      });
    return opening;
  }

  /** Runs one call on the connection; a call that does not finish in time closes the connection. */
  async function call<T>(what: string, run: (sftp: SFTPWrapper, done: (error: unknown, value?: T) => void) => void) {
    const { client, sftp } = await session();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        drop(client);
        reject(
          new SftpPlaceError(
            `The SFTP server ${where} did not answer (${what}) within ${OPERATION_TIMEOUT_MS / 1000} s.`,
          ),
        );
      }, OPERATION_TIMEOUT_MS);
      const onClose = () => {
        clearTimeout(timer);
        reject(new SftpPlaceError(`The connection to the SFTP server ${where} closed during ${what}.`));
      };
      client.once("close", onClose);
      run(sftp, (error, value) => {
        clearTimeout(timer);
        client.off("close", onClose);
        if (error) reject(error);
        else resolve(value as T);
      });
    });
  }

  async function makeFolders(folder: string) {
    const parts = folder.split("/").filter(Boolean);
    for (let depth = 1; depth <= parts.length; depth++) {
      const path = `/${parts.slice(0, depth).join("/")}`;
      const exists = await call<boolean>(`stat ${path}`, (sftp, done) =>
        sftp.stat(path, (error, stats) =>
          error ? (hasCode(error, NO_SUCH_FILE) ? done(null, false) : done(error)) : done(null, stats.isDirectory()),
        ),
      );
      if (exists) continue;
      await call<void>(`mkdir ${path}`, (sftp, done) =>
        sftp.mkdir(path, (error) => {
          if (!error) return done(null);
          // Made meanwhile by another writer: fine if it is a folder now.
          sftp.stat(path, (again, stats) => (again || !stats.isDirectory() ? done(error) : done(null)));
        }),
      );
    }
  }

  async function writeWhole(path: string, data: Buffer) {
    const handle = await call<Buffer>(`open ${path}`, (sftp, done) => sftp.open(path, "wx", { mode: 0o600 }, done));
    try {
      if (data.length > 0)
        await call<void>(`write ${path}`, (sftp, done) =>
          sftp.write(handle, data, 0, data.length, 0, (error) => done(error)),
        );
      await call<void>(`fsync ${path}`, (sftp, done) => {
        try {
          sftp.ext_openssh_fsync(handle, (error) => done(error));
        } catch {
          done(null); // The server offers no fsync extension: its own write-back applies.
        }
      });
    } finally {
      await call<void>(`close ${path}`, (sftp, done) => sftp.close(handle, (error) => done(error))).catch(() => {});
    }
  }

  async function replace(from: string, to: string) {
    await call<void>(`rename ${to}`, (sftp, done) => {
      try {
        sftp.ext_openssh_rename(from, to, (error) => done(error));
        return;
      } catch {
        // No posix-rename@openssh.com: SFTP's own rename refuses an existing target, so remove it first.
      }
      sftp.unlink(to, (missing) => {
        if (missing && !hasCode(missing, NO_SUCH_FILE)) return done(missing);
        sftp.rename(from, to, (error) => done(error));
      });
    });
  }

  return {
    async put(key, data) {
      const path = pathOf(key);
      await makeFolders(posix.dirname(path));
      const temporary = `${path}.${randomUUID()}.partial`;
      try {
        await writeWhole(temporary, data);
        await replace(temporary, path);
      } catch (error) {
        await call<void>(`unlink ${temporary}`, (sftp, done) => sftp.unlink(temporary, () => done(null))).catch(
          () => {},
        );
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      return call<Buffer | null>(`read ${path}`, (sftp, done) =>
        sftp.readFile(path, (error, data) =>
          error ? (hasCode(error, NO_SUCH_FILE) ? done(null, null) : done(error)) : done(null, data),
        ),
      );
    },
    async list(prefix) {
      const folder = prefix.replace(/\/$/, "");
      const path = pathOf(folder);
      const names = await call<string[]>(`list ${path}`, (sftp, done) =>
        sftp.readdir(path, (error, entries) =>
          error
            ? hasCode(error, NO_SUCH_FILE)
              ? done(null, [])
              : done(error)
            : done(
                null,
                entries.map((entry) => entry.filename),
              ),
        ),
      );
      return names.filter((name) => !name.endsWith(".partial")).map((name) => `${folder}/${name}`);
    },
    async remove(key) {
      const path = pathOf(key);
      await call<void>(`remove ${path}`, (sftp, done) =>
        sftp.unlink(path, (error) => (error && !hasCode(error, NO_SUCH_FILE) ? done(error) : done(null))),
      );
    },
    async close() {
      closed = true;
      await opening?.catch(() => {});
      if (open) drop(open.client);
    },
  };
}
