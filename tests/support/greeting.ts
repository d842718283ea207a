import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";

/**
 * Waits until a server the tests started answers on its port with a greeting that starts with
 * `greeting` ("* OK" for IMAP, "SSH-2.0-" for SSH), or says why it did not.
 */
export async function untilGreeting(
  name: string,
  port: number,
  greeting: string,
  server: ChildProcess,
  errors: () => string,
) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${name} stopped at start:\n${errors()}`);
    if (await greets(port, greeting)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not answer on port ${port} within 10 s:\n${errors()}`);
}

function greets(port: number, greeting: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(1_000);
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith(greeting));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
