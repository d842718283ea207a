import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, describe, expect, it } from "vitest";
import { QuoteStore } from "~/lib/quotes/store.server";
import { startSftpServer } from "../../../tests/support/sftp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import type { BackupConfig } from "./config.server";
import {
  knownKeys,
  LagTracker,
  LITESTREAM_CONFIG_FILE,
  type LitestreamSupervisor,
  litestreamConfig,
  readMetrics,
  startLitestream,
} from "./litestream.server";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

const until = async (what: string, check: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Caught up after `since` plus Litestream's one-second look at the database: a write made at `since` is in the replica. */
const caughtUpAfter = (supervisor: LitestreamSupervisor, since: number) => {
  const { lastCaughtUpAt, lagSeconds } = supervisor.status();
  return lagSeconds === 0 && lastCaughtUpAt !== null && Date.parse(lastCaughtUpAt) > since + 1_500;
};

/** A process's state letter and name as Linux tells it ("" once it is gone). */
function procState(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return "";
  }
}

function knownHosts(text: string) {
  const file = join(tempDir("known-hosts"), "known_hosts");
  writeFileSync(file, `${text}\n`);
  return file;
}

function openStore(prefix: string) {
  const dataDir = tempDir(prefix);
  const store = QuoteStore.open(dataDir);
  stops.push(async () => store.close());
  let n = 0;
  const addRequest = () =>
    store.insert(buyerFields, submissionMeta(`${prefix}-${++n}`), { notify: false }).quote.reference;
  return { dataDir, store, addRequest, dbFile: store.file };
}

describe("Litestream's configuration", () => {
  it("names the place, the retention, a daily snapshot and a sync each second, for each kind of place", () => {
    const config = (backup: BackupConfig) => parse(litestreamConfig("/data/quotes.db", backup, 9911));
    expect(config({ place: { kind: "file", path: "/mnt/backup/promo" }, retentionDays: 30 })).toEqual({
      addr: "127.0.0.1:9911",
      logging: { level: "info", type: "text", stderr: true },
      dbs: [
        {
          path: "/data/quotes.db",
          replicas: [
            {
              type: "file",
              path: "/mnt/backup/promo/db",
              retention: "720h",
              "snapshot-interval": "24h",
              "sync-interval": "1s",
            },
          ],
        },
      ],
    });
    const sftp = config({
      place: {
        kind: "sftp",
        host: "nas.example",
        port: 2222,
        user: "backup",
        path: "/srv/promo",
        keyFile: "/etc/promo/backup_key",
        knownHostsFile: null,
      },
      retentionDays: 7,
    }).dbs[0].replicas[0];
    expect(sftp).toMatchObject({
      type: "sftp",
      host: "nas.example:2222",
      user: "backup",
      "key-path": "/etc/promo/backup_key",
      path: "/srv/promo/db",
      retention: "168h",
    });
    const s3 = (endpoint: string | null) =>
      config({
        place: {
          kind: "s3",
          bucket: "promo-backup",
          prefix: "lahore",
          endpoint,
          region: "auto",
          accessKeyId: "AKIAEXAMPLE",
          secretAccessKey: "s3cret",
        },
        retentionDays: 30,
      }).dbs[0].replicas[0];
    expect(s3("https://s3.example.com")).toMatchObject({
      type: "s3",
      bucket: "promo-backup",
      path: "lahore/db",
      region: "auto",
      endpoint: "https://s3.example.com",
      "force-path-style": true,
      "access-key-id": "AKIAEXAMPLE",
      "secret-access-key": "s3cret",
    });
    expect(s3(null)).not.toHaveProperty("endpoint");
    expect(s3(null)).not.toHaveProperty("force-path-style");
  });

  it("reads the positions from Litestream's metrics as it serves them", () => {
    const text = `# HELP litestream_shadow_wal_index The current shadow WAL index
litestream_replica_wal_index{db="/d/quotes.db",name="file"} 2
litestream_replica_wal_offset{db="/d/quotes.db",name="file"} 16512
litestream_shadow_wal_index{db="/d/quotes.db"} 3
litestream_shadow_wal_size{db="/d/quotes.db"} 4152
litestream_wal_size{db="/d/quotes.db"} 4152`;
    expect(readMetrics(text)).toEqual({ shadow: { index: 3, offset: 4152 }, replica: { index: 2, offset: 16512 } });
    expect(readMetrics('litestream_shadow_wal_index{db="x"} 0\nlitestream_shadow_wal_size{db="x"} 0')).toEqual({
      shadow: { index: 0, offset: 0 },
      replica: null,
    });
  });
});

