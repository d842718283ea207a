import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { JSDOM } from "jsdom";
import routes from "../../app/routes";
import { pakistanDate } from "../../app/lib/desk/time";
import { Invoices } from "../../app/lib/invoices/invoices.server";
import { UnmatchedMailbox } from "../../app/lib/mailbox/unmatched.server";
import { Messaging } from "../../app/lib/messaging/messaging.server";
import { Payments } from "../../app/lib/payments/payments.server";
import { ProofDesk } from "../../app/lib/proofs/proofs.server";
import { defaultTerms, Quotations } from "../../app/lib/quotations/quotations.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { onsetPenLine, sender, sentQuotation } from "../support/quotation-fixture";
import { routeEntries } from "../support/route-table";
import { fixtures } from "../support/upload-fixtures";
import { addStaff, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";
import { queueReply } from "../../app/lib/quotes/messages.server";

// Every form of the desk and of a buyer's link, found by reading the route table and the pages it
// renders, posted as rendered and with hostile values: 100 KB of text, control and direction
// characters, numbers at and over their limits, and three identical posts at once. No answer may be a
// 5xx, a refusal must say something, and the page must open as before. A new route or form is swept
// without being listed here; a new page route whose URL the seed cannot fill fails the sweep.

const password = "lahore-blue-pens-2026";
const owner = "sana@promo.example";

type Seeded = Awaited<ReturnType<typeof seed>>;

/** Requests in each state a desk page has a template for, a buyer's links, a set-up link and unmatched mail. */
async function seed(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const proofs = new ProofDesk(store);
  const messaging = new Messaging(store);
  const quotations = new Quotations(store);
  const now = new Date();
  const actor = { name: "Bilal", email: "bilal@promo.example" };
  const png = { data: await fixtures.png(), mediaType: "image/png" as const };

  // A new request with a conversation; one with a draft quotation; one sent and waiting on the buyer;
  // one accepted into an order with a proof, a payment, an invoice and a credit note.
  const fresh = store.insert(
    { name: "Imran Ali", company: "Getz", email: "imran@getz.example", phone: "", product: "Mugs", message: "Mugs" },
    { clientIp: "203.0.113.9", userAgent: "e2e", page: "/contact", idempotencyKey: "sweep-fresh" },
    { notify: false, now },
  ).quote;
  queueReply(messaging, fresh.id, "Thank you, we will send a quotation today.", actor, "sweep-reply", now);

  const draft = store.insert(
    { name: "Hina Shah", company: "Searle", email: "hina@searle.example", phone: "", product: "Pens", message: "Pens" },
    { clientIp: "203.0.113.9", userAgent: "e2e", page: "/contact", idempotencyKey: "sweep-draft" },
    { notify: false, now },
  ).quote;
  quotations.saveDraft(
    draft.id,
    { ...defaultTerms(now), lines: [onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }])] },
    null,
    now,
  );

  const waiting = sentQuotation(store, "sweep-waiting", {
    lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_000 }])],
  });
  proofs.send(waiting.quote, png, "First proof", sender, null);
  const waitingLink = proofs.linkForMessage(waiting.quote.id, 9_001);

  const ordered = sentQuotation(store, "sweep-ordered", {
    terms: { deliveryPaisa: 150_000 },
    lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_000 }])],
  });
  const order = ordered.accept([1], { name: "Dr. Ayesha Khan", role: "Brand Manager", poNumber: "PO-7781" });
  proofs.send(ordered.quote, png, "Proof for the order", sender, null);
  const orderedLink = proofs.linkForMessage(ordered.quote.id, 9_002);
  const payments = new Payments(store);
  const paid = payments.record(order, {
    kind: "advance",
    method: "bank_transfer",
    paidOn: pakistanDate(now.getTime()),
    amountPaisa: 1_000_000,
    reference: "TRX-1001",
    actor,
  });
  if (!paid.ok) throw new Error(`payment not recorded: ${paid.reason}`);
  const invoices = new Invoices(store);
  const issued = invoices.issueInvoice(order.id, { actor });
  if (!issued.ok) throw new Error(`invoice not issued: ${issued.reason}`);
  const credited = invoices.issueCreditNote(issued.value.number, { amountPaisa: 10_000, reason: "Short", actor });
  if (!credited.ok) throw new Error(`credit note not issued: ${credited.reason}`);

  // An order in production, its quality check next (the form that takes photos): moved there as the
  // orders module stores a stage, since production waits on the buyer approving a proof on their link.
  const producing = sentQuotation(store, "sweep-producing", {
    lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_000 }])],
  });
  const inProduction = producing.accept([1], { name: "Dr. Ayesha Khan", role: "Brand Manager" });
  store.db
    .prepare("UPDATE orders SET stage = 'in_production', planned_dispatch_date = ? WHERE id = ?")
    .run(new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10), inProduction.id);

  const unmatched = new UnmatchedMailbox(store);
  unmatched.recordUnreadable({
    messageId: "<bulk-1@spam.example>",
    from: { name: "Bulk Sender", address: "bulk@spam.example" },
    subject: "Catalogue",
    size: 12_000,
    date: now.toISOString(),
    problem: "too many parts",
  });
  store.close();

  return {
    requests: [fresh.reference, draft.reference, waiting.quote.reference, ordered.quote.reference],
    orders: [order.reference, inProduction.reference],
    buyerLinks: [waitingLink, orderedLink],
  };
}

