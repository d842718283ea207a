import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { signedInAccount, startDeskService } from "../../../tests/support/desk-service";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { fixtures, hasGps } from "../../../tests/support/upload-fixtures";
import { hasPermission } from "~/lib/desk/permissions";
import { pakistanDate } from "~/lib/desk/time";
import { liveStoredFiles } from "~/lib/files/registry.server";
import type { StoredOrder } from "~/lib/orders/orders.server";
import { Payments } from "~/lib/payments/payments.server";
import { defaultTerms } from "~/lib/quotations/quotations.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import * as orderPhoto from "~/routes/desk/order-photo";
import * as orderRoute from "~/routes/desk/order";
import * as boardRoute from "~/routes/desk/orders";
import * as buyerPage from "~/routes/proof/page";
import * as buyerPhoto from "~/routes/proof/qc-photo";

// An order's stages through the desk's routes, as React Router calls them, on a real SQLite store and
// SMTP server: each move, its e-mail to the buyer, the buyer's timeline, and every refusal.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let desk: Awaited<ReturnType<typeof startDeskService>>;
let cookie: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const page = (reference: string, withCookie = cookie) =>
  outcome(() =>
    underDeskLayout(
      orderRoute.loader,
      args(new Request(`${site}/desk/orders/${reference}`, { headers: withCookie ? { Cookie: withCookie } : {} }), {
        reference,
      }),
    ),
  );
const move = (
  reference: string,
  fields: Record<string, string | string[]>,
  { photos = [], origin = site, withCookie = cookie }: { photos?: Blob[]; origin?: string; withCookie?: string } = {},
) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  photos.forEach((photo, index) => body.append("photos", photo, `photo-${index}.png`));
  const headers: Record<string, string> = { Origin: origin };
  if (withCookie) headers.Cookie = withCookie;
  return outcome(() =>
    underDeskLayout(
      orderRoute.action,
      args(new Request(`${site}/desk/orders/${reference}`, { method: "POST", headers, body }), { reference }),
    ),
  );
};
/** The files left in a folder (none when it is missing). */
const filesUnder = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const png = async () => new Blob([new Uint8Array(await fixtures.png())], { type: "image/png" });
const mailTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => decoded(mail.raw));

/** A request with quotation v1 accepted (the order), its proof approved or not, through the modules. */
async function acceptedOrder(key: string, { approve = true, payAdvance = true, phone = "" } = {}) {
  const service = getQuoteService();
  const email = `${key}@buyer.example`;
  const quote = service.store.insert({ ...buyerFields, email, phone }, submissionMeta(key), { notify: false }).quote;
  service.quotations.saveDraft(
    quote.id,
    {
      ...defaultTerms(new Date()),
      leadTimeDays: 10,
      lines: [
        {
          itemId: null,
          description: "Onset pen",
          decoration: "Screen print",
          setupPaisa: 0,
          options: [{ quantity: 500, unitPaisa: 8_900 }],
        },
      ],
    },
    null,
  );
  const v1 = service.quotations.send(quote, bilal)!;
  const accepted = service.quotationAnswers.accept(quote.id, {
    version: 1,
    sha256: v1.sha256!,
    choices: [1],
    name: "Ayesha Khan",
    role: "Brand Manager",
    poNumber: "PO-1",
  });
  if (!accepted.ok) throw new Error(accepted.reason);
  if (approve) await approveProof(quote.id);
  if (payAdvance) payTheAdvance(accepted.order);
  return { quote, email, order: accepted.order, reference: accepted.order.reference };
}

/** Records the advance the quotation's payment terms ask for, as the payments panel would. */
function payTheAdvance(order: StoredOrder) {
  const payments = new Payments(getQuoteService().store);
  const advance = payments.summary(order)!.advanceRequiredPaisa;
  if (advance === 0) return;
  const paidOn = pakistanDate(Date.now()); // the office's today, which from 19:00 UTC is tomorrow in UTC's terms
  const paid = payments.record(order, {
    kind: "advance",
    method: "bank_transfer",
    paidOn,
    amountPaisa: advance,
    actor: bilal,
  });
  if (!paid.ok) throw new Error(paid.reason);
}

async function approveProof(quoteId: number) {
  const service = getQuoteService();
  const quote = service.store.get(quoteId)!;
  const { version } = service.proofs.send(
    quote,
    { data: await fixtures.png(), mediaType: "image/png" },
    "",
    bilal,
    null,
  );
  await service.proofs.answer(quote, version, { kind: "approved", name: "Ayesha Khan", role: "Brand Manager" }, null);
}

