import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The server's own watch on the production build: /healthz as a process manager and an uptime checker
// ask it, and the System page as an owner reads it on a phone and a wide screen (no BACKUP_URL here:
// the page must say so first); a staff member typing its address is refused.

const password = "lahore-blue-pens-2026";
const shots = process.env.SYSTEM_SHOTS_DIR;

let server: Awaited<ReturnType<typeof startOwnServer>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startOwnServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test("/healthz answers a small JSON, never stored, with no session, however often it is asked", async () => {
  const answers = await Promise.all(
    Array.from({ length: 120 }, () => fetch(`${server.baseURL}/healthz`, { redirect: "manual" })),
  );
  for (const answer of answers) expect(answer.status).toBe(200);
  const first = answers[0]!;
  expect(first.headers.get("cache-control")).toBe("no-store");
  expect(first.headers.get("content-type")).toMatch(/^application\/json/);
  expect(first.headers.get("set-cookie")).toBeNull();
  const text = await first.text();
  expect(JSON.parse(text)).toEqual({
    status: "ok",
    database: "ok",
    backup: { configured: false, lagSeconds: null },
    outboxBacklog: 0,
    failing: [],
  });
  expect(text).not.toContain(server.dataDir);
  const head = await fetch(`${server.baseURL}/healthz`, { method: "HEAD" });
  expect(head.status).toBe(200);
});

test("an owner reads the System page on a phone and a wide screen; a staff member is refused", async ({ page }) => {
  const owner = "sana.system@promo.example";
  await addStaff(server, owner, password);
  const cookie = await signIn(server, owner, password);
  const [name, value] = cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: server.baseURL }]);

  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseURL}/desk/system`);
    await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(
      "Not set: BACKUP_URL is not set — nothing is copied off this machine",
    );
    for (const heading of ["Backup", "Last rehearsed restore", "Outbox", "Mailbox reader", "Disk of the data folder"])
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${heading}`) })).toBeVisible();
    await expect(page.getByText(/[\d.]+ [GMT]B free of [\d.]+ [GMT]B \([\d.]+ %\)/)).toBeVisible();
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Desk" });
    await expect(nav.getByRole("link", { name: "System" })).toHaveAttribute("aria-current", "page");
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest, `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: join(shots, `system-${width}.png`), fullPage: true });
  }
  await expectNoAxeViolations(page, "/desk/system");

  const output = execFileSync(
    process.execPath,
    ["build/server/staff.js", "add", "bilal.system@promo.example", "--name", "Bilal", "--role", "staff"],
    { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: "utf8" },
  );
  const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
  await postForm(server, setupPath, { password, repeat: password });
  const staffCookie = await signIn(server, "bilal.system@promo.example", password);
  const refused = await fetch(`${server.baseURL}/desk/system`, { headers: { Cookie: staffCookie } });
  expect(refused.status).toBe(403);
  const body = await refused.text();
  expect(body).toContain("system.read");
  expect(body).not.toContain("BACKUP_URL");
  const staffPage = await fetch(`${server.baseURL}/desk`, { headers: { Cookie: staffCookie } });
  expect(await staffPage.text()).not.toContain('href="/desk/system"');
});
