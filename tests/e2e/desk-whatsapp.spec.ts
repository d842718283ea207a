import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Sqlite } from "../../app/lib/db/database.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { onsetPenLine, sentQuotation } from "../support/quotation-fixture";
import { startSmtp } from "../support/smtp-server";
import { fixtures } from "../support/upload-fixtures";
import { type WhatsAppGraphStandIn, startWhatsAppGraph } from "../support/whatsapp-graph-server";
import { imageWebhook, postWebhook, statusWebhook, textWebhook, verifyWebhook } from "../support/whatsapp-webhooks";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";
import { contextAt, expectFingerSized, stepShots, targetsOn } from "./support/touch";

// The office's WhatsApp on a phone (390 px), on the production build with Meta's Graph API played by the
// tests' stand-in and webhooks signed as Meta signs them: a buyer who was sent a quotation writes on
// WhatsApp and their request moves to Waiting on us; a stranger's photo opens a new request; staff answer
// inside the 24 hours and watch the answer turn Delivered, then Read; outside the window only a template
// goes, carrying the buyer's link; after the buyer's STOP the page says no more templates go.

const password = "lahore-blue-pens-2026";
const appSecret = "e2e-app-secret-for-whatsapp";
const verifyToken = "e2e-verify-token";
const buyer = "923001234567";
const stranger = "923451112233";
const shot = stepShots(process.env.WHATSAPP_SHOTS);

