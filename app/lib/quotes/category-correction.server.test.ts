import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { hashPassword } from "~/lib/desk/passwords.server";
import { reportPeriod } from "~/lib/reports/periods";
import { requestsByWeekAndCategory } from "~/lib/reports/reports.server";
import * as quotePage from "~/routes/desk/request";
import * as signInRoute from "~/routes/desk/sign-in";
import { getQuoteService, stopQuoteService } from "./service.server";

// Staff correct a request's category on its page, through the route as React Router runs it behind
// the desk's middleware; the reports count the corrected category.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let staffCookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const post = (path: string, fields: Record<string, string>, { cookie = "", origin = site } = {}) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
const correct = (reference: string, category: string, options: { cookie?: string; origin?: string }) =>
  outcome(() =>
    underDeskLayout(
      quotePage.action,
      args(post(`/desk/quotes/${reference}`, { intent: "category", category }, options), { reference }),
    ),
  );

async function account(email: string, name: string) {
  const service = getQuoteService();
  const { token } = service.staff.add(email, name);
  service.staff.usePasswordToken(token, await hashPassword(password));
  const signedIn = await outcome(() => signInRoute.action(args(post("/desk/sign-in", { email, password })) as never));
  expect(signedIn.status).toBe(302);
  return signedIn.headers.get("set-cookie")!.split(";")[0]!;
}

const thisWeek = (category: string) =>
  requestsByWeekAndCategory(getQuoteService().store.db, reportPeriod(4, Date.now())).at(-1)!.byCategory[
    category as "pens"
  ];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "category-correction-"));
  process.env.DATA_DIR = dataDir;
  await account("owner@promo.example", "Owner");
  staffCookie = await account("staff@promo.example", "Sana");
  expect(getQuoteService().staff.find("staff@promo.example")?.role).toBe("staff");
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("correcting a request's category", () => {
  it("is staff's: saved, written in the history, and counted by the reports under the new category", async () => {
    const service = getQuoteService();
    const { quote } = service.store.insert(
      { name: "Bilal", company: "", email: "bilal@acme.example", phone: "", product: "Giveaways", message: "500" },
      { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "correct-1" },
      { notify: false },
    );
    expect(service.store.category(quote.id)).toBe("other");
    const [others, clocks] = [thisWeek("other"), thisWeek("clocks")];

    const page = await outcome(() =>
      underDeskLayout(
        quotePage.loader,
        args(new Request(`${site}/desk/quotes/${quote.reference}`, { headers: { Cookie: staffCookie } }), {
          reference: quote.reference,
        }),
      ),
    );
    expect(page.data).toMatchObject({ category: "other", canCategorise: true });

    const saved = await correct(quote.reference, "clocks", { cookie: staffCookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/desk/quotes/${quote.reference}?done=category`);
    expect(service.store.category(quote.id)).toBe("clocks");
    expect(
      service.store.audit.requestHistory(quote.id).map((line) => [line.actor, line.kind, line.body]),
    ).toContainEqual(["Sana <staff@promo.example>", "category", "Category set to Wall Clocks (was Other)"]);
    expect([thisWeek("other"), thisWeek("clocks")]).toEqual([others - 1, clocks + 1]);

    // A category the list does not have is refused, naming what to do, and changes nothing.
    const refused = await correct(quote.reference, "lanyards", { cookie: staffCookie });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "category", error: "Choose a category." });
    expect(service.store.category(quote.id)).toBe("clocks");
  });

  it("is refused without a session, and from another site, changing nothing", async () => {
    const service = getQuoteService();
    const { quote } = service.store.insert(
      {
        name: "Hina",
        company: "",
        email: "hina@acme.example",
        phone: "",
        product: "Custom pens with logo",
        message: "",
      },
      { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "correct-2" },
      { notify: false },
    );
    expect(service.store.category(quote.id)).toBe("pens");
    const events = service.store.audit.requestHistory(quote.id).length;

    const anonymous = await correct(quote.reference, "drinkware", {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/desk\/sign-in/);
    const foreign = await correct(quote.reference, "drinkware", {
      cookie: staffCookie,
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);

    expect(service.store.category(quote.id)).toBe("pens");
    expect(service.store.audit.requestHistory(quote.id)).toHaveLength(events);
  });
});
