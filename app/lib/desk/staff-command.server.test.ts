import { describe, expect, it, vi } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { runStaffCommand } from "./staff-command.server";
import { StaffDirectory } from "./staff.server";

const now = Date.parse("2026-11-20T06:00:00Z");

function freshStore() {
  return QuoteStore.open(tempDir("staff-command"));
}

describe("npm run staff -- add --role", () => {
  it("makes the first account an owner whatever was asked, then staff by default, or the role asked", () => {
    const store = freshStore();
    const run = (...argv: string[]) => runStaffCommand(argv, store.db, now);
    const first = run("add", "sana@promo.example", "--name", "Sana", "--role", "staff");
    expect(first.code).toBe(0);
    expect(first.output).toContain("Account added for Sana <sana@promo.example>, owner.");
    expect(run("add", "bilal@promo.example", "--name", "Bilal").output).toContain(", staff.");
    expect(run("add", "hina@promo.example", "--name", "Hina", "--role", "owner").output).toContain(", owner.");

    const roles = new StaffDirectory(store.db).list().map((member) => [member.email, member.role]);
    expect(roles).toEqual([
      ["bilal@promo.example", "staff"],
      ["hina@promo.example", "owner"],
      ["sana@promo.example", "owner"],
    ]);
    const list = run("list");
    expect(list.output).toMatch(/^bilal@promo\.example {2}Bilal {2}staff {2}waiting for set-up/m);
    expect(list.output).toMatch(/^sana@promo\.example {2}Sana {2}owner {2}/m);
    store.close();
  });

  it("refuses a role that does not exist, adding nobody, and says which roles there are", () => {
    const store = freshStore();
    const refused = runStaffCommand(["add", "sana@promo.example", "--name", "Sana", "--role", "admin"], store.db, now);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('--role is owner or staff, not "admin".');
    expect(refused.output).toContain("[--role owner|staff]");
    expect(new StaffDirectory(store.db).list()).toEqual([]);
    store.close();
  });
  it("refuses a name with a line break, a terminal escape or a direction override, adding nobody", () => {
    const store = freshStore();
    for (const name of ["Sana\r\nBcc: x@evil.test", "Sana \u001b[2J", "Sana\u202E"]) {
      const refused = runStaffCommand(["add", "sana@promo.example", "--name", name], store.db, now);
      expect(refused.code, JSON.stringify(name)).toBe(2);
      expect(refused.output).toContain("--name is one line of at most 100 characters");
    }
    expect(new StaffDirectory(store.db).list()).toEqual([]);
    store.close();
  });
});

describe("npm run staff -- add / reset", () => {
  it("prints a set-up link on the address the server runs with (SITE_URL), not the one it was built with", () => {
    vi.stubEnv("SITE_URL", "https://desk.promo.example");
    try {
      const store = freshStore();
      const added = runStaffCommand(["add", "sana@promo.example", "--name", "Sana"], store.db, now);
      expect(added.output).toMatch(/https:\/\/desk\.promo\.example\/desk\/setup\/[\w-]{20,}/);
      const reset = runStaffCommand(["reset", "sana@promo.example"], store.db, now);
      expect(reset.output).toMatch(/https:\/\/desk\.promo\.example\/desk\/setup\/[\w-]{20,}/);
      store.close();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("npm run staff -- remove", () => {
  it("keeps the desk's last owner, and removes anyone else with their sessions", () => {
    const store = freshStore();
    const run = (...argv: string[]) => runStaffCommand(argv, store.db, now);
    run("add", "sana@promo.example", "--name", "Sana"); // the first account: an owner
    run("add", "bilal@promo.example", "--name", "Bilal");
    const staff = new StaffDirectory(store.db);
    const session = staff.startSession(staff.find("bilal@promo.example")!.id, now);
    expect(run("remove", "sana@promo.example")).toEqual({
      output: "sana@promo.example is the desk's last owner: add another owner first.",
      code: 1,
    });
    expect(run("remove", "bilal@promo.example").code).toBe(0);
    expect(staff.session(session, now)).toBeUndefined();
    expect(run("remove", "bilal@promo.example")).toEqual({ output: "No account for bilal@promo.example.", code: 1 });
    expect(staff.list().map((member) => member.email)).toEqual(["sana@promo.example"]);
    store.close();
  });
});