test("the office answers a buyer on WhatsApp, inside the window and by template outside it, at 390 px", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const smtp = await startSmtp();
  const graph: WhatsAppGraphStandIn = await startWhatsAppGraph();
  // The buyer's request, quoted already; their phone as they typed it on the quote form.
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-whatsapp-"));
  const store = QuoteStore.open(dataDir);
  const { quote } = sentQuotation(store, "whatsapp-journey", {
    phone: "0300 1234567",
    lines: [onsetPenLine([{ quantity: 500, unitPaisa: 9_500 }])],
  });
  const reference = quote.reference;
  store.close();
  const server = await startOwnServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
    WHATSAPP_TOKEN: graph.token,
    WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
    WHATSAPP_API_URL: graph.url,
  });
  const webhook = `${server.baseURL}/webhooks/whatsapp`;
  const target = { phoneNumberId: graph.phoneNumberId };
  const context = await contextAt(browser, 390);
  try {
    const page = await context.newPage();

    // Meta checks the webhook's address, then posts; a post not signed with the app secret is refused.
    expect(await verifyWebhook(webhook, verifyToken, "4815162342")).toEqual({ status: 200, text: "4815162342" });
    expect((await verifyWebhook(webhook, "not-the-token")).status).toBe(403);
    const question = textWebhook({ ...target, from: buyer, text: "Can the pens be navy blue?" });
    expect((await postWebhook(webhook, question, "someone-else's-secret")).status).toBe(401);
    expect((await postWebhook(webhook, question, null)).status).toBe(401);
    expect((await postWebhook(webhook, question, appSecret)).status).toBe(200);
    // Meta delivers again when unsure: the same message is kept once.
    expect((await postWebhook(webhook, question, appSecret)).status).toBe(200);
    graph.openWindow(buyer);
    const photo = graph.addMedia(await fixtures.phoneJpeg(), "image/jpeg");
    const strangersPhoto = imageWebhook({
      ...target,
      from: stranger,
      name: "Usman Tariq",
      mediaId: photo,
      mimeType: "image/jpeg",
      caption: "Can you print our logo on mugs like this one?",
    });
    expect((await postWebhook(webhook, strangersPhoto, appSecret)).status).toBe(200);

    await addStaff(server, "sana@promo.example", password);
    const cookie = await signIn(server, "sana@promo.example", password);
    await context.addCookies([{ name: "desk_session", value: cookie.split("=")[1]!, url: server.baseURL }]);

    // The stranger's photo is a new request in the inbox, marked WhatsApp, the photo kept.
    await page.goto(`${server.baseURL}/desk`);
    const strangerRow = page
      .getByRole("list", { name: "Requests" })
      .getByRole("listitem")
      .filter({ hasText: "Usman Tariq" });
    await expect(strangerRow).toContainText("WhatsApp");
    await shot(page, "1-inbox");
    await strangerRow.getByRole("link", { name: /Usman Tariq/ }).click();
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation).toContainText("Can you print our logo on mugs like this one?");
    await expect(conversation.getByRole("link", { name: /WhatsApp image/ })).toBeVisible();

    // The buyer's question is on their request, once, which waits on the office.
    await page.goto(`${server.baseURL}/desk/quotes/${reference}`);
    await expect(page.getByText("Waiting on us").first()).toBeVisible();
    const question1 = conversation.getByRole("listitem").filter({ hasText: "Can the pens be navy blue?" });
    await expect(question1).toHaveCount(1);
    await expect(question1).toContainText("WhatsApp");
    const panel = page.getByRole("region", { name: "Send on WhatsApp" });
    await expect(panel).toContainText("To +92 300 1234567");
    await expect(panel).toContainText(/The buyer last wrote on WhatsApp at \d\d:\d\d PKT today\. You can write freely/);
    await expect(panel.getByRole("button", { name: "Send template" })).toHaveCount(0);
    await expectNoAxeViolations(page, "the request page with the WhatsApp window open");
    expectFingerSized(
      (await targetsOn(page)).filter((item) => /Send on WhatsApp|Message/.test(item.what)),
      "the WhatsApp form",
    );
    await shot(page, "2-window-open");

    // The answer goes through the Cloud API; Meta's statuses show on it.
    const answer = "Assalam o alaikum Ayesha, yes: navy blue with a white logo. Shall we send a proof?";
    await panel.getByRole("textbox", { name: "Message" }).fill(answer);
    await panel.getByRole("button", { name: "Send on WhatsApp" }).click();
    await expect(page.getByRole("status")).toContainText("Queued: it goes to the buyer on WhatsApp now.");
    await expect.poll(() => graph.messages.filter((message) => message.to === buyer).length).toBe(1);
    const [taken] = graph.messages;
    expect(taken!.body).toMatchObject({ type: "text", text: { body: answer } });
    for (const status of ["delivered", "read"] as const)
      expect(
        (await postWebhook(webhook, statusWebhook({ ...target, id: taken!.id, recipient: buyer, status }), appSecret))
          .status,
      ).toBe(200);
    await page.reload();
    const answered = conversation.getByRole("listitem").filter({ hasText: answer });
    await expect(answered).toContainText("Read");
    await expect(page.getByText("Waiting on buyer").first()).toBeVisible();
    await shot(page, "3-read");

    // A day and more later the window is shut: only an approved template, with the buyer's link.
    const db = new Sqlite(join(server.dataDir, "quotes.db"));
    try {
      db.prepare("UPDATE whatsapp_contacts SET last_inbound_at = ? WHERE number = ?").run(
        new Date(Date.now() - 30 * 3_600_000).toISOString(),
        buyer,
      );
    } finally {
      db.close();
    }
    await page.reload();
    await expect(panel).toContainText(/more than 24 hours ago \(\d{1,2} \w{3}, \d\d:\d\d PKT\)/);
    await expect(panel.getByRole("textbox", { name: "Message" })).toHaveCount(0);
    await expect(panel.getByRole("radio")).toHaveCount(4);
    expectFingerSized(
      (await targetsOn(page)).filter((item) =>
        /Proof ready|Quotation sent|Order dispatched|Invoice issued|Send template/.test(item.what),
      ),
      "the template form",
    );
    await shot(page, "4-window-closed");
    await panel.getByRole("radio", { name: /Quotation sent/ }).check();
    await panel.getByRole("button", { name: "Send template" }).click();
    await expect(page.getByRole("status")).toContainText("Template queued");
    await expect.poll(() => graph.messages.length).toBe(2);
    const template = graph.messages[1]!.body as {
      template: { name: string; components: { parameters: { text: string }[] }[] };
    };
    expect(template.template.name).toBe("quotation_sent");
    const [name, ref, link] = template.template.components[0]!.parameters.map((parameter) => parameter.text);
    expect([name, ref]).toEqual(["Ayesha Khan", reference]);
    // The link names the public site (SITE_URL); its path opens the buyer's page here.
    const buyersPage = await (await fetch(`${server.baseURL}${new URL(link!).pathname}`)).text();
    expect(buyersPage).toContain(reference);
    await page.reload();
    await expect(conversation).toContainText("WhatsApp template: Quotation sent");

    // STOP: no more templates, and the page says so.
    expect((await postWebhook(webhook, textWebhook({ ...target, from: buyer, text: "STOP" }), appSecret)).status).toBe(
      200,
    );
    await page.reload();
    await expect(panel).toContainText(/The buyer wrote STOP on .*: no more templates are sent to them\./);
    await shot(page, "5-stop");
  } finally {
    await context.close();
    await server.stop();
    await graph.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
