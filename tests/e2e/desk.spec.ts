import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { expectNoAxeViolations } from "./support/axe";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The staff desk on the production build, with a real SMTP server: from the set-up link to signing out.

test("a staff member sets a password, signs in, replies to a request, sets its status and signs out", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-desk-"));
  const server = await startOwnServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  try {
    const base = server.baseURL;
    // A buyer's request, sent through the quote form: its notice names the reference.
    await page.goto(`${base}/contact`);
    const buyer = {
      Name: "Ayesha Khan",
      Company: "Acme Pharma",
      Email: "ayesha@acme.example",
      Phone: "0300 1234567",
      "Products of interest": "Custom pens",
      Message: "500 pens with our logo",
    };
    for (const [label, value] of Object.entries(buyer)) {
      await page.getByRole("textbox", { name: label, exact: true }).fill(value);
    }
    await page.getByRole("button", { name: "Submit Quote Request" }).click();
    const notice = page.getByRole("status").filter({ hasText: "Quote Request Submitted!" });
    await expect(notice).toContainText(/Your reference: Q-\d{4}-\d{4}/);
    const reference = /Q-\d{4}-\d{4}/.exec((await notice.textContent()) ?? "")![0];
    expect(reference).toMatch(/^Q-\d{4}-0001$/);
    await until(() => smtp.received.some((mail) => decoded(mail.raw).includes(`Subject: ${reference}:`)));

    const output = execFileSync(
      process.execPath,
      ["build/server/staff.js", "add", "sana@promo.example", "--name", "Sana"],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;

    // Nothing of the desk without a session.
    await page.goto(`${base}/desk/quotes/${reference}`);
    await expect(page).toHaveURL(/\/desk\/sign-in/);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}${setupPath}`);
    await page.getByLabel("New password").fill("lahore-blue-pens-2026");
    await page.getByLabel("Repeat password").fill("lahore-blue-pens-2026");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password is saved");

    await page.getByLabel("Email").fill("sana@promo.example");
    await page.getByLabel("Password").fill("wrong password here");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The e-mail or password is not right.");
    await expectNoAxeViolations(page, "/desk/sign-in");
    await page.getByLabel("Password").fill("lahore-blue-pens-2026");
    await page.getByRole("button", { name: "Sign in" }).click();

    // The inbox. The production build marks the session cookie Secure even over http; the browser
    // keeps it from 127.0.0.1 and sends it back, and so does the page's request context.
    await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "desk_session");
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/desk" });
    const response = await page.request.get(`${base}/desk`);
    expect(new URL(response.url()).pathname).toBe("/desk");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["x-robots-tag"]).toBe("noindex");
    const row = page.getByRole("listitem").filter({ hasText: reference });
    await expect(row).toContainText("Ayesha Khan");
    await expect(row).toContainText("Custom pens");
    await expect(row).toContainText("New");
    await expect(row).toContainText(/waiting \d+ business min/);
    await expectNoAxeViolations(page, "/desk");

    // The request: reply, then status.
    await row.getByRole("link", { name: /Ayesha Khan/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ayesha Khan");
    // A mobile number: WhatsApp is offered (a recorded answer, tested in desk-conversation.spec.ts).
    await expect(page.getByRole("button", { name: "Reply on WhatsApp" })).toBeVisible();
    await expect(page.getByRole("link", { name: "0300 1234567" })).toHaveAttribute("href", "tel:+923001234567");
    // What a new request needs next comes first: the answer, before a proof, the status or a note.
    const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!.y;
    expect(await top("Reply")).toBeLessThan(await top("Proof file"));
    expect(await top("Proof file")).toBeLessThan(await top("Note"));
    await page.getByLabel("Reply").fill("Dear Ayesha, 500 pens with your logo cost …");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("status")).toContainText("Reply queued");
    // The buyer had the acknowledgement when the request was stored; the reply comes after it.
    const replyMail = () =>
      smtp.received.find(
        (mail) => mail.to.includes("ayesha@acme.example") && decoded(mail.raw).includes("500 pens with your logo"),
      );
    await until(() => replyMail() !== undefined);
    const reply = decoded(replyMail()!.raw);
    expect(reply).toContain(`Subject: Your quote request ${reference}`);

    // The reply handed the move to the buyer; staff may take it back.
    await page.getByLabel("Status").selectOption({ label: "Waiting on us" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toContainText("Status saved");
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByText("Status: Waiting on us")).toBeVisible();
    await expect(history.getByText("Status: Waiting on buyer")).toBeVisible();
    await expect(history.getByText(/PKT · Sana <sana@promo.example> · reply/)).toBeVisible();
    await expectNoAxeViolations(page, "/desk/quotes/…");

    // Why it was lost is asked only with Lost chosen.
    await expect(page.getByLabel("Why it was lost")).toBeHidden();
    // Once it is over, a note comes first and "Send proof" last.
    await page.getByLabel("Status").selectOption({ label: "Lost" });
    await expect(page.getByLabel("Why it was lost")).toBeVisible();
    await page.getByLabel("Why it was lost").selectOption({ label: "Price" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toContainText("Status saved");
    expect(await top("Note")).toBeLessThan(await top("Reply"));
    expect(await top("Reply")).toBeLessThan(await top("Proof file"));

    // Signing out ends the session: the desk is closed again.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/desk\/sign-in$/);
    await page.goto(`${base}/desk`);
    await expect(page).toHaveURL(/\/desk\/sign-in/);
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("of 20 wrong passwords sent at once 5 are checked and 15 held, and a stranger's guesses do not hold the office", async () => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-desk-"));
  const server = await startOwnServer({ DATA_DIR: dataDir });
  try {
    const base = server.baseURL;
    const output = execFileSync(
      process.execPath,
      ["build/server/staff.js", "add", "sana@promo.example", "--name", "Sana"],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
    );
    const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
    const password = "lahore-blue-pens-2026";
    // The server trusts the loopback proxy's X-Forwarded-For, as it trusts the real proxy's in production.
    const post = (path: string, fields: Record<string, string>, clientIp: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": clientIp },
        body: new URLSearchParams(fields),
      });
    expect((await post(setupPath, { password, repeat: password }, "203.0.113.9")).status).toBe(302);
    const alertOf = async (answer: Response) => /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(await answer.text())?.[1];

    // A stranger on IPv6 takes a new address inside its /64 for every guess, all sent at once.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        post("/desk/sign-in", { email: "sana@promo.example", password: `guess-${n}` }, `2001:db8:66:1::${n + 1}`),
      ),
    );
    const statuses = guesses.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
    const held = guesses.find((answer) => answer.status === 429)!;
    expect(await alertOf(held)).toBe(
      "Too many wrong attempts for this e-mail from this network. Try again in 15 minutes.",
    );
    // The 21st attempt from that /64, even with the right password, meets the limit per client address.
    const more = await post("/desk/sign-in", { email: "sana@promo.example", password }, "2001:db8:66:1:ab::99");
    expect(more.status).toBe(429);
    expect(await alertOf(more)).toBe("Too many sign-in attempts from this network. Try again in 15 minutes.");

    // Sana at the office signs in; the cookie is Secure though this request came by plain http.
    const office = await post("/desk/sign-in", { email: "sana@promo.example", password }, "203.0.113.10");
    expect(office.status).toBe(302);
    expect(office.headers.get("set-cookie")).toMatch(/^desk_session=.*; Max-Age=43200;.*; Secure/);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
