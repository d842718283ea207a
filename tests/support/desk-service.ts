import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "~/lib/desk/passwords.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as signInRoute from "~/routes/desk/sign-in";
import { outcome, routeArgs } from "./desk-routes";
import { startSmtp } from "./smtp-server";

const settings = ["DATA_DIR", "SMTP_URL", "QUOTE_NOTIFY_TO", "QUOTE_FROM"] as const;

/**
 * The site's quote service as the server runs it, on a fresh data folder and a real SMTP server, for
 * a test that calls the desk's and the buyer's routes. `stop` ends both and removes the folder.
 */
export async function startDeskService(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  return {
    dataDir,
    smtp,
    async stop() {
      await stopQuoteService();
      await smtp.close();
      for (const setting of settings) delete process.env[setting];
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A desk account with its password set (the first one made is an owner, the next staff), signed in
 * through the sign-in page: its session cookie, `name=value`.
 */
export async function signedInAccount(email: string, name: string, password: string): Promise<string> {
  const service = getQuoteService();
  const { token } = service.staff.add(email, name);
  service.staff.usePasswordToken(token, await hashPassword(password));
  const request = new Request("http://localhost/desk/sign-in", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const signedIn = await outcome(() => signInRoute.action(routeArgs(request, {}, "198.51.100.254") as never));
  const cookie = signedIn.headers.get("set-cookie")?.split(";")[0];
  if (signedIn.status !== 302 || !cookie) throw new Error(`${email} was not signed in: ${signedIn.status}`);
  return cookie;
}
