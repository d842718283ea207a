import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { Client } from "ssh2";
import { stringify } from "yaml";
import { backoffDelay } from "~/lib/backoff";
import type { BackupConfig, BackupPlace, SftpPlace } from "./config.server";
import { DATABASE_PREFIX } from "./objects.server";
import type { DatabaseBackupStatus } from "./status";

/**
 * Litestream (v0.3.13, the pinned binary from npm) replicating the database to the backup place, started
 * and watched by the server (docs/decisions/050-continuous-backup.md): its configuration written into the
 * data folder, the process restarted with back-off when it stops, and how far the replica is behind read
 * from its Prometheus metrics.
 */

/** Litestream's configuration in the data folder: it may hold the S3 keys, so only the server's user reads it. */
export const LITESTREAM_CONFIG_FILE = "litestream.yml";

/** A daily snapshot, so a restore to any time within the retention needs at most a day of WAL. */
const SNAPSHOT_INTERVAL = "24h";
/** Each change is sent within a second of Litestream seeing it (it looks every second). */
const SYNC_INTERVAL = "1s";

/** The Litestream binary for this machine's platform, from its npm package. */
export function litestreamBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), "litestream");
  } catch {
    throw new Error(`Litestream has no binary for ${process.platform}-${process.arch} (npm package ${pkg}).`);
  }
}

/** Litestream's replica settings for a place: the database goes under `<place>/db`. */
export function replicaConfig(place: BackupPlace, retentionDays: number): Record<string, unknown> {
  const timing = {
    retention: `${retentionDays * 24}h`,
    "snapshot-interval": SNAPSHOT_INTERVAL,
    "sync-interval": SYNC_INTERVAL,
  };
  switch (place.kind) {
    case "file":
      return { type: "file", path: `${place.path}/${DATABASE_PREFIX}`, ...timing };
    case "sftp":
      // Litestream 0.3.13 takes the key's file but does not check the server's host key.
      return {
        type: "sftp",
        host: `${place.host}:${place.port}`,
        user: place.user,
        "key-path": place.keyFile,
        path: `${place.path}/${DATABASE_PREFIX}`,
        ...timing,
      };
    case "s3":
      return {
        type: "s3",
        bucket: place.bucket,
        path: place.prefix ? `${place.prefix}/${DATABASE_PREFIX}` : DATABASE_PREFIX,
        region: place.region,
        "access-key-id": place.accessKeyId,
        "secret-access-key": place.secretAccessKey,
        ...(place.endpoint ? { endpoint: place.endpoint, "force-path-style": true } : {}),
        ...timing,
      };
  }
}

/** The whole configuration: one database, one replica, metrics on a local port when given. */
export function litestreamConfig(dbFile: string, backup: BackupConfig, metricsPort: number | null): string {
  return stringify({
    ...(metricsPort === null ? {} : { addr: `127.0.0.1:${metricsPort}` }),
    logging: { level: "info", type: "text", stderr: true },
    dbs: [{ path: dbFile, replicas: [replicaConfig(backup.place, backup.retentionDays)] }],
  });
}

/** Writes a configuration readable by this user only (it may hold keys). */
export async function writeLitestreamConfig(file: string, text: string) {
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600); // a file left by an earlier run keeps its mode otherwise
}

/** A position in Litestream's WAL stream: which WAL file of the generation, and how far into it. */
export type WalPosition = { index: number; offset: number };
const compare = (a: WalPosition, b: WalPosition) => a.index - b.index || a.offset - b.offset;

/**
 * What Litestream's metrics say of the database: how far its shadow WAL (the changes it has taken from
 * the database) and the replica (what the place has acknowledged) have come. Null parts are not reported
 * yet (the replica's only after its first write).
 */
export function readMetrics(text: string): { shadow: WalPosition | null; replica: WalPosition | null } {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^(litestream_[a-z_]+)(?:\{[^}]*\})?\s+(\S+)$/.exec(line.trim());
    if (match) values.set(match[1]!, Number(match[2]));
  }
  const position = (index: string, offset: string) => {
    const i = values.get(index);
    const o = values.get(offset);
    return i === undefined || o === undefined || !Number.isFinite(i) || !Number.isFinite(o)
      ? null
      : { index: i, offset: o };
  };
  return {
    shadow: position("litestream_shadow_wal_index", "litestream_shadow_wal_size"),
    replica: position("litestream_replica_wal_index", "litestream_replica_wal_offset"),
  };
}

