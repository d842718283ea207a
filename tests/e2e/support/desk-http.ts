import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { Sqlite } from "../../../app/lib/db/database.server";

// The desk over plain HTTP, as an attacker or a script sees it: staff made with the staff command, a
// sign-in by form post, and the session cookie read and sent by hand.

export type OwnServer = { baseURL: string; dataDir: string };

/** A form post as this site's own page sends it (the desk refuses others). */
export function postForm(server: OwnServer, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.baseURL,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** A staff member with a password, made as the README says: `npm run staff -- add`, then the set-up link. */
export async function addStaff(server: OwnServer, email: string, password: string) {
  const output = execFileSync(process.execPath, ["build/server/staff.js", "add", email, "--name", "Sana Iqbal"], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: "utf8",
  });
  const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
  const saved = await postForm(server, setupPath, { password, repeat: password });
  expect(saved.headers.get("location")).toBe("/desk/sign-in?setup=done");
}

/** Signs in and returns the `desk_session=…` pair to send as the Cookie header. */
export async function signIn(server: OwnServer, email: string, password: string) {
  const response = await postForm(server, "/desk/sign-in", { email, password });
  expect(response.status, "signed in").toBe(302);
  const cookie = /desk_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  expect(cookie, "a session cookie").toBeTruthy();
  return cookie!;
}

/** The session id a cookie carries (React Router's unsigned cookie: JSON, then base64). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as string;
}

/** A cookie in the same encoding, carrying any value: what a forger can send. */
export const cookieCarrying = (value: string) =>
  `desk_session=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;

/** Moves a session back in time in the server's store, as if it had been started and used that long ago. */
export function ageSession(server: OwnServer, cookie: string, { startedAgoMs, usedAgoMs }: Record<string, number>) {
  const db = new Sqlite(join(server.dataDir, "quotes.db"));
  try {
    const hash = createHash("sha256").update(sessionIdOf(cookie)).digest("hex");
    const now = Date.now();
    const changed = db
      .prepare("UPDATE staff_sessions SET created_at = ?, seen_at = ? WHERE id_hash = ?")
      .run(now - startedAgoMs!, now - usedAgoMs!, hash).changes;
    expect(changed, "the session is in the store").toBe(1);
  } finally {
    db.close();
  }
}
