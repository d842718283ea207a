import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { deskText } from "~/content/desk";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as deskLayout from "~/routes/desk/layout";
import * as inbox from "~/routes/desk/inbox";
import * as quotePage from "~/routes/desk/request";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import { hasPermission } from "./permissions";
import { runStaffCommand } from "./staff-command.server";

// Owners on the desk's routes, called as React Router calls them, on a real SQLite store: the forms of
// the request page and the attacks on them, the inbox's views and the header's overdue count.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, cookie: string) => new Request(`${site}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>, { cookie = "", origin = site } = {}) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });

/** A staff member with a password, signed in: their session cookie. */
async function member(email: string, name: string) {
  const { output, code } = runStaffCommand(["add", email, "--name", name], getQuoteService().store.db);
  expect(code).toBe(0);
  const token = /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  await outcome(() =>
    setup.action(args(post(`/desk/setup/${token}`, { password, repeat: password }), { token }) as never),
  );
  let answer: unknown;
  try {
    answer = await signInRoute.action(args(post("/desk/sign-in", { email, password })) as never);
  } catch (thrown) {
    answer = thrown;
  }
  const { headers } = answer as Response;
  const cookie = headers.get("set-cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^desk_session=/);
  return { cookie, id: getQuoteService().staff.find(email)!.id };
}

function receive(key: string, name: string, receivedAt = new Date()) {
  return getQuoteService().store.insert(
    { name, company: "", email: `${key}@buyer.example`, phone: "", product: "Pens", message: "500 pens" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false, now: receivedAt },
  ).quote;
}

const assign = (reference: string, fields: Record<string, string>, options: { cookie?: string; origin?: string }) =>
  outcome(() =>
    underDeskLayout(quotePage.action, args(post(`/desk/quotes/${reference}`, fields, options), { reference })),
  );

let sana: Awaited<ReturnType<typeof member>>;
let bilal: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "desk-owners-"));
  process.env.DATA_DIR = dataDir;
  sana = await member("sana@promo.example", "Sana Iqbal");
  bilal = await member("bilal@promo.example", "Bilal Ahmed");
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the owner forms of a request's page", () => {
  it("are every role's to use", () => {
    expect(hasPermission("owner", "requests.assign")).toBe(true);
    expect(hasPermission("staff", "requests.assign")).toBe(true);
  });

  it("take a request for the member, give it to another, and write both into its history", async () => {
    const quote = receive("take-1", "Ayesha Khan");
    expect(await assign(quote.reference, { intent: "take" }, { cookie: sana.cookie })).toMatchObject({
      status: 302,
      location: `/desk/quotes/${quote.reference}?done=take`,
    });
    expect(getQuoteService().store.get(quote.id)?.ownerName).toBe("Sana Iqbal");
    expect(
      (await assign(quote.reference, { intent: "assign", owner: String(bilal.id) }, { cookie: sana.cookie })).status,
    ).toBe(302);

    const page = await outcome(() =>
      underDeskLayout(
        quotePage.loader,
        args(get(`/desk/quotes/${quote.reference}`, sana.cookie), { reference: quote.reference }),
      ),
    );
    const data = page.data as {
      quote: { ownerName: string; replyBy: string | null };
      owner: { mine: boolean; staff: { id: number; name: string }[] };
      history: { actor: string; kind: string; body: string }[];
    };
    expect(data.quote.ownerName).toBe("Bilal Ahmed");
    expect(data.quote.replyBy).toMatch(/^(Mon|Tue|Wed|Thu|Fri) .*\d\d:\d\d$/);
    expect(data.owner).toMatchObject({ mine: false, staff: [{ name: "Bilal Ahmed" }, { name: "Sana Iqbal" }] });
    expect(data.history.filter((line) => line.kind === "owner")).toEqual([
      expect.objectContaining({ actor: "Sana Iqbal <sana@promo.example>", body: "Assigned to Sana Iqbal" }),
      expect.objectContaining({ actor: "Sana Iqbal <sana@promo.example>", body: "Assigned to Bilal Ahmed" }),
    ]);

    // Bilal's Mine has it; Sana's has not.
    const mine = async (cookie: string) =>
      (
        (await outcome(() => underDeskLayout(inbox.loader, args(get("/desk?view=mine", cookie))))).data as {
          quotes: { reference: string; owner: string }[];
        }
      ).quotes.map((row) => row.reference);
    expect(await mine(bilal.cookie)).toContain(quote.reference);
    expect(await mine(sana.cookie)).not.toContain(quote.reference);
  });

  it("refuse an id that is no staff member's, and one that is no id, changing nothing", async () => {
    const quote = receive("forged-1", "Imran Ali");
    const history = () => getQuoteService().store.audit.requestHistory(quote.id).length;
    const before = history();
    const unknown = await assign(quote.reference, { intent: "assign", owner: "99999" }, { cookie: sana.cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
    expect(unknown.data).toEqual({ intent: "assign", error: deskText.quote.noSuchStaff });
    expect(
      (await assign(quote.reference, { intent: "assign", owner: "1 OR 1=1" }, { cookie: sana.cookie })).data,
    ).toEqual({ intent: "assign", error: deskText.quote.chooseOwner });
    expect(getQuoteService().store.get(quote.id)?.ownerStaffId).toBeNull();
    expect(history()).toBe(before);
  });

  it("refuse a post without a session or from another site, changing nothing", async () => {
    const quote = receive("attack-1", "Nadia Shah");
    const noSession = await assign(quote.reference, { intent: "take" }, {});
    expect(noSession.status).toBe(302);
    expect(noSession.location).toMatch(/^\/desk\/sign-in/);
    const otherSite = await assign(
      quote.reference,
      { intent: "assign", owner: String(sana.id) },
      { cookie: sana.cookie, origin: "https://evil.example" },
    );
    expect(otherSite.status).toBe(403);
    expect(getQuoteService().store.get(quote.id)?.ownerStaffId).toBeNull();
    expect(
      getQuoteService()
        .store.audit.requestHistory(quote.id)
        .map((line) => line.kind),
    ).toEqual(["received"]);
  });

  it("assign only the request of the page's address, whatever the form says", async () => {
    const target = receive("target-1", "Target");
    const other = receive("other-1", "Other");
    const answer = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(
          post(
            `/desk/quotes/${target.reference}`,
            { intent: "take", reference: other.reference, id: String(other.id) },
            { cookie: bilal.cookie },
          ),
          { reference: target.reference },
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(getQuoteService().store.get(target.id)?.ownerName).toBe("Bilal Ahmed");
    expect(getQuoteService().store.get(other.id)?.ownerStaffId).toBeNull();
  });
});

describe("the inbox's views and the header", () => {
  it("show Unassigned and Overdue rows with their owner and reply-by time, and count what is overdue", async () => {
    const store = getQuoteService().store;
    const old = receive("old-1", "Old Request", new Date(Date.now() - 14 * 86_400_000));
    const layout = await outcome(() => underDeskLayout(deskLayout.loader, args(get("/desk", sana.cookie))));
    expect(layout.data).toMatchObject({ member: { name: "Sana Iqbal" }, overdue: store.overdueCount() });
    expect((layout.data as { overdue: number }).overdue).toBeGreaterThanOrEqual(1);

    const view = async (name: string) =>
      (await outcome(() => underDeskLayout(inbox.loader, args(get(`/desk?view=${name}`, sana.cookie))))).data as {
        view: string;
        counts: Record<string, number>;
        quotes: { reference: string; owner: string | null; replyBy: string | null; overdue: boolean }[];
      };
    const overdue = await view("overdue");
    expect(overdue.view).toBe("overdue");
    expect(overdue.quotes.find((row) => row.reference === old.reference)).toMatchObject({
      owner: null,
      overdue: true,
      replyBy: expect.stringMatching(/\d\d:\d\d$/),
    });
    expect(overdue.quotes.every((row) => row.overdue)).toBe(true);
    const unassigned = await view("unassigned");
    expect(unassigned.quotes.every((row) => row.owner === null)).toBe(true);
    expect(unassigned.quotes.map((row) => row.reference)).toContain(old.reference);
    expect(unassigned.counts).toEqual(store.inboxCounts(sana.id));
    // An unknown view is the default one, Open.
    expect((await view("everything")).view).toBe("open");

    // Answered, the request's clock stops: it leaves Overdue and the header's count.
    const before = store.overdueCount();
    store.setStatus(old.id, "waiting_on_buyer", "", { name: "Sana Iqbal", email: "sana@promo.example" });
    expect(store.overdueCount()).toBe(before - 1);
    expect((await view("overdue")).quotes.map((row) => row.reference)).not.toContain(old.reference);
  });
});