/** Everything a refused move must leave as it was. */
const snapshot = (reference: string) => {
  const service = getQuoteService();
  const order = service.orders.byReference(reference)!;
  return {
    order,
    history: service.orders.history(order.id).length,
    photos: service.orders.photos(order.id).length,
    messages: service.messaging.messages(order.quoteId).length,
  };
};

beforeAll(async () => {
  desk = await startDeskService("orders");
  smtp = desk.smtp;
  cookie = await signedInAccount("bilal@promo.example", "Bilal", password);
});

afterAll(async () => {
  await desk.stop();
});

describe("an order's stages on the desk", () => {
  it("go from production to delivered, each e-mailed to the buyer with their link, and shown on their page", async () => {
    const { quote, email, reference } = await acceptedOrder("stages");
    const service = getQuoteService();
    const first = await page(reference);
    expect(first.status).toBe(200);
    const shown = first.data as { order: { stage: string; promised: string | null }; next: { label: string } };
    expect(shown.order.stage).toBe("awaiting_artwork");
    expect(shown.order.promised).toMatch(/20\d\d$/);
    expect(shown.next.label).toBe("In production");

    const started = await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" });
    expect(started.status).toBe(302);
    expect(started.location).toBe(`/desk/orders/${reference}?done=1`);
    expect(service.orders.byReference(reference)).toMatchObject({
      stage: "in_production",
      plannedDispatchDate: "2099-01-05",
    });

    const checklist = ["quantity", "print", "colours", "packing"];
    const checked = await move(reference, { intent: "quality_checked", checklist }, { photos: [await png()] });
    expect(checked.status).toBe(302);
    const order = service.orders.byReference(reference)!;
    const [photo] = service.orders.photos(order.id);
    expect(photo).toMatchObject({ mediaType: "image/jpeg" });
    expect(photo!.storedName).toMatch(/^qc-[0-9a-f-]{36}\.jpg$/);
    // Both copies are recorded by the files module with the hash of their bytes on disk.
    const { path, smallPath } = service.orders.photo(order.id, photo!.id)!;
    for (const copy of [path, smallPath!])
      expect(liveStoredFiles(service.store.db).find((stored) => copy.endsWith(`/${stored.name}`))).toMatchObject({
        area: "attachments",
        sha256: createHash("sha256").update(readFileSync(copy)).digest("hex"),
        byteSize: readFileSync(copy).length,
      });
    const download = await outcome(() =>
      underDeskLayout(
        orderPhoto.loader,
        args(new Request(`${site}/desk/orders/${reference}/photos/${photo!.id}`, { headers: { Cookie: cookie } }), {
          reference,
          id: String(photo!.id),
        }),
      ),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="O-\d{4}-\d{4}-qc-\d+\.jpg"$/);
    expect(download.headers.get("content-security-policy")).toContain("sandbox");

    expect(
      (await move(reference, { intent: "dispatched", courier: "tcs", consignmentNumber: "TCS 1234 5678 90" })).status,
    ).toBe(302);
    // Typed as on the courier's receipt: shown so, looked up as the courier's page expects it.
    const dispatched = (await page(reference)).data as { order: { tracking: { url: string } } };
    expect(dispatched.order.tracking).toMatchObject({
      consignmentNumber: "TCS 1234 5678 90",
      url: "https://www.tcsexpress.com/track/1234567890",
    });

    expect(
      (await move(reference, { intent: "delivered", receivedBy: "Imran at reception", receivedDate: "2026-11-20" }))
        .status,
    ).toBe(302);
    expect(service.orders.byReference(reference)!.stage).toBe("delivered");

    // Four stage e-mails, each with its stage, the last ones with the tracking link; each with a link of its own.
    await until(() => mailTo(email).filter((mail) => mail.includes(`Subject: Order ${reference}`)).length === 4);
    const mails = mailTo(email).filter((mail) => mail.includes(`Subject: Order ${reference}`));
    expect(mails.map((mail) => /Subject: Order \S+: (.*)/.exec(mail)![1]!.trim())).toEqual([
      "In production",
      "Quality check passed",
      "Dispatched",
      "Delivered",
    ]);
    expect(mails[2]).toContain("consignment number TCS 1234 5678 90.");
    expect(mails[2]).toContain("https://www.tcsexpress.com/track/1234567890");
    expect(mails[3]).toContain("Received by Imran at reception");
    const token = /\/proof\/([A-Za-z0-9_-]{20,})/.exec(mails[3]!)![1]!;

    // The buyer's page by that link: the timeline, all done, the courier and who received it.
    const buyer = await outcome(() =>
      buyerPage.loader(args(new Request(`${site}/proof/${token}`), { token }) as never),
    );
    const timeline = (buyer.data as { order: Record<string, unknown> }).order;
    expect(timeline).toMatchObject({
      reference,
      late: null,
      receivedBy: "Imran at reception",
      tracking: { courier: "TCS", consignmentNumber: "TCS 1234 5678 90" },
    });
    expect((timeline.steps as { state: string }[]).map((step) => step.state)).toEqual([
      "done",
      "done",
      "done",
      "done",
      "done",
    ]);
    // The board shows it as delivered; the request's history says each move.
    const board = await outcome(() =>
      underDeskLayout(
        boardRoute.loader,
        args(new Request(`${site}/desk/orders?stage=delivered`, { headers: { Cookie: cookie } })),
      ),
    );
    expect((board.data as { rows: { reference: string }[] }).rows.map((row) => row.reference)).toContain(reference);
    expect(service.store.audit.requestHistory(quote.id).map((line) => line.body)).toContain(`${reference}: Delivered`);
  });

  it("start production only with an approved proof, and the promised date comes with the approval", async () => {
    const { quote, reference } = await acceptedOrder("no-proof", { approve: false });
    const service = getQuoteService();
    expect(service.orders.byReference(reference)!.promisedDate).toBeNull();
    const before = snapshot(reference);
    const refused = await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ error: expect.stringContaining("proof") });
    expect(snapshot(reference)).toEqual(before);
    await approveProof(quote.id);
    expect(service.orders.byReference(reference)!.promisedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("start production only once the advance the payment terms ask for is paid, saying how much", async () => {
    const { order, reference } = await acceptedOrder("no-advance", { payAdvance: false });
    const waiting = await page(reference);
    expect(waiting.data).toMatchObject({
      startBlocked: expect.stringMatching(/^The advance of PKR [\d,]+ is not paid yet/),
    });
    const before = snapshot(reference);
    const refused = await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ error: expect.stringContaining("advance") });
    expect(snapshot(reference)).toEqual(before);
    payTheAdvance(order);
    expect((await page(reference)).data).toMatchObject({ startBlocked: null });
    expect((await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" })).status).toBe(302);
  });

  it("refuses a skipped stage, a QC without its checklist, a non-image and a 7th photo, with nothing changed", async () => {
    const { reference } = await acceptedOrder("refusals");
    const before = snapshot(reference);
    const skipped = await move(reference, { intent: "dispatched", courier: "tcs", consignmentNumber: "1" });
    expect(skipped.status).toBe(409);
    expect(snapshot(reference)).toEqual(before);

    await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" });
    const started = snapshot(reference);
    const checklist = ["quantity", "print", "colours", "packing"];
    const partial = await move(reference, { intent: "quality_checked", checklist: ["quantity", "print"] });
    expect(partial.status).toBe(409);
    const notPhoto = "A file is not a photo: photos must be JPEG, PNG or WebP pictures. Nothing was changed.";
    const notImage = new Blob([Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")]);
    const pdf = await move(reference, { intent: "quality_checked", checklist }, { photos: [notImage] });
    expect(pdf).toMatchObject({ status: 415, data: { error: notPhoto } });
    const svg = new Blob([new Uint8Array(fixtures.svg())]);
    const svgMove = await move(reference, { intent: "quality_checked", checklist }, { photos: [svg] });
    expect(svgMove).toMatchObject({ status: 415, data: { error: notPhoto } });
    const damaged = new Blob([new Uint8Array(await fixtures.truncatedPng())]);
    const damagedMove = await move(reference, { intent: "quality_checked", checklist }, { photos: [damaged] });
    expect(damagedMove).toMatchObject({ status: 409, data: { error: expect.stringMatching(/could not be read/) } });
    const seven = await Promise.all(Array.from({ length: 7 }, png));
    const tooMany = await move(reference, { intent: "quality_checked", checklist }, { photos: seven });
    expect(tooMany).toMatchObject({
      status: 400,
      data: { error: "Too many photos: up to 6. Nothing was changed." },
    });
    expect(snapshot(reference)).toEqual(started);
    expect(filesUnder(getQuoteService().store.incomingDir)).toEqual([]);
  });

  it("takes six phone photos of 4 MB, kept upright without their location or camera, shown smaller to the buyer alone", async () => {
    const service = getQuoteService();
    const { reference, quote } = await acceptedOrder("phone-photos");
    const other = await acceptedOrder("phone-photos-other");
    await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" });
    const checklist = ["quantity", "print", "colours", "packing"];
    const photo = await fixtures.phoneJpeg();
    const sent = await sharp(photo).metadata();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(sent).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
    expect(photo.includes("PHONEMAKER-SECRET")).toBe(true);
    expect(hasGps(sent.exif)).toBe(true);
    const phone = () => new Blob([new Uint8Array(photo)], { type: "image/jpeg" });
    const started = snapshot(reference);

    // An 11 MB photo, and a seventh: refused, with nothing changed and nothing left behind.
    const eleven = new Blob([new Uint8Array(photo), new Uint8Array(11 * 1024 * 1024 - photo.length)]);
    const tooLarge = await move(reference, { intent: "quality_checked", checklist }, { photos: [phone(), eleven] });
    expect(tooLarge).toMatchObject({
      status: 413,
      data: { error: "A photo is over 10 MB: each may be at most 10 MB. Nothing was changed." },
    });
    const seven = Array.from({ length: 7 }, phone);
    const tooMany = await move(reference, { intent: "quality_checked", checklist }, { photos: seven });
    expect(tooMany).toMatchObject({ status: 400, data: { error: "Too many photos: up to 6. Nothing was changed." } });
    expect(snapshot(reference)).toEqual(started);
    expect(filesUnder(service.store.incomingDir)).toEqual([]);

    const six = await move(
      reference,
      { intent: "quality_checked", checklist },
      { photos: Array.from({ length: 6 }, phone) },
    );
    expect(six.status).toBe(302);
    expect(filesUnder(service.store.incomingDir)).toEqual([]);
    const order = service.orders.byReference(reference)!;
    const photos = service.orders.photos(order.id);
    expect(photos).toHaveLength(6);

    // Kept: upright (the sideways 4000 × 3000 turned), at most 2000 px, a JPEG with no metadata at all.
    const kept = await outcome(() =>
      underDeskLayout(
        orderPhoto.loader,
        args(new Request(`${site}/desk/orders/${reference}/photos/${photos[0]!.id}`, { headers: { Cookie: cookie } }), {
          reference,
          id: String(photos[0]!.id),
        }),
      ),
    );
    const keptBytes = Buffer.from(await kept.response!.arrayBuffer());
    const keptMeta = await sharp(keptBytes).metadata();
    expect(keptMeta).toMatchObject({ format: "jpeg", width: 1500, height: 2000 });
    expect(keptMeta.orientation).toBeUndefined();
    expect(keptMeta.exif).toBeUndefined();
    expect(keptMeta.xmp).toBeUndefined();
    expect(keptMeta.icc).toBeUndefined();
    expect(keptBytes.includes("PHONEMAKER-SECRET")).toBe(false);
    expect(keptBytes.includes("PHONEMODEL-SECRET")).toBe(false);

    // The order page's thumbnail: the 800 px copy, shown inline; a photo kept before there were smaller
    // copies gives itself.
    const thumbnail = (id: number) =>
      outcome(() =>
        underDeskLayout(
          orderPhoto.loader,
          args(
            new Request(`${site}/desk/orders/${reference}/photos/${id}?size=small`, { headers: { Cookie: cookie } }),
            { reference, id: String(id) },
          ),
        ),
      );
    const thumb = await thumbnail(photos[0]!.id);
    expect(thumb.response!.headers.get("content-type")).toBe("image/jpeg");
    expect(thumb.response!.headers.get("content-disposition")).toMatch(
      /^inline; filename="O-\d{4}-\d{4}-qc-\d+-small\.jpg"$/,
    );
    expect(await sharp(Buffer.from(await thumb.response!.arrayBuffer())).metadata()).toMatchObject({
      format: "jpeg",
      width: 600,
      height: 800,
    });
    const setSmall = service.store.db.prepare("UPDATE order_qc_photos SET small_stored_name = ? WHERE id = ?");
    setSmall.run(null, photos[1]!.id);
    const old = await thumbnail(photos[1]!.id);
    expect(old.response!.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(await sharp(Buffer.from(await old.response!.arrayBuffer())).metadata()).toMatchObject({
      width: 1500,
      height: 2000,
    });
    setSmall.run(photos[1]!.smallStoredName, photos[1]!.id);

    // The buyer's link shows the six, smaller, under the quality check; another order's link gets none.
    const token = service.proofs.linkForStaffMessage(quote.id);
    const buyer = await outcome(() =>
      buyerPage.loader(args(new Request(`${site}/proof/${token}`), { token }) as never),
    );
    const shown = (buyer.data as { order: { photos: string[] } }).order.photos;
    expect(shown).toEqual(photos.map((each) => `/proof/${token}/photos/${each.id}`));
    const fetchPhoto = (linkToken: string, id: number) =>
      outcome(() =>
        buyerPhoto.loader(
          args(new Request(`${site}/proof/${linkToken}/photos/${id}`), { token: linkToken, id: String(id) }) as never,
        ),
      );
    const small = await fetchPhoto(token, photos[0]!.id);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/jpeg");
    expect(small.headers.get("x-content-type-options")).toBe("nosniff");
    expect(small.headers.get("content-disposition")).toBe(`inline; filename="${reference}-qc-${photos[0]!.id}.jpg"`);
    const smallBytes = Buffer.from(await small.response!.arrayBuffer());
    const smallMeta = await sharp(smallBytes).metadata();
    expect(smallMeta).toMatchObject({ format: "jpeg", width: 600, height: 800 });
    expect(smallMeta.exif).toBeUndefined();
    const otherToken = service.proofs.linkForStaffMessage(other.quote.id);
    expect((await fetchPhoto(otherToken, photos[0]!.id)).status).toBe(404);
    expect((await fetchPhoto(otherToken, 999_999)).status).toBe(404);
  }, 180_000);

  it("moves back one stage only with a reason, which the history keeps", async () => {
    const { reference } = await acceptedOrder("back");
    const service = getQuoteService();
    await move(reference, { intent: "in_production", plannedDispatchDate: "2099-01-05" });
    expect((await move(reference, { intent: "back", reason: " " })).status).toBe(400);
    expect(service.orders.byReference(reference)!.stage).toBe("in_production");
    expect((await move(reference, { intent: "back", reason: "Buyer changed the logo" })).status).toBe(302);
    const order = service.orders.byReference(reference)!;
    expect(order).toMatchObject({ stage: "awaiting_artwork", plannedDispatchDate: null });
    expect(service.orders.history(order.id).at(-1)).toMatchObject({
      stage: "awaiting_artwork",
      back: true,
      reason: "Buyer changed the logo",
      by: "Bilal <bilal@promo.example>",
    });
  });

  it("open WhatsApp with the reference, the stage and a private link that opens the buyer's page", async () => {
    const { reference } = await acceptedOrder("whatsapp", { phone: "0300 1234567" });
    const opened = await move(reference, { intent: "whatsapp" });
    expect(opened.status).toBe(302);
    const url = new URL(opened.location!);
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/923001234567");
    const message = url.searchParams.get("text")!;
    expect(message).toContain(`your order ${reference}: Awaiting artwork approval.`);
    const token = /\/proof\/([A-Za-z0-9_-]{20,})$/.exec(message)![1]!;
    const buyer = await outcome(() =>
      buyerPage.loader(args(new Request(`${site}/proof/${token}`), { token }) as never),
    );
    expect((buyer.data as { order: { reference: string } }).order.reference).toBe(reference);
    // No link is kept in the clear: the store holds its hash only.
    const stored = getQuoteService().store.db.prepare("SELECT token_hash FROM proof_links").pluck().all();
    expect(stored).not.toContain(token);
  });

  it("are refused without a session, from another origin, and for an unknown order", async () => {
    const { reference } = await acceptedOrder("attacks");
    const before = snapshot(reference);
    const stage = { intent: "in_production", plannedDispatchDate: "2099-01-05" };
    const noSession = await move(reference, stage, { withCookie: "" });
    expect(noSession.status).toBe(302);
    expect(noSession.location).toMatch(/^\/desk\/sign-in/);
    expect((await move(reference, stage, { origin: "https://evil.example" })).status).toBe(403);
    expect((await move("O-2099-9999", stage)).status).toBe(404);
    expect((await page("O-2099-9999")).status).toBe(404);
    expect((await page(reference, "")).status).toBe(302);
    expect(snapshot(reference)).toEqual(before);
    // Another order's photo is not this one's.
    const photo = await outcome(() =>
      underDeskLayout(
        orderPhoto.loader,
        args(new Request(`${site}/desk/orders/${reference}/photos/1`, { headers: { Cookie: cookie } }), {
          reference,
          id: "1",
        }),
      ),
    );
    expect(photo.status).toBe(404);
  });

  it("may be moved by every staff member: both roles have orders.manage", () => {
    expect(hasPermission("owner", "orders.manage")).toBe(true);
    expect(hasPermission("staff", "orders.manage")).toBe(true);
  });
});
