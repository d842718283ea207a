import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { routeEntries } from "../tests/support/route-table";
import { bodyLimitFor, bodyLimits } from "./body-limits";

describe("bodyLimitFor", () => {
  it("gives a form without files 64 KB, wherever it is posted", () => {
    for (const path of ["/desk/sign-in", "/desk/setup/abc", "/proof/abc", "/desk", "/desk/quotes/Q-1/record", "/x"]) {
      expect(bodyLimitFor("POST", path), path).toBe(64 * 1024);
    }
  });

  it("gives the forms with files their larger limit, only at their own address", () => {
    expect(bodyLimitFor("POST", "/contact")).toBe(64 * 1024 * 1024);
    expect(bodyLimitFor("POST", "/desk/quotes/Q-2026-0042")).toBe(64 * 1024 * 1024);
    expect(bodyLimitFor("POST", "/contact.data")).toBe(64 * 1024 * 1024); // sent by the form's fetcher
    expect(bodyLimitFor("POST", "/contact/x")).toBe(64 * 1024);
    expect(bodyLimitFor("POST", "/contact.datax")).toBe(64 * 1024);
    expect(bodyLimitFor("POST", "/desk/quotes/Q-2026-0042/files/logo")).toBe(64 * 1024);
    // An order's page, where the quality check sends its photos; not its money forms.
    expect(bodyLimitFor("POST", "/desk/orders/O-2026-0042")).toBe(64 * 1024 * 1024);
    expect(bodyLimitFor("POST", "/desk/orders/O-2026-0042.data")).toBe(64 * 1024 * 1024);
    expect(bodyLimitFor("POST", "/desk/orders/O-2026-0042/payments")).toBe(64 * 1024);
  });

  it("gives Meta's WhatsApp webhook its own limit, above a form's and far below a form with files", () => {
    expect(bodyLimitFor("POST", "/webhooks/whatsapp")).toBe(256 * 1024);
    expect(bodyLimitFor("POST", "/webhooks/whatsapp/x")).toBe(64 * 1024);
  });

  it("lets no GET or HEAD carry a body", () => {
    expect(bodyLimitFor("GET", "/contact")).toBe(0);
    expect(bodyLimitFor("HEAD", "/desk")).toBe(0);
  });

  it("names only routes of the route table, each matched by its own pattern", () => {
    const table = routeEntries(routes).map((route) => `/${route.path}`);
    for (const entry of bodyLimits.larger) {
      expect(table).toContain(entry.route);
      expect(entry.path.test(entry.route.replace(/:\w+/g, "Q-2026-0042"))).toBe(true);
    }
  });
});
