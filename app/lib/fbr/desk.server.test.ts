import { describe, expect, it } from "vitest";
import { rolePermissions, withStaffSwitches } from "~/lib/desk/permissions";
import type { StaffMember } from "~/lib/desk/staff.server";
import { refusedReport, waitingReport } from "../../../tests/support/fbr-fixtures";
import { correctionField, correctionMessages, correctionValuesOf } from "./correction-schema";
import { correctFbrReport, fbrPanelViews, fbrReportView } from "./desk.server";
import type { FbrReportsApi, InvoiceReport, ReportCorrection } from "./report-types";

// What the invoice panel says of each document's FBR report, and staff's correction of a refused one,
// against a small stand-in of the reports module.

const now = new Date("2026-11-24T10:00:00.000Z"); // 15:00 in Lahore

const report = waitingReport;
const refused = refusedReport;

const view = (value: InvoiceReport | null, canCorrect = true) =>
  fbrReportView(value, { document: "invoice", canCorrect, now });

describe("the invoice panel's words for a document's FBR report", () => {
  it("says an unreported invoice was issued without FBR connected, naming the setting", () => {
    const shown = view(report({ status: "not reported", nextAttemptAt: null, attempts: 0, lastProblem: null }));
    expect(shown.badge).toBe("Not reported to FBR");
    expect(shown.sentence).toBe(
      "Digital Invoicing was not connected when this invoice was issued (FBR_DI_TOKEN is not set on the server): FBR has no record of it and it carries no FBR number.",
    );
    expect(shown.facts).toEqual([]);
    expect(shown.correction).toBeNull();
  });

  it("says an invoice without a report was issued before the desk reported to FBR", () => {
    expect(view(null)).toMatchObject({
      badge: "Not reported to FBR",
      sentence: "FBR has no record of this invoice: it was issued before the desk reported invoices to FBR.",
    });
  });

  it("says since when a waiting invoice waits, how many tries, the last problem and the next try, in Pakistan time", () => {
    const shown = view(report());
    expect(shown.badge).toBe("Waiting for FBR");
    expect(shown.tone).toBe("waiting");
    expect(shown.sentence).toBe(
      "Sent to FBR Tue 24 Nov 12:40 PKT (2 hours 20 minutes ago) and not yet accepted: it is not final. The buyer is e-mailed it once FBR accepts it. Nothing to do: the desk keeps trying.",
    );
    expect(shown.facts).toEqual([
      { label: "Tries", value: "6" },
      { label: "Last problem", value: "FBR did not answer within 30 seconds" },
      { label: "Next try", value: "Tue 24 Nov 15:05 PKT (in 5 minutes)" },
    ]);
    expect(shown.note).toBeNull();
  });

  it("says a waiting invoice not tried yet is tried now", () => {
    const shown = view(report({ attempts: 0, lastProblem: null, nextAttemptAt: "2026-11-24T09:59:00.000Z" }));
    expect(shown.facts).toEqual([
      { label: "Tries", value: "Not tried yet" },
      { label: "Next try", value: "Now, as soon as the queue runs" },
    ]);
  });

  it("says plainly when a post's answer was lost that FBR may hold an earlier record of it", () => {
    const shown = view(report({ answerLostAt: "2026-11-24T08:15:00.000Z" }));
    expect(shown.note).toBe(
      "A post to FBR on Tue 24 Nov 13:15 PKT got no answer, so FBR may already hold a record of this invoice. The desk asks FBR again and keeps only one FBR number for it.",
    );
  });

  it("lists each of FBR's reasons for a refused invoice by line with its description, or for the whole invoice", () => {
    const shown = view(refused());
    expect(shown.badge).toBe("Refused by FBR");
    expect(shown.tone).toBe("refused");
    expect(shown.sentence).toBe(
      'FBR refused this invoice: it is not a valid tax invoice until FBR accepts it. Correct what FBR names below, then press "Submit to FBR again".',
    );
    expect(shown.errors).toEqual([
      {
        where: "Line 1 · Metal ballpoint pen, 1-colour logo",
        words: "The HS code 9608.1000 is not one FBR knows for this sale type. (FBR error 0052)",
      },
      { where: "Whole invoice", words: "The buyer's NTN is not registered with FBR. (FBR error 0002)" },
    ]);
  });

  it("fills the correction form from what FBR was told, for a member who may issue invoices only", () => {
    const shown = view(refused());
    expect(shown.correction).toEqual({
      reportId: 17,
      values: correctionValuesOf(refused()),
      lines: [
        { position: 1, description: "Metal ballpoint pen, 1-colour logo" },
        { position: 2, description: "Screen set-up charge" },
      ],
    });
    expect(shown.correction!.values[correctionField.hsCode(1)]).toBe("9608.1000");
    const readOnly = view(refused(), false);
    expect(readOnly.correction).toBeNull();
    expect(readOnly.sentence).toMatch(/Someone allowed to issue invoices must correct it and submit it again\.$/);
    expect(readOnly.errors).toHaveLength(2);
  });

  it("gives the FBR invoice number and FBR's date of an accepted invoice", () => {
    const shown = view(
      report({
        status: "accepted",
        nextAttemptAt: null,
        fbrNumber: "0000000DI1747119701593",
        fbrDated: "2026-11-24 15:01:41",
        acceptedAt: "2026-11-24T10:01:42.000Z",
      }),
    );
    expect(shown.badge).toBe("Accepted by FBR");
    expect(shown.sentence).toBe("FBR accepted this invoice: its PDF carries the FBR number and QR code.");
    expect(shown.facts).toEqual([
      { label: "FBR invoice number", value: "0000000DI1747119701593", mono: true },
      { label: "FBR's date", value: "Tue 24 Nov 2026 15:01 PKT" },
    ]);
  });

  it("matches each invoice and credit note of the order to its own report", () => {
    const note = report({
      id: 18,
      document: "credit note",
      creditNoteNumber: "CN-2026-27-0001",
      status: "accepted",
      fbrNumber: "0000000DI1747119709999",
      fbrDated: "2026-11-25 10:00:00",
    });
    const views = fbrPanelViews(
      fake([refused(), note]),
      9,
      [
        {
          id: 4,
          number: "INV-2026-27-0004",
          creditNotes: [
            { id: 1, number: "CN-2026-27-0001" },
            { id: 2, number: "CN-2026-27-0002" },
          ],
        },
      ],
      { canCorrect: true, now },
    );
    expect(views["INV-2026-27-0004"]!.status).toBe("refused");
    expect(views["CN-2026-27-0001"]!.facts[0]!.value).toBe("0000000DI1747119709999");
    expect(views["CN-2026-27-0002"]!.sentence).toBe(
      "FBR has no record of this credit note: it was issued before the desk reported credit notes to FBR.",
    );
  });
});

