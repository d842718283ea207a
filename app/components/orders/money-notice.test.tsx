// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MoneyNotice } from "./money-notice";

// What a money panel says after its post, from the query the action redirected with.

const payments = [
  { id: 7, amount: "PKR 25,000", day: "12 Nov 2026" },
  { id: 9, amount: "PKR 1,000", day: "14 Nov 2026" },
];

function renderNotice(query: string) {
  const Stub = createRoutesStub([
    { path: "/desk/orders/O-2026-0042", Component: () => <MoneyNotice panel="payments" payments={payments} /> },
  ]);
  render(<Stub initialEntries={[`/desk/orders/O-2026-0042?${query}`]} />);
}

describe("the payments panel's notice", () => {
  it("names the payment already recorded with the same bank reference: its amount and day", () => {
    renderNotice("payments-error=same-reference&payment=7");
    expect(screen.getByRole("alert").textContent).toBe(
      "This reference is already on the payment of PKR 25,000 dated 12 Nov 2026: the same money is not recorded twice. Reverse that payment first if it was wrong.",
    );
  });

  it("says what a payment dated before its order is told", () => {
    renderNotice("payments-error=date-before-order");
    expect(screen.getByRole("alert").textContent).toMatch(/before the order was made/);
  });

  it("says the general message when the payment named is not this order's", () => {
    renderNotice("payments-error=same-reference&payment=999");
    expect(screen.getByRole("alert").textContent).toMatch(/^A payment with this reference is already recorded/);
  });
});
