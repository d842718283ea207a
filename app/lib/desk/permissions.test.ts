import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requirePermission, staffContext } from "./auth.server";
import { hasPermission, type Permission, permissions, rolePermissions, type RolePermissions } from "./permissions";
import type { StaffMember } from "./staff.server";

const member = (role: StaffMember["role"]): StaffMember => ({
  id: 7,
  email: "bilal@promo.example",
  name: "Bilal",
  role,
  hasPassword: true,
  createdAt: "2026-11-20T06:00:00.000Z",
});

/** A desk request's context as the layout's middleware leaves it. */
function signedIn(role: StaffMember["role"]) {
  const context = new RouterContextProvider();
  context.set(staffContext, member(role));
  return context;
}

async function refusal(run: () => unknown) {
  try {
    run();
  } catch (thrown) {
    return thrown as { type: string; data: string; init: ResponseInit };
  }
  throw new Error("Not refused");
}

describe("the role map", () => {
  it("gives owners every permission, and staff every one but credit notes, setting prices, managing the desk's accounts, reading its reports and the System page", () => {
    expect(permissions.filter((permission) => hasPermission("owner", permission))).toEqual(permissions);
    expect(permissions.filter((permission) => !hasPermission("staff", permission))).toEqual([
      "invoices.credit",
      "prices.manage",
      "staff.manage",
      "reports.read",
      "system.read",
    ]);
    expect(hasPermission("staff", "prices.read")).toBe(true);
  });

  it("names only permissions that exist, for every role", () => {
    for (const granted of Object.values(rolePermissions)) {
      for (const permission of granted) expect(permissions).toContain(permission);
    }
  });
});

describe("requirePermission", () => {
  it("hands back the staff member whose role allows it", () => {
    expect(requirePermission(signedIn("staff"), "requests.reply")).toMatchObject({ name: "Bilal", role: "staff" });
    expect(requirePermission(signedIn("owner"), "staff.manage")).toMatchObject({ role: "owner" });
  });

  it("refuses a staff member managing accounts with a 403 that says what is missing, kept private", async () => {
    const refused = await refusal(() => requirePermission(signedIn("staff"), "staff.manage"));
    expect(refused.init.status).toBe(403);
    expect(refused.data).toContain('"staff.manage"');
    expect(new Headers(refused.init.headers).get("cache-control")).toBe("private, no-store");
  });

  it("follows the role map it is given", async () => {
    const readOnly: RolePermissions = { owner: permissions, staff: ["requests.read"] };
    expect(requirePermission(signedIn("staff"), "requests.read", readOnly).role).toBe("staff");
    expect((await refusal(() => requirePermission(signedIn("staff"), "requests.reply", readOnly))).init.status).toBe(
      403,
    );
  });

  it("fails closed outside the desk layout: no staff member in the context is an error, not a pass", () => {
    expect(() => requirePermission(new RouterContextProvider(), "requests.read")).toThrow();
  });

  it("takes only permission names that exist (checked by the type checker), and grants none other", async () => {
    // @ts-expect-error "requests.delete" is no permission: a typo does not compile.
    const unknown: Permission = "requests.delete";
    expect((await refusal(() => requirePermission(signedIn("owner"), unknown))).init.status).toBe(403);
  });
});