/**
 * The URLs of a route pattern, its parameters filled from the seed (each parameter by the segment
 * before it); undefined when the seed has nothing for one of them.
 */
function urlsOf(pattern: string, seeded: Seeded & { setupToken: string }): string[] | undefined {
  const values: Record<string, string[]> = {
    "quotes/:reference": seeded.requests,
    "orders/:reference": seeded.orders,
    "proof/:token": seeded.buyerLinks,
    "setup/:token": [seeded.setupToken],
    "prices/:itemId": ["metal-ball-pen-pad-print"],
    "desk/*": ["no-such-desk-page"],
  };
  let urls = [""];
  for (const [index, segment] of pattern.split("/").entries()) {
    if (!segment.startsWith(":") && segment !== "*") {
      urls = urls.map((url) => `${url}/${segment}`);
      continue;
    }
    const filled = values[`${pattern.split("/")[index - 1]}/${segment}`];
    if (!filled) return undefined;
    urls = urls.flatMap((url) => filled.map((value) => `${url}/${value}`));
  }
  return urls;
}

/** A route module the server renders a page for (a default export), rather than a resource route. */
const rendersPage = (file: string) => /^export default /m.test(readFileSync(resolve("app", file), "utf8"));

// --- Forms as the page renders them ----------------------------------------------------------------

type Field = {
  name: string;
  kind: string;
  value: string;
  checked: boolean;
  required: boolean;
  numeric: boolean;
  min?: string;
  max?: string;
  options: string[];
  accept: string;
};
type SweptForm = { page: string; action: string; multipart: boolean; fields: Field[]; submitter?: [string, string] };

function formsOf(html: string, pageUrl: string): SweptForm[] {
  const { document } = new JSDOM(html).window;
  return [...document.querySelectorAll("form")]
    .filter((form) => (form.getAttribute("method") ?? "get").toLowerCase() === "post")
    .flatMap((form) => {
      const action = new URL(form.getAttribute("action") || pageUrl, pageUrl).toString();
      const multipart = (form.getAttribute("enctype") ?? "").toLowerCase() === "multipart/form-data";
      const fields: Field[] = [];
      for (const element of form.querySelectorAll("input, textarea, select")) {
        const name = element.getAttribute("name");
        if (!name || element.hasAttribute("disabled")) continue;
        const tag = element.tagName.toLowerCase();
        const kind = tag === "input" ? (element.getAttribute("type") ?? "text").toLowerCase() : tag;
        if (["submit", "button", "reset", "image"].includes(kind)) continue;
        const options = [...element.querySelectorAll("option")].map((option) => option.getAttribute("value") ?? "");
        const selected = element.querySelector("option[selected]") ?? element.querySelector("option");
        const value =
          tag === "textarea"
            ? (element.textContent ?? "")
            : tag === "select"
              ? (selected?.getAttribute("value") ?? selected?.textContent ?? "")
              : (element.getAttribute("value") ?? (kind === "checkbox" || kind === "radio" ? "on" : ""));
        const inputMode = element.getAttribute("inputmode") ?? "";
        fields.push({
          name,
          kind,
          value,
          checked: element.hasAttribute("checked"),
          required: element.hasAttribute("required"),
          numeric: kind === "number" || inputMode === "numeric" || inputMode === "decimal",
          min: element.getAttribute("min") ?? undefined,
          max: element.getAttribute("max") ?? undefined,
          options,
          accept: element.getAttribute("accept") ?? "",
        });
      }
      // Each named submit button sends its own value: each is a submission of its own.
      const submitters = [...form.querySelectorAll("button, input[type=submit]")]
        .filter((button) => (button.getAttribute("type") ?? "submit").toLowerCase() === "submit")
        .filter((button) => button.getAttribute("name"))
        .map((button) => [button.getAttribute("name")!, button.getAttribute("value") ?? ""] as [string, string]);
      const page = pageUrl;
      return submitters.length === 0
        ? [{ page, action, multipart, fields }]
        : submitters.map((submitter) => ({ page, action, multipart, fields, submitter }));
    });
}

