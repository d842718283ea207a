import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import type { SftpPlace } from "../../app/lib/backup/config.server";
import { freePort } from "./free-port";
import { untilGreeting } from "./greeting";

// The backup tests' SFTP server: Debian's OpenSSH, started from its own configuration in a temporary
// folder (host key, the client's key, the backup folder, logs), on a local port, so two runs side by side
// never share anything. Only SFTP is offered; the test's own user logs in with a key.

const sshdBinary = process.env.SSHD_PATH ?? "/usr/sbin/sshd";

/** sshd's path; installs Debian's openssh-server when it is missing on a Debian machine as root. */
export function sshdPath(): string {
  if (existsSync(sshdBinary)) return sshdBinary;
  const root = process.getuid?.() === 0;
  if (root && existsSync("/etc/debian_version")) {
    execFileSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq openssh-server"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (existsSync(sshdBinary)) return sshdBinary;
  }
  throw new Error(
    `No sshd at ${sshdBinary} for the backup tests.\n` +
      "Install Debian's or Ubuntu's package (`sudo apt-get install openssh-server`), or point SSHD_PATH at an sshd binary.",
  );
}

export type SftpServer = {
  host: "127.0.0.1";
  port: number;
  /** The account that logs in (the test's own user). */
  user: string;
  /** The client's private key file (OpenSSH format, no passphrase), for BACKUP_SSH_KEY. */
  keyFile: string;
  /** The host's public key line, for a known_hosts file. */
  hostKey: string;
  /** A folder on the server the account may write to: the backup place's path. */
  root: string;
  /** A backup place (BACKUP_URL's sftp form) at `<root>/<folder>` on this server, logging in with its key. */
  place(folder: string, knownHostsFile?: string | null): SftpPlace;
  /** sftp://user@127.0.0.1:port/<root>/<path>. */
  url(path?: string): string;
  /** Stops the server and ends the sessions already open (the backup place is down); files written stay. */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same keys. */
  resume(): Promise<void>;
  /** sshd's log. */
  log(): string;
  stop(): Promise<void>;
};

/** OpenSSH's sshd offering SFTP only, to the test's own user with a key made for it. */
export async function startSftpServer(): Promise<SftpServer> {
  const sshd = sshdPath();
  const dir = mkdtempSync(join(tmpdir(), "sftp-"));
  const hostKeyFile = join(dir, "host_ed25519");
  const keyFile = join(dir, "client_ed25519");
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", hostKeyFile]);
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", keyFile]);
  writeFileSync(join(dir, "authorized_keys"), readFileSync(`${keyFile}.pub`));
  const root = join(dir, "backup");
  mkdirSync(root);
  // As root, sshd wants its privilege separation folder; Debian makes it at boot, a container may not have.
  if (process.getuid?.() === 0) mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  const user = userInfo().username;
  const port = await freePort();
  const config = join(dir, "sshd_config");
  const logFile = join(dir, "sshd.log");
  writeFileSync(
    config,
    `Port ${port}
ListenAddress 127.0.0.1
HostKey ${hostKeyFile}
PidFile ${join(dir, "sshd.pid")}
AuthorizedKeysFile ${join(dir, "authorized_keys")}
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
AllowUsers ${user}
AllowTcpForwarding no
X11Forwarding no
PermitTTY no
ForceCommand internal-sftp
Subsystem sftp internal-sftp
LogLevel VERBOSE
`,
  );
  let server: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const stopWithTests = () => server?.kill("SIGTERM");
  process.once("exit", stopWithTests);

  async function start() {
    const child = spawn(sshd, ["-D", "-e", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr!.on("data", (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: "a" }));
    exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    server = child;
    await untilGreeting("sshd", port, "SSH-2.0-", child, () => readIfThere(logFile));
  }
  async function halt() {
    const child = server;
    if (!child) return;
    server = null;
    // OpenSSH leaves each open session running in a process of its own when the listener stops.
    const sessions = child.pid ? childrenOf(child.pid) : [];
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    for (const pid of sessions) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }

  try {
    await start();
  } catch (error) {
    await halt();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const hostKey = readFileSync(`${hostKeyFile}.pub`, "utf8").trim();
  return {
    host: "127.0.0.1",
    port,
    user,
    keyFile,
    hostKey,
    root,
    place: (folder, knownHostsFile = null) => ({
      kind: "sftp",
      host: "127.0.0.1",
      port,
      user,
      path: join(root, folder),
      keyFile,
      knownHostsFile,
    }),
    url: (path = "") => `sftp://${user}@127.0.0.1:${port}${root}${path ? `/${path.replace(/^\/+/, "")}` : ""}`,
    pause: halt,
    resume: start,
    log: () => readIfThere(logFile),
    async stop() {
      process.off("exit", stopWithTests);
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `parent` (Linux's /proc). */
function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const readIfThere = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");