/**
 * How far the replica is behind, from successive looks at the metrics. Each time the shadow WAL is seen
 * ahead of the replica, that position and the time are noted; the lag is the age of the oldest noted
 * position the replica has not reached yet, so steady writes that the replica keeps up with never look
 * like falling behind. When nothing can be seen (Litestream down, metrics unanswered) the lag grows from
 * the last time the replica was seen caught up.
 */
export class LagTracker {
  private waiting: { position: WalPosition; seenAt: number }[] = [];
  private lastCaughtUp: number | null = null;
  private blindSince: number | null = null;

  constructor(private readonly startedAt: number) {}

  /** A look at the metrics at `now`. */
  seen(shadow: WalPosition | null, replica: WalPosition | null, now: number) {
    this.blindSince = null;
    if (!shadow) return this.blind(now);
    if (replica && compare(replica, shadow) >= 0) {
      this.waiting = [];
      this.lastCaughtUp = now;
      return;
    }
    this.waiting = this.waiting.filter((entry) => !replica || compare(replica, entry.position) < 0);
    const newest = this.waiting.at(-1);
    if (!newest || compare(shadow, newest.position) > 0) this.waiting.push({ position: shadow, seenAt: now });
  }

  /** Litestream cannot be seen (stopped, restarting, not answering): what it had not sent may not be sent. */
  blind(now: number) {
    this.blindSince ??= now;
    // A new process starts a new stream of positions; what was waiting came after the last catch-up.
    this.waiting = [];
  }

  lagSeconds(now: number): number {
    const since = this.blindSince !== null ? (this.lastCaughtUp ?? this.startedAt) : (this.waiting[0]?.seenAt ?? null);
    return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000));
  }

  lastCaughtUpAt(): string | null {
    return this.lastCaughtUp === null ? null : new Date(this.lastCaughtUp).toISOString();
  }
}

export type LitestreamSupervisor = {
  status(): DatabaseBackupStatus;
  /** Stops Litestream (SIGTERM, then waits for it) and the watching; resolves once it has exited. */
  stop(): Promise<void>;
  /** Litestream's process id while it runs (for tests and logs). */
  pid(): number | null;
};

export type SupervisorOptions = {
  /** The database file, e.g. DATA_DIR/quotes.db (opened and migrated before Litestream starts). */
  dbFile: string;
  backup: BackupConfig;
  /** Where the configuration is written; the database's folder by default. */
  configFile?: string;
  /** How often the metrics are read. */
  pollMs?: number;
  /** Where Litestream's own log lines go. */
  log?: (line: string) => void;
  /** Restart delays after it stops; backoffDelay by default (1 s doubling to 30 s). */
  restartDelay?: (attempt: number) => number;
  binary?: string;
  /**
   * Litestream's writes to the place have no time limit of their own: a connection that died without a
   * word (a network gone, a server killed) holds a write for as long as TCP waits. Behind by this much
   * with nothing sent, it is restarted on a fresh connection. 5 minutes by default (an hour while it
   * writes a snapshot, which may take long on a slow line).
   */
  stuckAfterMs?: number;
  /**
   * A write of a WAL segment that has not finished in this long is taken as hung (Litestream 0.3.13 can
   * wait for ever on a write whose connection failed under it) and Litestream is restarted at once; the
   * limit doubles after each such restart, up to `stuckAfterMs`, so a slow line still gets its segment
   * through, and returns to this after a segment is written. 5 s by default (a second's changes take milliseconds to send).
   */
  segmentStallMs?: number;
};

/** After running this long, a stop is counted as a first failure again, not the next in a row. */
const STEADY_MS = 60_000;
const STUCK_MS = 5 * 60_000;
const SNAPSHOT_STUCK_MS = 60 * 60_000;
const SEGMENT_STALL_MS = 5_000;

/**
 * Starts Litestream replicating the database and keeps it running until `stop()`. Start it after the
 * database is opened and migrated (Litestream adds its own two tables to the database).
 */