/** The reports module as the desk sees it, over an order's reports in memory. */
function fake(reports: InvoiceReport[], orderId = 9) {
  const corrected: { id: number; correction: ReportCorrection }[] = [];
  const api: FbrReportsApi & { corrected: typeof corrected } = {
    corrected,
    reportOfInvoice: (invoiceId) => reports.find((each) => each.invoiceId === invoiceId) ?? null,
    reportOfCreditNote: () => null,
    reportsOfOrder: (id) => (id === orderId ? reports : []),
    get: (id) => reports.find((each) => each.id === id) ?? null,
    correct(id, correction) {
      const found = reports.find((each) => each.id === id);
      if (!found) return { ok: false, reason: "no report" };
      if (found.status !== "refused") return { ok: false, reason: "not refused" };
      corrected.push({ id, correction });
      found.status = "waiting";
      return { ok: true };
    },
    waitingOrRefused: () => reports.filter((each) => each.status === "waiting" || each.status === "refused"),
  };
  return api;
}

const member = (role: StaffMember["role"]): StaffMember => ({
  id: 3,
  email: "sana@lahorepromo.example",
  name: "Sana Iqbal",
  role,
  hasPassword: true,
  createdAt: "2026-01-01T00:00:00.000Z",
});

/** The correction form as the panel posts it for report 17, with `change` applied. */
function correctionPost(change: Record<string, string> = {}, reportId = "17") {
  const form = new URLSearchParams({ intent: "fbr-correct", report: reportId, ...correctionValuesOf(refused()) });
  form.append(correctionField.position, "1");
  form.append(correctionField.position, "2");
  for (const [name, value] of Object.entries(change)) form.set(name, value);
  return form;
}