const formName = (form: SweptForm) =>
  `${new URL(form.action).pathname}${new URL(form.action).search}` +
  (form.submitter ? ` [${form.submitter[0]}=${form.submitter[1]}]` : "") +
  ` on ${new URL(form.page).pathname}`;

/** A plausible value for an empty field, so the action gets past "required" to its real work. */
function plausible(field: Field): string {
  if (field.value || field.kind === "hidden") return field.value;
  if (field.numeric) return field.min && Number(field.min) > 0 ? field.min : "100";
  if (field.kind === "date") return pakistanDate(Date.now());
  if (field.kind === "email" || /mail/i.test(field.name)) return "sweep@example.test";
  if (field.kind === "password") return "sweep-password-2026-long";
  return "Sweep";
}

type Values = Record<string, string>;

async function bodyOf(form: SweptForm, values: Values, filled: boolean): Promise<FormData | URLSearchParams> {
  const entries: [string, string | Blob, string?][] = [];
  const radios = new Set<string>();
  for (const field of form.fields) {
    if (field.kind === "file") {
      const pdf = /pdf/.test(field.accept) && !/png|image/.test(field.accept);
      const data = pdf ? tinyPdf : await fixtures.png();
      entries.push([
        field.name,
        new Blob([data], { type: pdf ? "application/pdf" : "image/png" }),
        pdf ? "file.pdf" : "logo.png",
      ]);
      continue;
    }
    if (field.kind === "checkbox") {
      if (field.checked || (filled && field.required) || field.name in values)
        entries.push([field.name, values[field.name] ?? field.value]);
      continue;
    }
    if (field.kind === "radio") {
      if (radios.has(field.name)) continue;
      const group = form.fields.filter((other) => other.kind === "radio" && other.name === field.name);
      const chosen = group.find((other) => other.checked) ?? (filled ? group[0] : undefined);
      if (chosen || field.name in values) {
        radios.add(field.name);
        entries.push([field.name, values[field.name] ?? chosen!.value]);
      }
      continue;
    }
    entries.push([field.name, values[field.name] ?? (filled ? plausible(field) : field.value)]);
  }
  if (form.submitter) entries.push(form.submitter);
  if (!form.multipart) return new URLSearchParams(entries.map(([name, value]) => [name, String(value)]));
  const body = new FormData();
  for (const [name, value, file] of entries)
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, file);
  return body;
}

const tinyPdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj " +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The hostile values a field is tried with, one field at a time. */
function hostileValues(field: Field): { kind: string; value: string }[] {
  if (field.kind === "file") return [];
  const values = [
    { kind: "100 KB of text", value: "Lahore pens ".repeat(8_534).slice(0, 102_400) },
    { kind: "CR LF and a Bcc header", value: "Brand\r\nBcc: x@evil.test" },
    // One post for the rest: a field that takes any of them is found by the one that carries them all.
    { kind: "U+202E, U+2066, BEL, ESC[2J and NUL", value: "evil\u202Egnp\u2066.svg Ayesha\u0007\u001b[2J\u0000Khan" },
  ];
  if (field.numeric || field.kind === "date") {
    const limits: string[] = [];
    if (field.max !== undefined) limits.push(field.max, String(Number(field.max) + 1));
    if (field.min !== undefined) limits.push(field.min, String(Number(field.min) - 1));
    for (const value of [...limits, "1e15", "1000000000000000", "99999999999999999999", "-1", "0", "NaN", "1,000"])
      values.push({ kind: `number ${value}`, value });
  }
  return values;
}

