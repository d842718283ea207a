import { describe, expect, it } from "vitest";
import { correctionField, correctionMessages, correctionValuesOf, readCorrectionForm } from "./correction-schema";

// The correction form of a report FBR refused, read as the server reads its post: each bad field keeps
// what was typed and gets its own message, under its own field name.

const buyer = {
  registrationType: "Registered",
  ntnCnic: "1234567-8",
  businessName: "Hilal Pharmaceuticals (Pvt) Ltd",
  province: "PUNJAB",
  address: "Plot 42, Sundar Industrial Estate, Raiwind Road, Lahore",
};
const lines = [
  { position: 1, hsCode: "9608.1000", uom: "Numbers, pieces, units", saleType: "Goods at standard rate (default)" },
  { position: 2, hsCode: "4820.1000", uom: "Numbers, pieces, units", saleType: "Goods at standard rate (default)" },
  { position: 3, hsCode: "9983.9000", uom: "Numbers, pieces, units", saleType: "Services" },
];

/** The form as the invoice panel posts it, with `change` applied to its fields. */
function post(change: Record<string, string | null> = {}, positions = ["1", "2", "3"]) {
  const form = new URLSearchParams({
    intent: "fbr-correct",
    report: "17",
    ...Object.fromEntries(Object.entries(correctionValuesOf({ buyer, lines }))),
  });
  for (const position of positions) form.append(correctionField.position, position);
  for (const [name, value] of Object.entries(change)) {
    if (value === null) form.delete(name);
    else form.set(name, value);
  }
  return readCorrectionForm(form);
}

const refusedWith = (change: Record<string, string | null>, positions?: string[]) => {
  const read = post(change, positions);
  if (read.ok) throw new Error("the form was accepted");
  return read;
};

describe("the correction form", () => {
  it("reads a correct post as the report's id and the correction, the NTN as its 7 digits", () => {
    const read = post();
    expect(read).toEqual({
      ok: true,
      reportId: 17,
      correction: { buyer: { ...buyer, ntnCnic: "1234567" }, lines },
    });
  });

  it("takes a CNIC typed with dashes as its 13 digits, and trims what was typed", () => {
    const read = post({ [correctionField.ntnCnic]: " 35202-1234567-1 ", [correctionField.hsCode(2)]: " 4820.1000 " });
    expect(read.ok && read.correction.buyer.ntnCnic).toBe("3520212345671");
    expect(read.ok && read.correction.lines[1]!.hsCode).toBe("4820.1000");
  });

  it("lets an unregistered buyer go without an NTN or CNIC", () => {
    const read = post({ [correctionField.registrationType]: "Unregistered", [correctionField.ntnCnic]: "" });
    expect(read.ok && read.correction.buyer).toEqual({ ...buyer, registrationType: "Unregistered", ntnCnic: "" });
  });

  it("asks a registered buyer's NTN or CNIC when it is left blank", () => {
    expect(refusedWith({ [correctionField.ntnCnic]: "  " }).errors).toEqual({
      [correctionField.ntnCnic]: correctionMessages.ntnCnicMissing,
    });
  });

  it.each([["12345"], ["1234567-89"], ["35202-1234567"], ["NTN 1234567"], ["3520212345671234"]])(
    "refuses %j as an NTN or CNIC, keeping what was typed",
    (typed) => {
      const read = refusedWith({
        [correctionField.ntnCnic]: typed,
        [correctionField.registrationType]: "Unregistered",
      });
      expect(read.errors).toEqual({ [correctionField.ntnCnic]: correctionMessages.ntnCnic });
      expect(read.values[correctionField.ntnCnic]).toBe(typed);
    },
  );

  it.each([
    ["no registration type", correctionField.registrationType, null, correctionMessages.registrationType],
    ["a registration type FBR has not", correctionField.registrationType, "Filer", correctionMessages.registrationType],
    ["a blank business name", correctionField.businessName, " ", correctionMessages.businessName],
    [
      "a business name over 200 characters",
      correctionField.businessName,
      "A".repeat(201),
      "The business name is too long (at most 200 characters).",
    ],
    [
      "a business name with a text-direction character",
      correctionField.businessName,
      "Hilal\u202EPharma",
      "The business name must be one line of text, without control or text-direction characters.",
    ],
    ["no province", correctionField.province, "", correctionMessages.province],
    ["a province not as FBR's list names it", correctionField.province, "Lahore", correctionMessages.province],
    ["a blank address", correctionField.address, "\n ", correctionMessages.address],
    [
      "an address over 500 characters",
      correctionField.address,
      "Street ".repeat(80),
      "The address is too long (at most 500 characters).",
    ],
    ["an HS code without its dot", correctionField.hsCode(2), "48201000", correctionMessages.hsCode],
    ["an HS code of four digits", correctionField.hsCode(2), "4820", correctionMessages.hsCode],
    ["an HS code of 3 digits after the dot", correctionField.hsCode(2), "4820.100", correctionMessages.hsCode],
    ["a blank HS code", correctionField.hsCode(1), "", correctionMessages.hsCode],
    ["a unit not on FBR's list", correctionField.uom(3), "Boxes", correctionMessages.uom],
    ["no unit", correctionField.uom(1), null, correctionMessages.uom],
    ["a sale type not on FBR's list", correctionField.saleType(2), "Goods at 17%", correctionMessages.saleType],
  ])("refuses %s with its own message under its own field", (_what, name, value, message) => {
    const read = refusedWith({ [name]: value });
    expect(read.errors).toEqual({ [name]: message });
    expect(read.values[name]).toBe(value ?? "");
    expect(read.reportId).toBe(17);
  });

  it("gives every bad field its message at once", () => {
    const read = refusedWith({
      [correctionField.province]: "Punjab",
      [correctionField.hsCode(1)]: "9608",
      [correctionField.saleType(3)]: "",
    });
    expect(Object.keys(read.errors).sort()).toEqual(
      [correctionField.province, correctionField.hsCode(1), correctionField.saleType(3)].sort(),
    );
  });

  it("refuses a post without the lines, with lines repeated, or without a report", () => {
    expect(refusedWith({}, []).errors).toEqual({ [correctionField.form]: correctionMessages.lines });
    expect(refusedWith({}, ["1", "1", "2"]).errors).toEqual({ [correctionField.form]: correctionMessages.lines });
    const noReport = refusedWith({ report: "seventeen" });
    expect(noReport.reportId).toBeNull();
    expect(noReport.errors).toEqual({ [correctionField.form]: correctionMessages.report });
  });
});
