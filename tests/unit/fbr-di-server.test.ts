import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { DiAnswer } from "~/lib/fbr/di-types";

import { knownHsCodes, pakistanTime, startFbrStandIn, type FbrStandIn } from "../support/fbr-di-server";
import { penDiInvoice, penItem } from "../support/fbr-fixtures";

// The stand-in must refuse what FBR refuses and answer as FBR does, or the tests built on it prove nothing.

const item = penItem;
const invoice = penDiInvoice;

let fbr: FbrStandIn;
beforeEach(async () => {
  fbr = await startFbrStandIn();
});
afterEach(() => fbr.close());

type Answer = DiAnswer & { fault: { code: number } } & Record<string, unknown>;

async function call(path: string, body: unknown, token: string | null = fbr.token) {
  const response = await fetch(`${fbr.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Answer };
}
const validate = (body: unknown) => call("/di_data/v1/di/validateinvoicedata", body);
const post = (body: unknown) => call("/di_data/v1/di/postinvoicedata", body);
const withItem = (changes: Partial<typeof item>) => ({
  ...invoice,
  items: [invoice.items[0], { ...invoice.items[1], ...changes }],
});

describe("the stand-in's gateway", () => {
  it("refuses a missing or wrong token as WSO2 does", async () => {
    expect(
      await call("/di_data/v1/di/validateinvoicedata", invoice, null).then((answer) => [
        answer.status,
        answer.json.fault.code,
      ]),
    ).toEqual([401, 900902]);
    const wrong = await call("/di_data/v1/di/validateinvoicedata", invoice, "not-the-token");
    expect(wrong).toEqual({
      status: 401,
      json: {
        fault: {
          code: 900901,
          message: "Invalid Credentials",
          description: "Invalid Credentials. Make sure you have provided the correct security credentials",
        },
      },
    });
  });

  it("refuses the token for another seller's NTN (0401) in the header-level shape", async () => {
    const { json } = await validate({ ...invoice, sellerNTNCNIC: "1234567" });
    expect(json).toEqual({
      dated: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      validationResponse: {
        statusCode: "01",
        status: "Invalid",
        errorCode: "0401",
        error: expect.stringContaining("Unauthorized access"),
        invoiceStatuses: null,
      },
    });
  });

  it("lists FBR's provinces and units, behind the token", async () => {
    const provinces = await fetch(`${fbr.url}/pdi/v1/provinces`, { headers: { Authorization: `Bearer ${fbr.token}` } });
    expect(await provinces.json()).toContainEqual({ stateProvinceCode: 7, stateProvinceDesc: "PUNJAB" });
    const units = await fetch(`${fbr.url}/pdi/v1/uom`, { headers: { Authorization: `Bearer ${fbr.token}` } });
    expect((await units.json()) as unknown[]).toContainEqual(
      expect.objectContaining({ description: "Numbers, pieces, units" }),
    );
    expect((await fetch(`${fbr.url}/pdi/v1/uom`)).status).toBe(401);
  });

  it("knows the HS codes of the price list's categories", () => {
    for (const code of [
      "9608.1000",
      "4820.1000",
      "6912.0000",
      "3926.1000",
      "9504.9000",
      "6109.1000",
      "3926.4000",
      "9105.2100",
    ])
      expect(knownHsCodes).toContain(code);
  });
});

describe("the stand-in's checks of an invoice", () => {
  it("finds nothing wrong with a correct invoice, and a validation issues no number", async () => {
    const { json } = await validate(invoice);
    expect(json.validationResponse).toEqual({
      statusCode: "00",
      status: "Valid",
      errorCode: null,
      error: "",
      invoiceStatuses: [1, 2].map((line) => ({
        itemSNo: String(line),
        statusCode: "00",
        status: "Valid",
        errorCode: null,
        error: "",
      })),
    });
    expect(json.invoiceNumber).toBeUndefined();
    expect(fbr.numbersIssued).toEqual([]);
  });

  it.each([
    ["a date not in YYYY-MM-DD", { invoiceDate: "26-11-2026" }, "0113"],
    ["a date that does not exist", { invoiceDate: "2026-02-30" }, "0113"],
    ["an invoice type FBR does not have", { invoiceType: "Credit Note" }, "0003"],
    ["a seller province not in FBR's list", { sellerProvince: "LAHORE" }, "0073"],
    ["a buyer province not in FBR's list", { buyerProvince: "Lahore" }, "0074"],
    ["a registered buyer without NTN", { buyerRegistrationType: "Registered" }, "0009"],
    ["a registration type FBR does not have", { buyerRegistrationType: "Filer" }, "0053"],
    ["a buyer NTN of 8 digits", { buyerNTNCNIC: "12345678" }, "0002"],
    ["the seller as buyer", { buyerNTNCNIC: "0000000" }, "0058"],
    ["no buyer name", { buyerBusinessName: " " }, "0010"],
    ["a Debit Note without its invoice", { invoiceType: "Debit Note" }, "0026"],
    [
      "a Debit Note on an invoice FBR never issued",
      { invoiceType: "Debit Note", invoiceRefNo: "0000000DI1700000000000" },
      "0057",
    ],
    ["an HS code FBR does not know", { items: [{ ...item, hsCode: "9608.2000" }] }, "0052"],
  ])("refuses the whole invoice for %s", async (_, changes, code) => {
    const { json } = await post({ ...invoice, ...changes });
    expect(json.validationResponse).toMatchObject({ statusCode: "01", errorCode: code, invoiceStatuses: null });
    expect(json.invoiceNumber).toBeUndefined();
    expect(fbr.numbersIssued).toEqual([]);
  });

  it.each([
    ["sales tax that is not 18 % of the value", { salesTaxApplicable: 632.5 }, "0104"],
    ["no further tax to an unregistered buyer", { furtherTax: 0, totalValues: 4_130 }, "0080"],
    ["a total that is not value + taxes", { totalValues: 4_130 }, "0300"],
    ["a quantity sent as text", { quantity: "1" as unknown as number }, "0300"],
    ["a rate that does not fit the sale type", { rate: "17%" }, "0046"],
    ["no rate", { rate: "" }, "0046"],
    ["no HS code", { hsCode: "" }, "0044"],
    ["an HS code not in FBR's format", { hsCode: "96081000" }, "0052"],
    ["a unit FBR does not list", { uoM: "Barrels" }, "0099"],
    ["a sale type FBR does not have", { saleType: "Goods" }, "0013"],
    ["no value", { valueSalesExcludingST: 0, salesTaxApplicable: 0, furtherTax: 0, totalValues: 0 }, "0021"],
  ])("refuses the line with %s, under an outer 00", async (_, changes, code) => {
    const { json } = await post(withItem(changes));
    expect(json).toEqual({
      dated: expect.any(String),
      validationResponse: {
        statusCode: "00",
        status: "invalid",
        error: "",
        invoiceStatuses: [
          { itemSNo: "1", statusCode: "00", status: "Valid", invoiceNo: null, errorCode: "", error: "" },
          {
            itemSNo: "2",
            statusCode: "01",
            status: "Invalid",
            invoiceNo: null,
            errorCode: code,
            error: expect.any(String),
          },
        ],
      },
    });
    expect(fbr.numbersIssued).toEqual([]);
  });

  it("allows a rupee's rounding in the arithmetic, and no further tax to a registered buyer", async () => {
    expect(
      (await validate(withItem({ salesTaxApplicable: 630.99, totalValues: 4_270.99 }))).json.validationResponse
        .statusCode,
    ).toBe("00");
    const registered = {
      ...invoice,
      buyerRegistrationType: "Registered",
      buyerNTNCNIC: "1234567",
      items: invoice.items.map((line) => ({
        ...line,
        furtherTax: 0,
        totalValues: line.valueSalesExcludingST + line.salesTaxApplicable,
      })),
    };
    expect(
      (await validate(registered)).json.validationResponse.invoiceStatuses!.map((status) => status.statusCode),
    ).toEqual(["00", "00"]);
    const charged = { ...registered, items: [{ ...registered.items[0]!, furtherTax: 1_700, totalValues: 51_850 }] };
    expect((await validate(charged)).json.validationResponse.invoiceStatuses![0]).toMatchObject({ errorCode: "0080" });
  });

  it("wants a scenario in the sandbox that fits the buyer, and needs none in production", async () => {
    const sandbox = (body: unknown) => call("/di_data/v1/di/validateinvoicedata_sb", body);
    expect((await sandbox(invoice)).json.validationResponse.statusCode).toBe("01");
    expect((await sandbox({ ...invoice, scenarioId: "SN001" })).json.validationResponse.statusCode).toBe("01");
    expect((await sandbox({ ...invoice, scenarioId: "SN029" })).json.validationResponse.statusCode).toBe("01");
    expect((await sandbox({ ...invoice, scenarioId: "SN002" })).json.validationResponse).toMatchObject({
      status: "Valid",
    });
    expect((await validate(invoice)).json.validationResponse).toMatchObject({ status: "Valid" });
  });
});

describe("the stand-in's numbers", () => {
  it("issues FBR's number per post, its items numbered after it, dated in Pakistan time", async () => {
    const before = Date.now();
    const first = (await post(invoice)).json;
    const second = (await post(invoice)).json;
    expect(first.invoiceNumber).toMatch(/^0000000DI\d{13}$/);
    expect(second.invoiceNumber).not.toBe(first.invoiceNumber);
    expect(Number(first.invoiceNumber!.slice(9))).toBeGreaterThanOrEqual(before);
    expect(first.validationResponse.invoiceStatuses!.map((status) => status.invoiceNo)).toEqual([
      `${first.invoiceNumber}-1`,
      `${first.invoiceNumber}-2`,
    ]);
    expect(fbr.numbersIssued.map((issued) => issued.number)).toEqual([first.invoiceNumber, second.invoiceNumber]);
    expect(pakistanTime(new Date("2026-11-26T19:30:05Z"))).toBe("2026-11-27 00:30:05");

    const note = {
      ...invoice,
      invoiceType: "Debit Note",
      invoiceRefNo: first.invoiceNumber,
      items: [invoice.items[1]],
    };
    expect((await post(note)).json.invoiceNumber).toMatch(/^0000000DI\d{13}$/);
  });

  it("says what Get_Reg_Type says, registered or not", async () => {
    fbr.registrations.set("1234567", "Registered");
    expect((await call("/dist/v1/Get_Reg_Type", { Registration_No: "1234567" })).json).toEqual({
      statuscode: "00",
      REGISTRATION_NO: "1234567",
      REGISTRATION_TYPE: "Registered",
    });
    expect((await call("/dist/v1/Get_Reg_Type", { Registration_No: "7654321" })).json).toMatchObject({
      statuscode: "01",
      REGISTRATION_TYPE: "unregistered",
    });
  });
});