export async function startLitestream(options: SupervisorOptions): Promise<LitestreamSupervisor> {
  const binary = options.binary ?? litestreamBinary();
  const log = options.log ?? ((line: string) => console.log(`litestream: ${line}`));
  const restartDelay = options.restartDelay ?? ((attempt: number) => backoffDelay(attempt));
  const configFile = options.configFile ?? join(dirname(options.dbFile), LITESTREAM_CONFIG_FILE);
  const metricsPort = await freeLocalPort();
  await writeLitestreamConfig(configFile, litestreamConfig(options.dbFile, options.backup, metricsPort));

  const lag = new LagTracker(Date.now());
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  let failures = 0;
  let error: string | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let launchedAt = 0;
  let writingSnapshot = false;
  let stuckRestart: string | null = null;
  const stuckAfterMs = options.stuckAfterMs ?? STUCK_MS;
  const segmentStallMs = options.segmentStallMs ?? SEGMENT_STALL_MS;
  let segmentLimit = segmentStallMs;
  let segmentWriteSince: number | null = null;

  async function launch() {
    restartTimer = null;
    if (stopping) return;
    // Litestream 0.3.13 accepts any SFTP host key: the server's key is checked here before each start.
    const { place } = options.backup;
    if (place.kind === "sftp" && place.knownHostsFile) {
      const problem = await sftpHostKeyProblem(place);
      if (stopping) return;
      if (problem) {
        error = problem;
        lag.blind(Date.now());
        restartTimer = setTimeout(() => void launch(), restartDelay(failures++));
        return;
      }
    }
    const startedAt = Date.now();
    launchedAt = startedAt;
    writingSnapshot = false;
    segmentWriteSince = null;
    stuckRestart = null;
    const command = withParentDeathSignal([binary, "replicate", "-config", configFile]);
    const process_ = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    child = process_;
    let lastLine = "";
    for (const stream of [process_.stdout!, process_.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        lastLine = line;
        log(line);
        if (/\blevel=ERROR\b/.test(line)) error = errorText(line);
        if (/msg="write snapshot"/.test(line)) writingSnapshot = true;
        if (/msg="snapshot written"|level=ERROR/.test(line)) writingSnapshot = false;
        if (/msg="write wal segment"/.test(line)) segmentWriteSince = Date.now();
        if (/msg="wal segment written"|level=ERROR/.test(line)) segmentWriteSince = null;
        if (/msg="wal segment written"/.test(line)) segmentLimit = segmentStallMs;
        // A write to the place succeeded: an earlier error is over.
        if (/msg="(wal segment|snapshot) written"/.test(line)) error = null;
      });
    }
    exited = new Promise<void>((resolve) => {
      process_.once("exit", (code, signal) => {
        child = null;
        lag.blind(Date.now());
        if (!stopping) {
          if (Date.now() - startedAt > STEADY_MS) failures = 0;
          error =
            stuckRestart ??
            `Litestream stopped (${signal ?? `exit code ${code}`})${lastLine ? `: ${errorText(lastLine)}` : ""}`;
          restartTimer = setTimeout(() => void launch(), restartDelay(failures++));
        }
        resolve();
      });
      process_.once("error", (spawnError) => {
        error = `Litestream could not start: ${spawnError.message}`;
      });
    });
  }

  let polling = false;
  async function poll() {
    if (polling || stopping) return;
    polling = true;
    try {
      if (!child) return lag.blind(Date.now());
      if (!stuckRestart && segmentWriteSince !== null && Date.now() - segmentWriteSince >= segmentLimit) {
        stuckRestart = `A write to the backup did not finish in ${Math.round(segmentLimit / 1000)} s: Litestream restarted on a new connection.`;
        segmentLimit = Math.min(segmentLimit * 2, stuckAfterMs);
        // Its state is on the disk (the shadow WAL): a hung Litestream is ended at once, not asked to finish.
        child.kill("SIGKILL");
        return;
      }
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(2_000) });
      if (!response.ok) return lag.blind(Date.now());
      const { shadow, replica } = readMetrics(await response.text());
      const now = Date.now();
      lag.seen(shadow, replica, now);
      const limit = writingSnapshot ? Math.max(stuckAfterMs, SNAPSHOT_STUCK_MS) : stuckAfterMs;
      if (!stuckRestart && lag.lagSeconds(now) * 1000 >= limit && now - launchedAt >= limit) {
        stuckRestart = `Litestream sent nothing to the backup for ${Math.round(limit / 1000)} s: restarted on a new connection.`;
        const stuck = child;
        stuck.kill("SIGTERM");
        setTimeout(() => stuck.exitCode === null && stuck.signalCode === null && stuck.kill("SIGKILL"), 10_000).unref();
      }
    } catch {
      lag.blind(Date.now()); // not answering yet (starting) or any more
    } finally {
      polling = false;
    }
  }

  void launch();
  const pollTimer = setInterval(() => void poll(), options.pollMs ?? 1_000);
  pollTimer.unref();

  return {
    status: () => ({
      running: child !== null,
      lagSeconds: lag.lagSeconds(Date.now()),
      lastCaughtUpAt: lag.lastCaughtUpAt(),
      error,
    }),
    pid: () => child?.pid ?? null,
    async stop() {
      stopping = true;
      clearInterval(pollTimer);
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (running) {
        running.kill("SIGTERM");
        const killer = setTimeout(() => running.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
    },
  };
}

/**
 * Litestream ends with the server, even a server killed outright: otherwise it would run on, and a
 * restarted server would start a second one on the same database. Linux's parent-death signal, set by
 * util-linux's setpriv, which then runs Litestream in its place (same process). Elsewhere, as given.
 */
export function withParentDeathSignal(command: string[]): string[] {
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((path) => existsSync(path));
  return setpriv && process.platform === "linux" ? [setpriv, "--pdeathsig", "TERM", "--", ...command] : command;
}

/** The message of a Litestream log line (`time=… level=ERROR msg="monitor error" error="…"`), without its time. */
function errorText(line: string): string {
  const msg = /\bmsg="((?:[^"\\]|\\.)*)"|\bmsg=(\S+)/.exec(line);
  const err = /\berror="((?:[^"\\]|\\.)*)"|\berror=(\S+)/.exec(line);
  const text = [msg?.[1] ?? msg?.[2], err?.[1] ?? err?.[2]].filter(Boolean).join(": ");
  return (text || line).slice(0, 500);
}