// --- The sweep -------------------------------------------------------------------------------------

let server: Awaited<ReturnType<typeof startOwnServer>>;
let seeded: Seeded & { setupToken: string };
let dataDir: string;
let cookie: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-sweep-"));
  const store = await seed(dataDir);
  server = await startOwnServer({ DATA_DIR: dataDir, QUOTE_RATE_LIMIT: "1000" });
  await addStaff(server, owner, password);
  // A colleague, whose set-up link is not used yet: the staff page lists them, the set-up page opens.
  const output = execFileSync(
    process.execPath,
    ["build/server/staff.js", "add", "hina@promo.example", "--name", "Hina Shah"],
    { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
  );
  const setupToken = /\/desk\/setup\/(\S+)/.exec(output)![1]!;
  seeded = { ...store, setupToken };
  cookie = await signIn(server, owner, password);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
});

test("every desk and buyer-link form answers hostile posts without a server error, and its page still opens", async () => {
  test.setTimeout(300_000);
  const base = server.baseURL;
  const swept = routeEntries(routes).filter(({ path }) => /^(desk|proof)(\/|$)/.test(path));
  const pages = swept.filter(({ file }) => rendersPage(file));
  expect(pages.length, "the route table has desk and buyer-link pages").toBeGreaterThan(10);

  const unfilled = pages.filter(({ path }) => !urlsOf(path, seeded)).map(({ path }) => path);
  expect(unfilled, "page routes the sweep has no URL for: seed data for them in form-sweep.spec.ts").toEqual([]);

  const failures: string[] = [];
  const signedIn = async () => {
    const desk = await fetch(`${base}/desk`, { headers: { Cookie: cookie }, redirect: "manual" });
    if (desk.status !== 200) cookie = await signIn(server, owner, password);
  };
  const cookieFor = (url: string, signedOut: boolean): Record<string, string> =>
    !signedOut && new URL(url).pathname.startsWith("/desk") ? { Cookie: cookie } : {};
  const get = (url: string, signedOut: boolean) =>
    fetch(url, { headers: cookieFor(url, signedOut), redirect: "manual" });

  // The buyer's links first (the desk's forms may end them), the signed-in desk next, the signed-out pages
  // (sign-in, set-up) last: their forms may end the session or slow sign-ins down.
  const visits: { url: string; signedOut: boolean; status: number; forms: SweptForm[] }[] = [];
  for (const { path } of pages) {
    let rendered = 0;
    for (const url of urlsOf(path, seeded)!.map((path) => `${base}${path}`)) {
      let signedOut = false;
      let response = await get(url, false);
      if (response.status >= 300 && response.status < 400) {
        signedOut = true;
        response = await get(url, true);
      }
      const html = await response.text();
      if (response.status >= 500) failures.push(`GET ${new URL(url).pathname} → ${response.status}`);
      // A page of another state (a request without proofs has no proof record): the seed has others.
      if (response.status !== 200 && !(path.endsWith("*") && response.status === 404)) continue;
      rendered++;
      visits.push({ url, signedOut, status: response.status, forms: formsOf(html, url) });
    }
    if (rendered === 0) failures.push(`${path}: no seeded URL renders its page — seed data for it in this file`);
  }
  const order = (visit: (typeof visits)[number]) =>
    new URL(visit.url).pathname.startsWith("/proof/") ? 0 : visit.signedOut ? 2 : 1;
  visits.sort((a, b) => order(a) - order(b));

  const seeds = [...seeded.requests, ...seeded.orders, ...seeded.buyerLinks, seeded.setupToken];
  const sameForAnyRequest = (path: string) =>
    path
      .split("/")
      .map((segment) => (seeds.includes(segment) ? ":seeded" : segment))
      .join("/");
  const seen = new Set<string>();
  const seenFields = new Set<string>();
  const fieldsKey = (form: SweptForm) =>
    `${sameForAnyRequest(new URL(form.action).pathname)}|${form.fields.map((f) => f.name).join(",")}`;
  const everyField = (form: SweptForm, value: string) =>
    Object.fromEntries(form.fields.filter((f) => f.kind !== "file").map((f) => [f.name, value]));
  let posts = 0;
  let succeeded = false;
  const check = async (form: SweptForm, what: string, response: Response | string) => {
    posts++;
    if (typeof response === "string") {
      failures.push(`${formName(form)}: ${what} → ${response}`);
      return;
    }
    if (response.status < 400) succeeded = true;
    const text = await response.text();
    if (response.status >= 500) failures.push(`${formName(form)}: ${what} → ${response.status}`);
    else if (response.status >= 400) {
      const words = /html/.test(response.headers.get("content-type") ?? "")
        ? (new JSDOM(text).window.document.querySelector("main, body")?.textContent ?? "").trim()
        : text.trim();
      if (!words) failures.push(`${formName(form)}: ${what} → ${response.status} without a message`);
    }
  };

  /** The form's page opens as it did before the posts. */
  const pageOpens = async (form: SweptForm, visit: (typeof visits)[number], when: string) => {
    if (!visit.signedOut) await signedIn();
    const after = await get(visit.url, visit.signedOut);
    await after.body?.cancel();
    // A one-time page (a set-up link) may close once its form has done its work.
    const closed = [404, 410].includes(after.status) && succeeded;
    if (after.status !== visit.status && !closed)
      failures.push(`${formName(form)}: ${when} GET ${new URL(visit.url).pathname} → ${after.status}`);
  };
  const started = Date.now();
  for (const visit of visits) {
    for (const form of visit.forms) {
      // A form seen on another request's page is the same form: swept once.
      const key = `${sameForAnyRequest(new URL(form.action).pathname)}|${form.submitter?.join("=")}|${form.fields.map((f) => f.name).join(",")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!visit.signedOut) await signedIn();
      succeeded = false;
      // A connection the server closes without an answer is an answer of its own, named like a status.
      const post = async (values: Values, filled: boolean): Promise<Response | string> =>
        fetch(form.action, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: base, ...cookieFor(form.action, visit.signedOut) },
          body: await bodyOf(form, values, filled),
        }).catch((error: Error) => `no answer (${String((error.cause as Error | undefined)?.message ?? error)})`);

      await check(form, "as rendered", await post({}, false));
      await check(form, "filled in", await post({}, true));
      // Field by field once per form; a form's other buttons get the same values all at once.
      const firstOfForm = !seenFields.has(fieldsKey(form));
      seenFields.add(fieldsKey(form));
      if (!firstOfForm)
        for (const { kind, value } of hostileValues({ ...form.fields[0]!, numeric: false, kind: "text" }))
          await check(form, `every field = ${kind}`, await post(everyField(form, value), true));
      // One field of a name (a group of checkboxes shares one).
      const named = form.fields.filter((field, index) => form.fields.findIndex((f) => f.name === field.name) === index);
      for (const field of firstOfForm ? named : [])
        for (const { kind, value } of hostileValues(field))
          await check(form, `${field.name} = ${kind}`, await post({ [field.name]: value }, true));
      // Every number at its limit at once: each may be allowed while their product is not.
      const numbers = form.fields.filter((field) => field.numeric);
      // Every number at its limit at once: each may be allowed alone while their product is not. The
      // limit is the max the page gives, else the largest of a ladder the form takes for that field alone.
      if (firstOfForm && numbers.length > 1) {
        const limits: Values = {};
        for (const field of numbers) {
          if (field.max !== undefined) limits[field.name] = field.max;
          else
            for (const magnitude of ["1000000000000", "1000000000", "10000000", "100000", "1000"]) {
              const answer = await post({ [field.name]: magnitude }, true);
              await check(form, `${field.name} = number ${magnitude}`, answer);
              if (typeof answer !== "string" && answer.status < 400) {
                limits[field.name] = magnitude;
                break;
              }
            }
        }
        await check(form, "every number at its limit", await post(limits, true));
        // What was saved must still show: the page opens as it did.
        await pageOpens(form, visit, "after every number at its limit");
      }
      // Three identical posts at once, as a double click and a retry send them.
      const parallel = await Promise.all([post({}, true), post({}, true), post({}, true)]);
      for (const response of parallel) await check(form, "three at once", response);

      await pageOpens(form, visit, "afterwards");
    }
  }

  console.log(`form sweep: ${seen.size} forms on ${visits.length} pages, ${posts} posts in ${Date.now() - started} ms`);
  expect(seen.size, "forms found").toBeGreaterThan(15);
  expect(
    failures,
    `server errors or silent refusals:\n${failures.join("\n")}\n\n${server.output().slice(-4000)}`,
  ).toEqual([]);
});
