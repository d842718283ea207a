import { decoded, startSmtp, until } from "../support/smtp-server";
import { addStaff, type OwnServer, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The desk's Staff page: an owner adds, resets and removes colleagues on the desk, the set-up link
// goes by e-mail, and nobody else can see or use the page, by URL or by post.

const owner = { email: "owner.staffpage@promo.example", password: "lahore-green-mugs-2026" };
const colleague = { name: "Bilal Ahmed", email: "bilal.staffpage@promo.example", password: "karachi-red-caps-2026" };

test("an owner adds a colleague on the desk, who sets a password from the e-mail; staff cannot use the page; removing ends their sessions", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const smtp = await startSmtp();
  const server = await startOwnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const own: OwnServer = server;
  const setupMailTo = async (address: string, count: number) => {
    await until(() => smtp.received.filter((mail) => mail.to.includes(address)).length >= count);
    const mail = decoded(smtp.received.filter((received) => received.to.includes(address))[count - 1]!.raw);
    return { mail, path: new URL(/https?:\/\/\S+\/desk\/setup\/[\w-]+/.exec(mail)![0]).pathname };
  };
  try {
    await addStaff(own, owner.email, owner.password); // the first account: an owner
    await page.goto(`${server.baseURL}/desk/sign-in`);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.goto(`${server.baseURL}/desk/staff`);
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();

    // A bad address is named, and nothing is added.
    await page.getByLabel("Name").fill(colleague.name);
    await page.getByLabel("Email").fill("bilal at promo");
    await page.getByLabel("Role").selectOption({ label: "Staff" });
    await page.getByLabel("Email").evaluate((input: HTMLInputElement) => (input.type = "text"));
    await page.getByRole("button", { name: "Add colleague" }).click();
    await expect(page.getByRole("alert")).toContainText("Write the colleague's e-mail address");

    await page.getByLabel("Name").fill(colleague.name);
    await page.getByLabel("Email").fill(colleague.email);
    await page.getByLabel("Role").selectOption({ label: "Staff" });
    await page.getByRole("button", { name: "Add colleague" }).click();
    await expect(page.getByRole("status")).toContainText("The set-up link is on its way by e-mail.");
    const row = page.getByRole("listitem").filter({ hasText: colleague.email });
    await expect(row).toContainText("Staff · waiting for set-up");
    // The owner's own row has no Remove button: nobody removes themselves.
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: owner.email })
        .getByRole("button", { name: /Remove/ }),
    ).toHaveCount(0);

    const first = await setupMailTo(colleague.email, 1);
    expect(first.mail).toContain(colleague.name);
    const saved = await postForm(own, first.path, { password: colleague.password, repeat: colleague.password });
    expect(saved.headers.get("location")).toBe("/desk/sign-in?setup=done");
    const colleagueCookie = await signIn(own, colleague.email, colleague.password);

    // Staff may work the desk but not this page, by URL or by post.
    const asColleague = await fetch(`${server.baseURL}/desk/staff`, { headers: { Cookie: colleagueCookie } });
    expect(asColleague.status).toBe(403);
    expect(await asColleague.text()).toContain("staff.manage");
    const sneaked = await postForm(
      own,
      "/desk/staff",
      { intent: "add", name: "Mallory", email: "mallory@evil.example", role: "owner" },
      colleagueCookie,
    );
    expect(sneaked.status).toBe(403);
    const removeOwner = await postForm(own, "/desk/staff", { intent: "remove", email: owner.email }, colleagueCookie);
    expect(removeOwner.status).toBe(403);
    const colleagueInbox = await fetch(`${server.baseURL}/desk`, { headers: { Cookie: colleagueCookie } });
    expect(colleagueInbox.status).toBe(200);
    // Their header has no Staff link; the owner's has.
    expect(await colleagueInbox.text()).not.toContain('href="/desk/staff"');
    await expect(page.getByRole("banner").getByRole("link", { name: "Staff" })).toHaveAttribute("aria-current", "page");

    // A post from another site is refused even with the owner's session: another origin by React
    // Router (400), an opaque one by the page's own check (403); the colleague is still there.
    const ownerCookie = await signIn(own, owner.email, owner.password);
    const forged = (headers: Record<string, string>) =>
      fetch(`${server.baseURL}/desk/staff`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: ownerCookie, ...headers },
        body: new URLSearchParams({ intent: "remove", email: colleague.email }),
      }).then((answer) => answer.status);
    expect(await forged({ Origin: "https://evil.example" })).toBe(400);
    expect(await forged({ Origin: "null", "Sec-Fetch-Site": "cross-site" })).toBe(403);
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: colleague.email })).toHaveCount(1);
    // Nor can the last owner be removed, by post either.
    const last = await postForm(own, "/desk/staff", { intent: "remove", email: owner.email }, ownerCookie);
    expect(last.status).toBe(409);

    // A new set-up link by e-mail; the earlier one no longer works.
    await row.getByRole("button", { name: /Send new set-up link/ }).click();
    await expect(page.getByRole("status")).toContainText("earlier links no longer work");
    const second = await setupMailTo(colleague.email, 2);
    expect(second.path).not.toBe(first.path);
    expect((await fetch(`${server.baseURL}${first.path}`)).status).toBe(404);

    // Removing ends the colleague's session at once.
    await page
      .getByRole("listitem")
      .filter({ hasText: colleague.email })
      .getByRole("button", { name: /Remove/ })
      .click();
    await expect(page.getByRole("status")).toContainText("Their sessions have ended.");
    await expect(page.getByRole("listitem").filter({ hasText: colleague.email })).toHaveCount(0);
    const after = await fetch(`${server.baseURL}/desk`, { headers: { Cookie: colleagueCookie }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/desk\/sign-in/);
  } finally {
    await server.stop();
    await smtp.close();
  }
});