/**
 * Whether the SFTP server shows a key its known_hosts file (BACKUP_SSH_KNOWN_HOSTS) lists for it: null
 * when it does, else what is wrong, in words. Plain and hashed (`|1|salt|hash`) host names are read.
 */
export async function sftpHostKeyProblem(place: SftpPlace): Promise<string | null> {
  const name = place.port === 22 ? place.host : `[${place.host}]:${place.port}`;
  let text: string;
  try {
    text = await readFile(place.knownHostsFile!, "utf8");
  } catch (error) {
    return `Cannot read BACKUP_SSH_KNOWN_HOSTS: ${(error as Error).message}`;
  }
  const known = knownKeys(text, name);
  if (known.length === 0) return `BACKUP_SSH_KNOWN_HOSTS has no key for ${name}.`;
  let privateKey: Buffer;
  try {
    privateKey = await readFile(place.keyFile);
  } catch (error) {
    return `Cannot read BACKUP_SSH_KEY: ${(error as Error).message}`;
  }
  return new Promise((resolve) => {
    const client = new Client();
    let shown: Buffer | null = null;
    const finish = (problem: string | null) => {
      client.end();
      resolve(problem);
    };
    client.on("ready", () => finish(null));
    client.on("error", (error) =>
      finish(
        shown && !known.some((key) => key.equals(shown!))
          ? `The SFTP server ${name} shows a host key BACKUP_SSH_KNOWN_HOSTS does not list: the database is not sent to it.`
          : `Cannot reach the SFTP server ${name} to check its host key: ${error.message}`,
      ),
    );
    client.connect({
      host: place.host,
      port: place.port,
      username: place.user,
      privateKey,
      readyTimeout: 15_000,
      hostVerifier: (key: Buffer) => {
        shown = key;
        return known.some((knownKey) => knownKey.equals(key));
      },
    });
  });
}

/** The key blobs a known_hosts text lists for a host name ("host" or "[host]:port"). */
export function knownKeys(text: string, name: string): Buffer[] {
  const matches = (pattern: string) => {
    const hashed = /^\|1\|([^|]+)\|(.+)$/.exec(pattern);
    if (!hashed) return pattern.toLowerCase() === name.toLowerCase();
    return createHmac("sha1", Buffer.from(hashed[1]!, "base64")).update(name).digest("base64") === hashed[2];
  };
  return text.split("\n").flatMap((line) => {
    const [hosts, , key] = line.trim().split(/\s+/);
    if (!hosts || !key || hosts.startsWith("#") || hosts.startsWith("@")) return [];
    return hosts.split(",").some(matches) ? [Buffer.from(key, "base64")] : [];
  });
}

/** A port on 127.0.0.1 nobody listens on now. */
function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
