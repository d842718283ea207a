// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { correctionField } from "~/lib/fbr/correction-schema";
import { type CorrectionRefused, fbrReportView } from "~/lib/fbr/desk.server";
import type { InvoicePanelData } from "~/lib/invoices/desk.server";
import { InvoicePanel } from "./invoice-panel";
import { refusedReport } from "../../../tests/support/fbr-fixtures";

// The invoice panel of an order whose invoice FBR refused: what staff see, and the form to correct it.

const report = refusedReport({ attempts: 2, lastProblem: null });

function panelData(canCorrect: boolean): InvoicePanelData {
  return {
    order: "O-2026-0042",
    invoices: [
      {
        number: "INV-2026-27-0004",
        day: "Tue 24 Nov 2026",
        total: "PKR 295,000",
        credited: null,
        leftToCredit: "295000.00",
        canBeCredited: true,
        pdf: "/desk/orders/O-2026-0042/invoices/INV-2026-27-0004.pdf",
        creditNotes: [],
        settlement: { settled: false, due: "PKR 295,000" },
      },
    ],
    mayIssue: false,
    formKey: "0b7c2e8a-4f1d-4c3e-9a5b-6d7e8f9a0b1c",
    canIssue: canCorrect,
    canCredit: false,
    fbr: {
      "INV-2026-27-0004": fbrReportView(report, {
        document: "invoice",
        canCorrect,
        now: new Date("2026-11-24T10:00:00.000Z"),
      }),
    },
  };
}

function renderPanel(canCorrect = true, correction: CorrectionRefused | null = null) {
  const Stub = createRoutesStub([
    {
      path: "/desk/orders/O-2026-0042",
      Component: () => <InvoicePanel data={panelData(canCorrect)} correction={correction} />,
    },
  ]);
  render(<Stub initialEntries={["/desk/orders/O-2026-0042"]} />);
}

describe("the invoice panel of an invoice FBR refused", () => {
  it("shows the badge, FBR's reasons by line and for the whole invoice, and keeps the PDF link", () => {
    renderPanel();
    expect(screen.getByText("Refused by FBR")).toBeInTheDocument();
    const reasons = screen.getByText("What FBR said").parentElement!;
    expect(
      within(reasons)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Line 1 · Metal ballpoint pen, 1-colour logo: The HS code 9608.1000 is not one FBR knows for this sale type. (FBR error 0052)",
      "Whole invoice: The buyer's NTN is not registered with FBR. (FBR error 0002)",
    ]);
    expect(screen.getByRole("link", { name: /^PDF\s*INV-2026-27-0004$/ })).toHaveAttribute(
      "href",
      "/desk/orders/O-2026-0042/invoices/INV-2026-27-0004.pdf",
    );
  });

  it("offers the correction form filled with what FBR was told, posting to the order page", () => {
    renderPanel();
    const form = screen.getByRole("form", { name: "Correct what FBR refused" });
    expect(form).toHaveAttribute("action", "/desk/orders/O-2026-0042");
    expect(within(form).getByLabelText(/^Buyer's NTN or CNIC/)).toHaveValue("1234567");
    expect(within(form).getByLabelText("Buyer's province")).toHaveValue("PUNJAB");
    const line1 = within(form).getByRole("group", { name: "Line 1 · Metal ballpoint pen, 1-colour logo" });
    expect(within(line1).getByLabelText("HS code")).toHaveValue("9608.1000");
    const saleType = within(line1).getByLabelText<HTMLSelectElement>("Sale type");
    expect(saleType).toHaveValue("Goods at standard rate (default)");
    // Each choice is shown short enough to be read whole on a 360 px phone; the value posted is FBR's words.
    expect([...saleType.options].map((option) => [option.text, option.value])).toEqual([
      ["Choose…", ""],
      ["Goods at standard rate", "Goods at standard rate (default)"],
      ["Goods at Reduced Rate", "Goods at Reduced Rate"],
      ["Goods at zero-rate", "Goods at zero-rate"],
      ["Exempt goods", "Exempt goods"],
      ["Services", "Services"],
    ]);
    const line2 = within(form).getByRole("group", { name: "Line 2 · Screen set-up charge" });
    expect(within(line2).getByLabelText("Sale type")).toHaveValue("Services");
    const submit = within(form).getByRole("button", { name: "Submit to FBR again" });
    expect(submit).toHaveAttribute("name", "intent");
    expect(submit).toHaveAttribute("value", "fbr-correct");
  });

  it("shows a refused post again with what was typed and each message beside its field", () => {
    renderPanel(true, {
      reportId: 17,
      errors: {
        [correctionField.hsCode(1)]: "Write the HS code as FBR does: four digits, a dot, four digits (e.g. 9608.1000).",
      },
      values: { [correctionField.hsCode(1)]: "96081000", [correctionField.province]: "SINDH" },
    });
    const line1 = screen.getByRole("group", { name: "Line 1 · Metal ballpoint pen, 1-colour logo" });
    const hs = within(line1).getByLabelText("HS code");
    expect(hs).toHaveValue("96081000");
    expect(hs).toHaveAttribute("aria-invalid", "true");
    expect(hs).toHaveAccessibleDescription(
      "Write the HS code as FBR does: four digits, a dot, four digits (e.g. 9608.1000).",
    );
    expect(screen.getByLabelText("Buyer's province")).toHaveValue("SINDH");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Nothing was sent to FBR: correct this first.Line 1, HS code: Write the HS code",
    );
  });

  it("shows a member who may not issue invoices FBR's reasons but no form", () => {
    renderPanel(false);
    expect(screen.getByText(/Someone allowed to issue invoices must correct it/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit to FBR again" })).toBeNull();
  });
});
