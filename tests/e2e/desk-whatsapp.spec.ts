import { join } from "node:path";
import { Sqlite } from "../../app/lib/db/database.server";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";
import { contextAt, expectFingerSized, targetsOn } from "./support/touch";

// "Send on WhatsApp" on a phone, on the production build with the business's WhatsApp connected: free
// text to a buyer who wrote an hour ago, an approved template to one who wrote two days ago.

const password = "lahore-blue-pens-2026";

test("the office answers on WhatsApp inside the window and sends a template outside it, at 390 px", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer({
    WHATSAPP_TOKEN: "EAAG-e2e-token",
    WHATSAPP_PHONE_NUMBER_ID: "109876543210",
    WHATSAPP_APP_SECRET: "e2e-app-secret",
    WHATSAPP_VERIFY_TOKEN: "e2e-verify",
    // Nothing listens here: what is queued stays waiting, as the page then says.
    WHATSAPP_API_URL: "http://127.0.0.1:9/v21.0",
  });
  const context = await contextAt(browser, 390);
  try {
    const page = await context.newPage();
    // Two buyers' requests, through the quote form.
    const references: string[] = [];
    for (const phone of ["0300 1234567", "0321 7654321"]) {
      await page.goto(`${server.baseURL}/contact`);
      const fields = {
        Name: "Ayesha Khan",
        Email: "ayesha@acme.example",
        Phone: phone,
        "Products of interest": "Custom pens",
        Message: "500 pens with our logo",
      };
      for (const [label, value] of Object.entries(fields))
        await page.getByRole("textbox", { name: label, exact: true }).fill(value);
      await page.getByRole("button", { name: "Submit Quote Request" }).click();
      const notice = page.getByRole("status").filter({ hasText: "Quote Request Submitted!" });
      await expect(notice).toContainText(/Q-\d{4}-\d{4}/);
      references.push(/Q-\d{4}-\d{4}/.exec((await notice.textContent()) ?? "")![0]);
    }
    // Their numbers, and when each last wrote on WhatsApp, as the quote form and the webhook record them.
    const db = new Sqlite(join(server.dataDir, "quotes.db"));
    try {
      const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
      for (const [reference, number, wrote] of [
        [references[0], "923001234567", hoursAgo(1)],
        [references[1], "923217654321", hoursAgo(48)],
      ]) {
        db.prepare("UPDATE quotes SET whatsapp_number = ? WHERE reference = ?").run(number, reference);
        db.prepare(
          `INSERT INTO whatsapp_contacts (number, last_inbound_at) VALUES (?, ?)
             ON CONFLICT (number) DO UPDATE SET last_inbound_at = excluded.last_inbound_at`,
        ).run(number, wrote);
      }
    } finally {
      db.close();
    }
    await addStaff(server, "sana@promo.example", password);
    const cookie = await signIn(server, "sana@promo.example", password);
    await context.addCookies([{ name: "desk_session", value: cookie.split("=")[1]!, url: server.baseURL }]);

    // Inside the window: free text, no click-to-chat.
    await page.goto(`${server.baseURL}/desk/quotes/${references[0]}`);
    const panel = page.getByRole("region", { name: "Send on WhatsApp" });
    await expect(panel).toContainText("To +92 300 1234567");
    await expect(panel).toContainText(/The buyer last wrote on WhatsApp at \d\d:\d\d PKT today\. You can write freely/);
    await expect(page.getByRole("button", { name: "Reply on WhatsApp" })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Send template" })).toHaveCount(0);
    await expectNoAxeViolations(page, "the request page with the WhatsApp window open");
    expectFingerSized(
      (await targetsOn(page)).filter((target) => /Send on WhatsApp|Message/.test(target.what)),
      "the WhatsApp form",
    );
    const text = "Assalam o alaikum Ayesha, 500 blue pens are Rs 95 each. Shall we send a proof?";
    await panel.getByRole("textbox", { name: "Message" }).fill(text);
    await panel.getByRole("button", { name: "Send on WhatsApp" }).click();
    await expect(page.getByRole("status")).toContainText("Queued: it goes to the buyer on WhatsApp now.");
    const sent = page.getByRole("region", { name: "Conversation" }).getByRole("listitem").filter({ hasText: text });
    await expect(sent).toContainText("WhatsApp");
    await expect(sent).toContainText("Waiting to send");
    await expect(page.getByText("Waiting on buyer").first()).toBeVisible();

    // Outside it: the window said plainly, and only a template.
    await page.goto(`${server.baseURL}/desk/quotes/${references[1]}`);
    await expect(panel).toContainText(/more than 24 hours ago \(\d{1,2} \w{3}, \d\d:\d\d PKT\)/);
    await expect(panel.getByRole("textbox", { name: "Message" })).toHaveCount(0);
    await expect(panel.getByRole("radio")).toHaveCount(4);
    await expectNoAxeViolations(page, "the request page with the WhatsApp window closed");
    const templateTargets = (await targetsOn(page)).filter((target) =>
      /Proof ready|Quotation sent|Order dispatched|Invoice issued|Send template/.test(target.what),
    );
    expect(templateTargets).toHaveLength(5);
    expectFingerSized(templateTargets, "the template form");
    await panel.getByRole("radio", { name: /Quotation sent/ }).check();
    await panel.getByRole("button", { name: "Send template" }).click();
    await expect(page.getByRole("status")).toContainText("Template queued");
    await expect(page.getByRole("region", { name: "Conversation" })).toContainText("WhatsApp template: Quotation sent");
  } finally {
    await context.close();
    await server.stop();
  }
});
