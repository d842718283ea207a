import { describe, expect, it } from "vitest";
import { type DeskSection, deskSections, linkCurrent, sectionsFor } from "./sections";

const labels = (sections: DeskSection[]) => sections.map((section) => section.label);
/** The sections as they will be once every planned route has landed. */
const allLive = deskSections.map((section) => ({ ...section, live: true }));

describe("the desk header's sections", () => {
  it("shows the inbox, Orders, Receivables, Unmatched mail and Prices to everyone, Reports, Staff and System to owners: every page it links exists", () => {
    expect(labels(sectionsFor("owner"))).toEqual([
      "Inbox",
      "Orders",
      "Receivables",
      "Unmatched mail",
      "Reports",
      "Prices",
      "Staff",
      "System",
    ]);
    expect(labels(sectionsFor("staff"))).toEqual(["Inbox", "Orders", "Receivables", "Unmatched mail", "Prices"]);
  });

  it("once the planned pages are live, shows Reports, Staff and System to owners only, Orders and Prices to both", () => {
    expect(labels(sectionsFor("owner", allLive))).toEqual([
      "Inbox",
      "Orders",
      "Receivables",
      "Unmatched mail",
      "Reports",
      "Prices",
      "Staff",
      "System",
    ]);
    expect(labels(sectionsFor("staff", allLive))).toEqual([
      "Inbox",
      "Orders",
      "Receivables",
      "Unmatched mail",
      "Prices",
    ]);
  });

  it("links Prices to the price list, readable by every role (editing it is the page's own check)", () => {
    expect(deskSections.find((section) => section.label === "Prices")).toMatchObject({
      href: "/desk/prices",
      permission: "prices.read",
    });
  });

  it("links Staff to the staff page, guarded by the permission that page checks", () => {
    expect(deskSections.find((section) => section.label === "Staff")).toMatchObject({
      href: "/desk/staff",
      permission: "staff.manage",
    });
  });

  it("links System to the System page, guarded by the owners' permission its loader and action check", () => {
    expect(deskSections.find((section) => section.label === "System")).toMatchObject({
      href: "/desk/system",
      permission: "system.read",
    });
  });

  it("links Reports to the reports page, guarded by the permission its loader and CSVs check", () => {
    expect(deskSections.find((section) => section.label === "Reports")).toMatchObject({
      href: "/desk/reports",
      permission: "reports.read",
    });
  });

  it("follows the role map: a role that loses a section's permission loses its link", () => {
    const noRequests = { owner: ["staff.manage", "reports.read"], staff: [] } as const;
    expect(labels(sectionsFor("owner", allLive, noRequests))).toEqual(["Reports", "Staff"]);
    expect(labels(sectionsFor("staff", allLive, noRequests))).toEqual([]);
  });
});

describe("which header link is current", () => {
  const [inbox, orders] = allLive as [DeskSection, DeskSection];

  it("is the page itself on the inbox, and the inbox's section on a request page", () => {
    expect(linkCurrent(inbox, "/desk")).toBe("page");
    expect(linkCurrent(inbox, "/desk/")).toBe("page");
    expect(linkCurrent(inbox, "/desk/quotes/Q-2026-0001")).toBe("true");
    expect(linkCurrent(inbox, "/desk/quotes/Q-2026-0001/record")).toBe("true");
  });

  it("is nothing on another section's page, and that section's link there", () => {
    expect(linkCurrent(inbox, "/desk/orders")).toBeUndefined();
    expect(linkCurrent(orders, "/desk/orders")).toBe("page");
    expect(linkCurrent(orders, "/desk/orders/17")).toBe("true");
    expect(linkCurrent(orders, "/desk")).toBeUndefined();
    expect(linkCurrent(orders, "/desk/ordersomething")).toBeUndefined();
  });
});
