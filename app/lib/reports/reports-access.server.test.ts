import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as reportCsvRoute from "~/routes/desk/report-csv";
import * as reportsPage from "~/routes/desk/reports";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";

// Who may read the owner's reports, called as React Router calls the routes, on a real store: owners
// only, by the page and by every CSV, and nobody without a session.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, cookie?: string) =>
  new Request(`${site}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
    body: new URLSearchParams(fields).toString(),
  });

/** A member with a password, signed in: their session cookie. */
async function member(email: string, role: "owner" | "staff") {
  const { output, code } = runStaffCommand(
    ["add", email, "--name", email.split("@")[0]!, "--role", role],
    getQuoteService().store.db,
  );
  expect(code).toBe(0);
  const token = /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  await outcome(() =>
    setup.action(args(post(`/desk/setup/${token}`, { password, repeat: password }), { token }) as never),
  );
  const answer = await outcome(() => signInRoute.action(args(post("/desk/sign-in", { email, password })) as never));
  const cookie = answer.headers.get("set-cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^desk_session=/);
  return cookie;
}

const pages: { route: { loader: (args: never) => unknown }; path: string; params: Record<string, string> }[] = [
  { route: reportsPage, path: "/desk/reports", params: {} },
  { route: reportCsvRoute, path: "/desk/reports/first-answer.csv", params: { file: "first-answer.csv" } },
  { route: reportCsvRoute, path: "/desk/reports/outcomes.csv", params: { file: "outcomes.csv" } },
];

let owner: string;
let staff: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "reports-access-"));
  process.env.DATA_DIR = dataDir;
  owner = await member("sana@promo.example", "owner");
  staff = await member("bilal@promo.example", "staff");
  getQuoteService().store.insert(
    { name: "Ali", company: "", email: "ali@buyer.example", phone: "", product: "Pens", message: "500 pens" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "reports-one" },
    { notify: false },
  );
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the reports page and its CSVs", () => {
  it("send a visitor without a session to sign in, kept private", async () => {
    for (const { route, path, params } of pages) {
      const answer = await outcome(() => underDeskLayout(route.loader, args(get(path), params)));
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toMatch(/^\/desk\/sign-in/);
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("refuse a staff member who types their address, naming the permission", async () => {
    for (const { route, path, params } of pages) {
      const answer = await outcome(() => underDeskLayout(route.loader, args(get(path, staff), params)));
      expect(answer.status, path).toBe(403);
      expect(String(answer.data), path).toContain('"reports.read"');
    }
  });

  it("show an owner the six reports, each chart an image with a summary beside a table of its numbers", async () => {
    const answer = await outcome(() => underDeskLayout(reportsPage.loader, args(get("/desk/reports", owner))));
    expect(answer.status).toBe(200);
    const Stub = createRoutesStub([{ path: "/desk/reports", Component: reportsPage.default as never }]);
    const html = renderToStaticMarkup(
      createElement(Stub, {
        initialEntries: ["/desk/reports"],
        hydrationData: { loaderData: { "0": answer.data } },
      }),
    );
    expect(html.match(/<svg role="img" aria-label="/g)).toHaveLength(6);
    expect(html.match(/<table/g)).toHaveLength(6);
    expect(html).toContain("Income tax PKR 0 and sales tax PKR 0 withheld over");
    expect(html).toContain('href="/desk/reports/tax-withheld-by-month.csv?weeks=12"');
    expect(html).toContain("1 request over 12 weeks; most of them Pens.");
    expect(html).toContain("No delivered orders yet.");
    expect(html).toContain('href="/desk/reports/value-by-month.csv?weeks=12"');
  });

  it("give an owner a CSV with the byte order mark, and no file for a name that is no report", async () => {
    const csv = await outcome(() =>
      underDeskLayout(
        reportCsvRoute.loader,
        args(get("/desk/reports/requests-by-category.csv?weeks=4", owner), {
          file: "requests-by-category.csv",
        }),
      ),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="requests-by-category-4-weeks-/);
    const body = new Uint8Array(await csv.response!.arrayBuffer());
    expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The header is the first row, so a spreadsheet's filters and sorting take it.
    expect(new TextDecoder().decode(body.slice(3)).split("\r\n")[0]).toMatch(/^week_from,total,Pens,/);
    const unknown = await outcome(() =>
      underDeskLayout(reportCsvRoute.loader, args(get("/desk/reports/staff.csv", owner), { file: "staff.csv" })),
    );
    expect(unknown.status).toBe(404);
  });
});
