import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { untilGreeting } from "./greeting";

// The mailbox tests' IMAP server: a real Dovecot, started from its own configuration in a temporary folder
// (sockets, state, logs and mail all there), so two runs side by side never share anything.

const dovecotBinary = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";

/** Dovecot's path; installs Debian's dovecot-imapd when it is missing on a Debian machine as root. */
export function dovecotPath(): string {
  if (existsSync(dovecotBinary)) return dovecotBinary;
  const root = process.getuid?.() === 0;
  if (root && existsSync("/etc/debian_version")) {
    execFileSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq dovecot-imapd"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (existsSync(dovecotBinary)) return dovecotBinary;
  }
  throw new Error(
    `No Dovecot at ${dovecotBinary} for the mailbox tests.\n` +
      "Install Debian's or Ubuntu's package (`sudo apt-get install dovecot-imapd`), or point DOVECOT_PATH at a dovecot binary.",
  );
}

export type ImapServer = {
  port: number;
  /**
   * Adds a mail account (its maildir is made on first login). Dovecot looks at the file at most once a
   * second, so a login in the same second as the last one may not know it yet: give accounts at start.
   */
  addUser(user: string, password: string): void;
  /** Dovecot's info log (one "Disconnected" line per session, with the bytes sent). */
  infoLog(): string;
  stop(): Promise<void>;
};

/** Dovecot with these mail accounts (user: password); `addUser` adds one later. */
export async function startImapServer(accounts: Record<string, string> = {}): Promise<ImapServer> {
  const dovecot = dovecotPath();
  const dir = mkdtempSync(join(tmpdir(), "imap-"));
  // Dovecot's own users (login, mail) must reach their folders inside it.
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  // Without root, every process, socket and file of Dovecot's is the test's own user and group.
  const self = root ? "" : userInfo().username;
  const ownGroup = root ? "" : execFileSync("id", ["-gn"], { encoding: "utf8" }).trim();
  const users = root
    ? "default_login_user = dovenull\ndefault_internal_user = dovecot\nmail_uid = mail\nmail_gid = mail"
    : `default_login_user = ${self}\ndefault_internal_user = ${self}\ndefault_internal_group = ${ownGroup}\nmail_uid = ${self}\nmail_gid = ${ownGroup}`;
  const mailDir = join(dir, "mail");
  mkdirSync(mailDir);
  if (root) {
    const { uid, gid } = accountIds("mail");
    chownSync(mailDir, uid, gid);
  }
  const passwdFile = join(dir, "passwd");
  writeFileSync(
    passwdFile,
    Object.entries(accounts)
      .map(([user, password]) => passwdLine(user, password))
      .join(""),
  );
  const port = await freePort();
  const config = join(dir, "dovecot.conf");
  writeFileSync(
    config,
    `base_dir = ${join(dir, "run")}
state_dir = ${join(dir, "state")}
log_path = ${join(dir, "error.log")}
info_log_path = ${join(dir, "info.log")}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A refused login answers at once: the tests of a wrong password need not wait.
auth_failure_delay = 0
${users}
first_valid_uid = 1
mail_location = maildir:${mailDir}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwdFile}
}
userdb {
  driver = static
  args = home=${mailDir}/%u
}
# No chroot (it needs root, and a test may run without).
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
# No growing delay for an address after failed logins (the auth penalty): the tests log in from one
# address. No chroot here either.
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  const server = spawn(dovecot, ["-F", "-c", config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  server.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  // Should the tests end without stop() (a crash), Dovecot does not outlive them.
  const stopWithTests = () => server.kill("SIGTERM");
  process.once("exit", stopWithTests);
  try {
    await untilGreeting("Dovecot", port, "* OK", server, () => stderr + readIfThere(join(dir, "error.log")));
  } catch (error) {
    await stopProcess(server, exited);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    addUser(user, password) {
      writeFileSync(passwdFile, passwdLine(user, password), { flag: "a" });
    },
    infoLog: () => readIfThere(join(dir, "info.log")),
    async stop() {
      process.off("exit", stopWithTests);
      await stopProcess(server, exited);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function passwdLine(user: string, password: string) {
  if (/[:\n]/.test(user + password)) throw new Error("A passwd-file line cannot hold a colon or a line break.");
  return `${user}:{PLAIN}${password}\n`;
}

function accountIds(user: string) {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${user}:`));
  if (!line) throw new Error(`No user "${user}" on this machine for Dovecot's mail.`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

const readIfThere = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");

async function stopProcess(server: ChildProcess, exited: Promise<void>) {
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
  await exited;
}
