import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { SftpServer } from "./sftp-server";

/**
 * The backup server's machine goes down: sshd's listener and the sessions already open. (The support's
 * pause() ends the listener only; OpenSSH leaves each open session running in its own process.)
 */
export async function serverDown(server: SftpServer) {
  const config = join(dirname(server.root), "sshd_config");
  const processes = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return [{ pid: Number(pid), parent, command: readFileSync(`/proc/${pid}/cmdline`, "utf8") }];
      } catch {
        return [];
      }
    });
  const listener = processes.find((entry) => entry.command.includes(config) && entry.command.includes("listener"));
  const sessions = processes.filter((entry) => listener && entry.parent === listener.pid);
  await server.pause();
  for (const session of sessions) {
    try {
      process.kill(session.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