describe("staff's correction of a refused report", () => {
  const fixedHs = { [correctionField.hsCode(1)]: "9608.2000", [correctionField.ntnCnic]: "7654321-0" };

  function correct(
    reports: InvoiceReport[],
    form: URLSearchParams,
    { orderId = 9, role = "staff" as StaffMember["role"], permissions = rolePermissions } = {},
  ) {
    const api = fake(reports);
    let kicks = 0;
    const outcome = correctFbrReport(
      { reports: api, kickQueue: () => kicks++ },
      { orderId, staff: member(role), permissions },
      form,
      now,
    );
    return { outcome, api, kicks: () => kicks };
  }

  it("rewrites a refused report with what staff corrected, sends it back to waiting and kicks the queue", () => {
    const reports = [refused()];
    const { outcome, api, kicks } = correct(reports, correctionPost(fixedHs));
    expect(outcome).toEqual({ ok: true });
    expect(reports[0]!.status).toBe("waiting");
    expect(api.corrected).toEqual([
      {
        id: 17,
        correction: {
          buyer: { ...refused().buyer, ntnCnic: "7654321" },
          lines: [
            {
              position: 1,
              hsCode: "9608.2000",
              uom: "Numbers, pieces, units",
              saleType: "Goods at standard rate (default)",
            },
            { position: 2, hsCode: "9983.9000", uom: "Numbers, pieces, units", saleType: "Services" },
          ],
        },
      },
    ]);
    expect(kicks()).toBe(1);
  });

  it("changes nothing for a report no longer refused", () => {
    const { outcome, api, kicks } = correct([report()], correctionPost(fixedHs));
    expect(outcome).toEqual({ ok: false, problem: "not refused" });
    expect(api.corrected).toEqual([]);
    expect(kicks()).toBe(0);
  });

  it("finds no report of another order, even with a good form", () => {
    const { outcome, api } = correct([refused()], correctionPost(fixedHs), { orderId: 10 });
    expect(outcome).toEqual({ ok: false, problem: "not found" });
    expect(api.corrected).toEqual([]);
    expect(correct([refused()], correctionPost(fixedHs, "99")).outcome).toEqual({ ok: false, problem: "not found" });
  });

  it("refuses on the server a member whose invoices.issue an owner switched off, before reading anything", () => {
    const switchedOff = withStaffSwitches(rolePermissions, {
      "invoices.issue": false,
      "payments.reverse": true,
      "requests.export": true,
    });
    const { outcome, api } = correct([refused()], correctionPost(fixedHs), { permissions: switchedOff });
    expect(outcome).toEqual({ ok: false, problem: "forbidden" });
    expect(api.corrected).toEqual([]);
    // An owner keeps it whatever is switched.
    expect(correct([refused()], correctionPost(fixedHs), { role: "owner", permissions: switchedOff }).outcome).toEqual({
      ok: true,
    });
  });

  it("gives the form back with each message and what was typed, sending nothing", () => {
    const { outcome, api, kicks } = correct(
      [refused()],
      correctionPost({ [correctionField.hsCode(2)]: "99839000", [correctionField.province]: "Lahore" }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      problem: "form",
      reportId: 17,
      errors: {
        [correctionField.hsCode(2)]: correctionMessages.hsCode,
        [correctionField.province]: correctionMessages.province,
      },
    });
    expect(outcome.ok === false && outcome.problem === "form" && outcome.values[correctionField.hsCode(2)]).toBe(
      "99839000",
    );
    expect(api.corrected).toEqual([]);
    expect(kicks()).toBe(0);
  });

  it("refuses a correction that drops or adds a line of the document", () => {
    const form = correctionPost(fixedHs);
    form.append(correctionField.position, "3");
    form.set(correctionField.hsCode(3), "9608.1000");
    form.set(correctionField.uom(3), "Dozen");
    form.set(correctionField.saleType(3), "Services");
    const { outcome, api } = correct([refused()], form);
    expect(outcome).toMatchObject({
      ok: false,
      problem: "form",
      errors: { form: expect.stringMatching(/not this document's/) },
    });
    expect(api.corrected).toEqual([]);
  });
});
