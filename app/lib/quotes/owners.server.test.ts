import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { Messaging } from "~/lib/messaging/messaging.server";
import { type InboxQuery, QuoteStore } from "./store.server";
import { queueReply } from "~/lib/quotes/messages.server";

// Owners, reply-by times and the inbox's views, on a real SQLite store.

const meta = (key: string) => ({ clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key });
const sanaActor = { name: "Sana Iqbal", email: "sana@promo.example" };

function desk() {
  const store = QuoteStore.open(tempDir("owners"));
  const directory = new StaffDirectory(store.db);
  const sana = directory.add(sanaActor.email, sanaActor.name).staff;
  const bilal = directory.add("bilal@promo.example", "Bilal Ahmed").staff;
  let key = 0;
  const receive = (name: string, receivedAt: string, product = "Pens") =>
    store.insert(
      { name, company: "", email: `${name.toLowerCase()}@buyer.example`, phone: "", product, message: "Hello" },
      meta(`k${key++}`),
      { notify: false, now: new Date(receivedAt) },
    ).quote;
  const names = (query: InboxQuery) => store.inbox(query).quotes.map((quote) => quote.name);
  return { store, directory, sana, bilal, receive, names };
}

describe("reply-by times", () => {
  it("are 24 business hours after a request arrived, past a weekend and a public holiday", () => {
    const { store, receive } = desk();
    // Thursday 24 December 2026, 12:00 in Lahore: 7 hours that day, Friday is Quaid-e-Azam Day, then
    // the weekend, 8 hours on Monday, 8 on Tuesday and the last one on Wednesday.
    const quote = receive("Ayesha", "2026-12-24T07:00:00Z");
    expect(new Date(quote.replyBy).toISOString()).toBe("2026-12-30T07:00:00.000Z");
    const overdue = (now: string) => store.inbox({ view: "overdue", now: Date.parse(now) }).quotes.length;
    expect(overdue("2026-12-29T07:30:00Z")).toBe(0); // would be overdue if the holiday counted
    expect(overdue("2026-12-30T06:59:00Z")).toBe(0);
    expect(overdue("2026-12-30T07:01:00Z")).toBe(1);
    expect(store.overdueCount(Date.parse("2026-12-30T07:01:00Z"))).toBe(1);
  });

  it("are given, from when they arrived, to requests stored before the time was kept", () => {
    const { store, receive } = desk();
    const quote = receive("Ayesha", "2026-11-23T07:00:00Z");
    store.db.prepare("UPDATE quotes SET reply_by = NULL").run();
    const file = store.file.replace(/quotes\.db$/, "");
    store.close();
    const reopened = QuoteStore.open(file);
    expect(new Date(reopened.get(quote.id)!.replyBy).toISOString()).toBe("2026-11-26T07:00:00.000Z");
    reopened.close();
  });

  it("stop counting when the request is answered: it leaves Overdue and the header's count", () => {
    const { store, receive } = desk();
    const late = receive("Ayesha", "2026-11-16T07:00:00Z");
    const later = receive("Bilal", "2026-11-17T07:00:00Z");
    const now = Date.parse("2026-11-25T07:00:00Z");
    expect(store.inbox({ view: "overdue", now }).quotes.map((quote) => quote.id)).toEqual([late.id, later.id]);
    expect(store.overdueCount(now)).toBe(2);
    queueReply(new Messaging(store), late.id, "Dear Ayesha, …", sanaActor, "form-1", new Date(now - 60_000));
    store.setStatus(later.id, "waiting_on_buyer", "", sanaActor, new Date(now - 30_000));
    expect(store.inbox({ view: "overdue", now }).quotes).toEqual([]);
    expect(store.overdueCount(now)).toBe(0);
    expect(store.overdueCount(now + 30 * 86_400_000)).toBe(0);
  });

  it("start again when the buyer writes back: the request waits on us, due 24 business hours later", () => {
    const { store, receive } = desk();
    const quote = receive("Ayesha", "2026-11-16T07:00:00Z");
    queueReply(new Messaging(store), quote.id, "Dear Ayesha, …", sanaActor, "form-1", new Date("2026-11-16T08:00:00Z"));
    // Monday 23 November, 12:00 in Lahore: the buyer's e-mail reaches the request.
    const wrote = new Date("2026-11-23T07:00:00Z");
    expect(store.changeStatus(quote.id, { type: "buyer replied" }, {}, "buyer", wrote)).toMatchObject({
      status: "waiting_on_us",
    });
    const waiting = store.get(quote.id)!;
    expect(waiting.answeredAt).toBeNull();
    expect(new Date(waiting.replyBy).toISOString()).toBe("2026-11-26T07:00:00.000Z");
    expect(store.inbox({ view: "open", now: wrote.getTime() }).quotes[0]?.id).toBe(quote.id);
    expect(store.overdueCount(Date.parse("2026-11-26T07:01:00Z"))).toBe(1);
  });
});

