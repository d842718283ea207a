import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as exportRoute from "~/routes/desk/export";
import * as fileRoute from "~/routes/desk/request-file";
import * as quotePage from "~/routes/desk/request";
import * as signInRoute from "~/routes/desk/sign-in";
import { hashPassword } from "./passwords.server";

// A role that lacks a permission is refused what it guards, on the desk's real routes behind the
// layout's middleware. Today's map gives staff every request permission, so a narrower one is put in
// its place here: the guard must follow the map, whatever it says.
vi.mock("./permissions", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./permissions")>();
  return { ...actual, rolePermissions: { owner: actual.permissions, staff: ["requests.read"] } };
});

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let reference: string;
let ownerCookie: string;
let staffCookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, cookie: string) => new Request(`${site}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });

async function answer(run: () => Promise<unknown>) {
  const value = await run().catch((thrown: unknown) => thrown);
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: undefined };
  const { data, init } = value as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

async function account(email: string, name: string) {
  const service = getQuoteService();
  const { token } = service.staff.add(email, name);
  service.staff.usePasswordToken(token, await hashPassword(password));
  const signedIn = await answer(() =>
    Promise.resolve().then(() => signInRoute.action(args(post("/desk/sign-in", { email, password }, "")) as never)),
  );
  expect(signedIn.status).toBe(302);
  return signedIn.headers.get("set-cookie")!.split(";")[0]!;
}

const history = () => {
  const service = getQuoteService();
  return service.store.audit
    .requestHistory(service.store.byReference(reference)!.id)
    .map((event) => `${event.kind}: ${event.body}`);
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "desk-roles-"));
  process.env.DATA_DIR = dataDir;
  const service = getQuoteService();
  const { quote } = service.store.insert(
    { name: "Ayesha Khan", company: "Acme", email: "ayesha@acme.example", phone: "", product: "Pens", message: "500" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "roles-1" },
    { notify: false },
  );
  reference = quote.reference;
  ownerCookie = await account("owner@promo.example", "Owner");
  staffCookie = await account("staff@promo.example", "Staff");
  expect(service.staff.find("owner@promo.example")?.role).toBe("owner");
  expect(service.staff.find("staff@promo.example")?.role).toBe("staff");
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a role without a permission", () => {
  it("reads the request, but every action it lacks is refused with 403 and changes nothing", async () => {
    const page = await answer(() =>
      underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${reference}`, staffCookie), { reference })),
    );
    expect(page.status).toBe(200);
    const before = history();
    const intents: Record<string, string>[] = [
      { intent: "note", note: "Call them back" },
      { intent: "status", status: "won" },
      { intent: "won" },
      { intent: "end-all-links" },
      { intent: "whatsapp" },
      { intent: "duplicate", duplicateKey: "7d0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e" },
    ];
    for (const fields of intents) {
      const refused = await answer(() =>
        underDeskLayout(quotePage.action, args(post(`/desk/quotes/${reference}`, fields, staffCookie), { reference })),
      );
      expect(refused.status, fields.intent).toBe(403);
      expect(String(refused.data), fields.intent).toMatch(/may not do this/);
      expect(refused.headers.get("cache-control"), fields.intent).toBe("private, no-store");
    }
    expect(history()).toEqual(before);
    expect(getQuoteService().store.byReference(reference)!.status).toBe("new");
    expect(getQuoteService().store.count()).toBe(1);
  });

  it("is refused the exports, and still opens the request's files", async () => {
    for (const format of ["csv", "json"]) {
      const refused = await answer(() =>
        underDeskLayout(exportRoute.loader, args(get(`/desk/export/${format}`, staffCookie), { format })),
      );
      expect(refused.status, format).toBe(403);
    }
    const file = await answer(() =>
      underDeskLayout(
        fileRoute.loader,
        args(get(`/desk/quotes/${reference}/files/logo`, staffCookie), { reference, role: "logo" }),
      ),
    );
    expect(file.status).toBe(404); // allowed through: this request has no logo
  });

  it("leaves an owner, whose role has the permission, to do it", async () => {
    const noted = await answer(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${reference}`, { intent: "note", note: "Owner's note" }, ownerCookie), { reference }),
      ),
    );
    expect(noted.status).toBe(302);
    expect(history().join("\n")).toContain("Owner's note");
    const exported = await answer(() =>
      underDeskLayout(exportRoute.loader, args(get("/desk/export/csv", ownerCookie), { format: "csv" })),
    );
    expect(exported.status).toBe(200);
  });
});