describe("known hosts", () => {
  it("finds a host's key by its plain name or as ssh-keygen -H hashes it, and no other host's", () => {
    const key = "AAAAC3NzaC1lZDI1NTE5AAAAIJmYbcXvQo3Kx2Ty1ztTzV3xMRY3x2nmQb0vY4dC6N1z";
    const other = "AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOth";
    const file = knownHosts(`[nas.example]:2222 ssh-ed25519 ${key}\nbackup.example ssh-ed25519 ${other}`);
    const plain = readFileSync(file, "utf8");
    execFileSync("ssh-keygen", ["-q", "-H", "-f", file]);
    const hashed = readFileSync(file, "utf8");
    expect(hashed).not.toContain("nas.example");
    for (const text of [plain, hashed]) {
      expect(knownKeys(text, "[nas.example]:2222")).toEqual([Buffer.from(key, "base64")]);
      expect(knownKeys(text, "nas.example")).toEqual([]);
      expect(knownKeys(text, "backup.example")).toEqual([Buffer.from(other, "base64")]);
    }
  });
});

describe("lag", () => {
  it("stays 0 while the replica keeps up with steady writes, and counts from the oldest change not yet sent", () => {
    const lag = new LagTracker(0);
    // Writes every second, each sent a second later: never more than a second behind.
    for (let second = 1; second <= 30; second++)
      lag.seen({ index: 0, offset: second * 100 }, { index: 0, offset: (second - 1) * 100 }, second * 1000);
    expect(lag.lagSeconds(30_000)).toBe(0);
    expect(lag.lagSeconds(30_900)).toBe(1);
    // The replica stops moving: the change first seen at 31 s is the oldest not sent.
    for (let second = 31; second <= 90; second++)
      lag.seen({ index: 0, offset: second * 100 }, { index: 0, offset: 2900 }, second * 1000);
    expect(lag.lagSeconds(90_000)).toBe(60);
    // It catches up, through a new WAL file.
    lag.seen({ index: 1, offset: 32 }, { index: 1, offset: 32 }, 91_000);
    expect(lag.lagSeconds(91_000)).toBe(0);
    expect(lag.lastCaughtUpAt()).toBe(new Date(91_000).toISOString());
    // Litestream gone: the lag grows from then.
    lag.blind(95_000);
    expect(lag.lagSeconds(100_000)).toBe(9);
  });
});