describe("the inbox's views", () => {
  it("Open puts unanswered requests first, soonest reply-by first, then the answered ones newest first", () => {
    const { store, receive, names } = desk();
    receive("Friday", "2026-11-20T13:00:00Z"); // 18:00 on Friday: due Wednesday
    receive("Monday", "2026-11-23T05:00:00Z"); // 10:00 on Monday, before opening: due Wednesday 19:00
    const answered = receive("Answered", "2026-11-23T09:00:00Z");
    receive("Thursday", "2026-11-19T07:00:00Z"); // 12:00 on Thursday: due Tuesday 12:00
    store.setStatus(answered.id, "waiting_on_buyer", "", sanaActor, new Date("2026-11-23T10:00:00Z"));
    const older = receive("Older answered", "2026-11-18T07:00:00Z");
    store.setStatus(older.id, "lost", "Price", sanaActor, new Date("2026-11-23T10:00:00Z"));
    const answeredToo = receive("Answered too", "2026-11-18T09:00:00Z");
    store.setStatus(answeredToo.id, "waiting_on_buyer", "", sanaActor, new Date("2026-11-23T10:00:00Z"));
    // Lost is finished: not open.
    expect(names({ view: "open" })).toEqual(["Thursday", "Friday", "Monday", "Answered", "Answered too"]);
    expect(names({ view: "all" })).toEqual([
      "Answered",
      "Monday",
      "Friday",
      "Thursday",
      "Answered too",
      "Older answered",
    ]);
    // A page may end inside the unanswered part and the next one go on into the answered part.
    expect(names({ view: "open", perPage: 2, page: 2 })).toEqual(["Monday", "Answered"]);
    expect(names({ view: "open", perPage: 2, page: 3 })).toEqual(["Answered too"]);
    expect(store.inbox({ view: "open", perPage: 2 })).toMatchObject({ total: 5, pages: 3, page: 1 });
    // Without a view the inbox is as it always was: newest first.
    expect(names({})).toEqual(names({ view: "all" }));
  });

  it("Mine, Unassigned and Overdue hold the right requests, and combine with the status and the search", () => {
    const { store, sana, bilal, receive, names } = desk();
    const pens = receive("Pens", "2026-11-16T07:00:00Z", "Custom pens");
    const mugs = receive("Mugs", "2026-11-23T07:00:00Z", "Mugs");
    const caps = receive("Caps", "2026-11-24T07:00:00Z", "Caps");
    const bags = receive("Bags", "2026-11-17T07:00:00Z", "Tote bags");
    store.assign(pens.id, sana.id, sanaActor);
    store.assign(mugs.id, bilal.id, sanaActor);
    store.assign(bags.id, sana.id, sanaActor);
    store.setStatus(bags.id, "waiting_on_buyer", "", sanaActor, new Date("2026-11-24T08:00:00Z"));
    const now = Date.parse("2026-11-25T07:00:00Z");

    expect(names({ view: "mine", staffId: sana.id, now })).toEqual(["Pens", "Bags"]);
    expect(names({ view: "mine", staffId: bilal.id, now })).toEqual(["Mugs"]);
    expect(names({ view: "mine", now })).toEqual([]); // nobody signed in owns nothing
    expect(names({ view: "unassigned", now })).toEqual(["Caps"]);
    expect(names({ view: "overdue", now })).toEqual(["Pens"]); // Bags is late too, but answered
    expect(names({ view: "mine", staffId: sana.id, status: "waiting_on_buyer", now })).toEqual(["Bags"]);
    expect(names({ view: "mine", staffId: sana.id, search: "pens", now })).toEqual(["Pens"]);
    expect(names({ view: "overdue", search: "mugs", now })).toEqual([]);
    expect(names({ view: "all", search: caps.reference.toLowerCase(), now })).toEqual(["Caps"]);

    expect(store.inboxCounts(sana.id, now)).toEqual({ open: 4, mine: 2, unassigned: 1, overdue: 1, all: 4 });
    expect(store.get(pens.id)).toMatchObject({ ownerStaffId: sana.id, ownerName: "Sana Iqbal" });
    expect(store.get(caps.id)).toMatchObject({ ownerStaffId: null, ownerName: null });
  });
});