describe("the supervisor", { timeout: 60_000 }, () => {
  it("replicates to a folder, writes its config for this user only, reports 0 lag once caught up, and stops Litestream", async () => {
    const { dataDir, dbFile, addRequest } = openStore("ls-folder");
    const place = { kind: "file" as const, path: join(tempDir("ls-place"), "promo") };
    const supervisor = await startLitestream({ dbFile, backup: { place, retentionDays: 30 }, log: () => {} });
    stops.push(() => supervisor.stop());
    const configFile = join(dataDir, LITESTREAM_CONFIG_FILE);
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(parse(readFileSync(configFile, "utf8")).dbs[0].replicas[0].path).toBe(`${place.path}/db`);

    const wrote = Date.now();
    addRequest();
    await until("caught up", () => caughtUpAfter(supervisor, wrote));
    expect(supervisor.status()).toMatchObject({ running: true, lagSeconds: 0, error: null });
    expect(statSync(join(place.path, "db", "generations")).isDirectory()).toBe(true);

    const pid = supervisor.pid()!;
    await supervisor.stop();
    expect(supervisor.status().running).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow(); // gone, not left behind
  });

  it("ends Litestream with the server, even a server killed outright, so a restart never runs two", async () => {
    const { dbFile } = openStore("ls-orphan");
    const host = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/litestream-host.ts", dbFile, join(tempDir("ls-place"), "promo")],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    stops.push(async () => void host.kill("SIGKILL"));
    const litestream = await new Promise<number>((resolve, reject) => {
      host.stdout!.on("data", (chunk: Buffer) => {
        const pid = /litestream (\d+)/.exec(chunk.toString())?.[1];
        if (pid) resolve(Number(pid));
      });
      host.once("exit", (code) => reject(new Error(`the host exited (${code})`)));
    });
    stops.push(async () => {
      if (existsSync(`/proc/${litestream}`)) process.kill(litestream, "SIGKILL");
    });
    expect(readFileSync(`/proc/${litestream}/cmdline`, "utf8")).toContain("replicate");
    // Past its start's log lines: a quiet Litestream would not notice its reader gone by writing to it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    host.kill("SIGKILL");
    await until(
      "Litestream gone",
      () => !existsSync(`/proc/${litestream}`) || / Z /.test(procState(litestream)),
      3_000,
    );
  });

  it("restarts a Litestream whose segment write hangs at once, waiting twice as long before the next", async () => {
    // Stands in for Litestream 0.3.13 hung on a write whose connection failed under it: it says it
    // writes a segment, then nothing more.
    const folder = tempDir("ls-hung");
    const binary = join(folder, "litestream");
    writeFileSync(
      binary,
      `#!/bin/sh\necho 'time=2026-11-29T08:00:00Z level=INFO msg="write wal segment" db=/x replica=sftp position=ab/00000000:0' >&2\nexec sleep 600\n`,
      { mode: 0o755 },
    );
    const { dbFile } = openStore("ls-hung-store");
    const supervisor = await startLitestream({
      dbFile,
      backup: { place: { kind: "file", path: join(folder, "place") }, retentionDays: 30 },
      binary,
      log: () => {},
      pollMs: 100,
      restartDelay: () => 100,
      segmentStallMs: 1_000,
    });
    stops.push(() => supervisor.stop());
    await until("running", () => supervisor.pid() !== null);
    const first = supervisor.pid()!;
    const started = Date.now();
    await until("restarted", () => supervisor.pid() !== null && supervisor.pid() !== first, 10_000);
    // After the 1 s given, not the 5 s a supervisor waits by default.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(supervisor.status().error).toBe(
      "A write to the backup did not finish in 1 s: Litestream restarted on a new connection.",
    );
    const second = supervisor.pid()!;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(supervisor.pid(), "the second hang is given 2 s").toBe(second);
    await until("restarted again", () => supervisor.pid() !== null && supervisor.pid() !== second, 5_000);
    expect(supervisor.status().error).toContain("did not finish in 2 s");
  });

  it("restarts Litestream when it is killed, and the lag grows while it is gone", async () => {
    const { dbFile, addRequest } = openStore("ls-restart");
    const place = { kind: "file" as const, path: join(tempDir("ls-place"), "promo") };
    const supervisor = await startLitestream({
      dbFile,
      backup: { place, retentionDays: 30 },
      log: () => {},
      restartDelay: () => 2_500,
    });
    stops.push(() => supervisor.stop());
    const started = Date.now();
    addRequest();
    await until("caught up", () => caughtUpAfter(supervisor, started));
    const first = supervisor.pid()!;
    process.kill(first, "SIGKILL");
    await until("seen stopped", () => !supervisor.status().running);
    expect(supervisor.status().error).toMatch(/Litestream stopped \(SIGKILL\)/);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(supervisor.status().lagSeconds).toBeGreaterThanOrEqual(2);

    await until("restarted", () => supervisor.status().running);
    expect(supervisor.pid()).not.toBe(first);
    const wrote = Date.now();
    addRequest();
    await until("caught up again", () => caughtUpAfter(supervisor, wrote));
    expect(supervisor.status().lagSeconds).toBe(0);
  });

  it("replicates to SFTP, and reports the lag growing while the server is down and 0 once it is back", async () => {
    const sftp = await startSftpServer();
    stops.push(() => sftp.stop());
    const { dbFile, addRequest } = openStore("ls-sftp");
    const place = sftp.place("promo", knownHosts(`[127.0.0.1]:${sftp.port} ${sftp.hostKey}`));
    const supervisor = await startLitestream({
      dbFile,
      backup: { place, retentionDays: 30 },
      log: () => {},
      stuckAfterMs: 4_000,
    });
    stops.push(() => supervisor.stop());
    let wrote = Date.now();
    addRequest();
    await until("caught up", () => caughtUpAfter(supervisor, wrote));
    expect(statSync(join(sftp.root, "promo", "db", "generations")).isDirectory()).toBe(true);

    await sftp.pause();
    addRequest();
    await until("behind", () => (supervisor.status().lagSeconds ?? 0) >= 3);
    expect(supervisor.status().running).toBe(true);

    // The write in flight when the server went holds Litestream until it is restarted on a new connection.
    await until("restarted", () => /restarted on a new connection/.test(supervisor.status().error ?? ""));
    await sftp.resume();
    wrote = Date.now();
    addRequest();
    await until("caught up after the place returned", () => caughtUpAfter(supervisor, wrote), 30_000);
    expect(supervisor.status()).toMatchObject({ lagSeconds: 0, error: null });
  });

  it("does not send the database to an SFTP server whose host key known_hosts does not list", async () => {
    const sftp = await startSftpServer();
    stops.push(() => sftp.stop());
    const impostor = readFileSync(`${sftp.keyFile}.pub`, "utf8").trim(); // a key, but not the host's
    const { dbFile, addRequest } = openStore("ls-impostor");
    const place = sftp.place("promo", knownHosts(`[127.0.0.1]:${sftp.port} ${impostor}`));
    const supervisor = await startLitestream({ dbFile, backup: { place, retentionDays: 30 }, log: () => {} });
    stops.push(() => supervisor.stop());
    addRequest();
    await until("refused", () => supervisor.status().error !== null);
    expect(supervisor.status()).toMatchObject({
      running: false,
      error: `The SFTP server [127.0.0.1]:${sftp.port} shows a host key BACKUP_SSH_KNOWN_HOSTS does not list: the database is not sent to it.`,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(existsSync(join(sftp.root, "promo"))).toBe(false);
  });
});