describe("the Open view", () => {
  it("holds every request neither Won nor Lost, answered or not, and its count is its rows", () => {
    const { store, receive, names } = desk();
    const at = new Date("2026-11-24T10:00:00Z");
    const buyers = ["Waiting", "Answered", "Asked back", "Won", "Lost", "Won too"].map((name, index) =>
      receive(name, `2026-11-2${index % 4}T07:00:00Z`),
    );
    const [, answered, askedBack, won, lost, wonToo] = buyers;
    store.setStatus(answered!.id, "waiting_on_buyer", "", sanaActor, at);
    store.setStatus(askedBack!.id, "waiting_on_buyer", "", sanaActor, at);
    store.changeStatus(askedBack!.id, { type: "buyer replied" }, {}, "buyer", at);
    store.setStatus(won!.id, "won", "", sanaActor, at);
    store.setStatus(wonToo!.id, "won", "", sanaActor, at);
    store.setStatus(lost!.id, "lost", "Price", sanaActor, at);
    const now = Date.parse("2026-11-25T07:00:00Z");

    const open = store.inbox({ view: "open", now, perPage: 100 });
    expect(open.quotes.map((quote) => quote.name).sort()).toEqual(["Answered", "Asked back", "Waiting"]);
    expect(open.quotes.map((quote) => quote.status)).not.toContain("won");
    expect(store.inboxCounts(null, now).open).toBe(open.quotes.length);
    expect(open.total).toBe(3);
    // Filtered by a finished status, Open has none.
    expect(names({ view: "open", status: "won", now })).toEqual([]);
  });
});

describe("assigning a request", () => {
  it("records who gave it to whom, and taking it back to nobody, in its history", () => {
    const { store, bilal, sana, receive } = desk();
    const quote = receive("Ayesha", "2026-11-23T07:00:00Z");
    const at = new Date("2026-11-23T08:00:00Z");
    expect(store.assign(quote.id, bilal.id, sanaActor, at)).toEqual({ ok: true, changed: true });
    // Given again to whoever has it: nothing changes, nothing is recorded.
    expect(store.assign(quote.id, bilal.id, sanaActor, at)).toEqual({ ok: true, changed: false });
    expect(store.assign(quote.id, sana.id, sanaActor, at)).toEqual({ ok: true, changed: true });
    expect(store.assign(quote.id, null, sanaActor, at)).toEqual({ ok: true, changed: true });
    const lines = store.audit.requestHistory(quote.id).filter((line) => line.type === "request.assigned");
    expect(lines.map((line) => [line.actor, line.kind, line.body])).toEqual([
      ["Sana Iqbal <sana@promo.example>", "owner", "Assigned to Bilal Ahmed"],
      ["Sana Iqbal <sana@promo.example>", "owner", "Assigned to Sana Iqbal"],
      ["Sana Iqbal <sana@promo.example>", "owner", "Unassigned"],
    ]);
    expect(store.get(quote.id)?.ownerStaffId).toBeNull();
  });

  it("refuses an id that is no staff member's, changing and recording nothing", () => {
    const { store, bilal, receive } = desk();
    const quote = receive("Ayesha", "2026-11-23T07:00:00Z");
    store.assign(quote.id, bilal.id, sanaActor);
    const before = store.audit.requestHistory(quote.id).length;
    expect(store.assign(quote.id, 9_999, sanaActor)).toEqual({ ok: false, refused: "no such staff member" });
    expect(store.get(quote.id)).toMatchObject({ ownerStaffId: bilal.id, ownerName: "Bilal Ahmed" });
    expect(store.audit.requestHistory(quote.id)).toHaveLength(before);
  });

  it("leaves a request unassigned when its owner's account is removed, its history naming them still", () => {
    const { store, directory, bilal, receive } = desk();
    const quote = receive("Ayesha", "2026-11-23T07:00:00Z");
    store.assign(quote.id, bilal.id, sanaActor);
    directory.remove("bilal@promo.example");
    expect(store.get(quote.id)).toMatchObject({ ownerStaffId: null, ownerName: null });
    expect(store.inbox({ view: "unassigned" }).quotes.map((row) => row.id)).toEqual([quote.id]);
    expect(store.audit.requestHistory(quote.id).at(-1)?.body).toBe("Assigned to Bilal Ahmed");
  });
});
