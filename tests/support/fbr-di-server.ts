import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

// Relative paths: Playwright specs start it too.
import { business } from "../../app/content/business";
import { fbrProvinces, fbrUnits, ntnCnicDigits } from "../../app/lib/fbr/lists";

// The tests' stand-in for PRAL's Digital Invoicing API ("Technical Specification for DI API" v1.12): a
// small HTTP server answering what the application calls (validate and post, with their `_sb` sandbox
// variants; the provinces and units lists; Get_Reg_Type) the way the gateway answers. It checks the
// Bearer token as WSO2 does (401 with its `fault`), that the token belongs to the seller's NTN (0401),
// the required fields, FBR's lists and each line's arithmetic, and answers with the specification's
// exact shapes: a header-level refusal (statusCode "01", invoiceStatuses null), an item-level one (outer
// "00", the item "01") or, for a post, FBR's number `{NTN}DI{epoch ms}` with "-1", "-2"… per item, dated
// in Pakistan time. A validation never issues a number. Modes make it fail as the real one can.

export type FbrStandInMode = "up" | "down" | "refuse-connections" | "slow" | "lose-next-post-answer";

export type FbrRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The body as JSON when it parses, else its text. */
  body: unknown;
};

export type IssuedNumber = { number: string; dated: string; invoice: Record<string, unknown> };

export type FbrStandIn = {
  /** http://127.0.0.1:port, for FBR_DI_URL. */
  url: string;
  /** The token it takes, for FBR_DI_TOKEN. */
  token: string;
  /** The seller NTN/CNIC the token belongs to. */
  sellerNtnCnic: string;
  /** Every request, whatever came of it. */
  received: FbrRequest[];
  /** Every FBR number issued by a post, answered or not. */
  numbersIssued: IssuedNumber[];
  /** What Get_Reg_Type says of a registration number (absent: "unregistered"). */
  registrations: Map<string, "Registered" | "Unregistered">;
  /** HS codes FBR's list has (the ones the price list uses, and a few more). */
  hsCodes: Set<string>;
  mode(): FbrStandInMode;
  setMode(mode: FbrStandInMode, options?: { delayMs?: number }): Promise<void>;
  close(): Promise<void>;
};

type Options = { token?: string; sellerNtnCnic?: string; port?: number };

/** The HS codes of the price list's categories, plus a few unrelated ones, as FBR's itemdesccode lists them. */
export const knownHsCodes = [
  "9608.1000", // ball-point pens
  "4820.1000", // note books, chit pads
  "6912.0000", // ceramic tableware: mugs
  "3926.1000", // office or school supplies of plastics
  "9504.9000", // games
  "6109.1000", // T-shirts of cotton
  "3926.4000", // statuettes and ornamental articles of plastics: acrylic
  "9105.2100", // wall clocks, electrically operated
  "0101.2100", // the specification's sample
  "8432.1010",
  "0304.7400",
];

/** FBR's unit list (its "description"): the units the business sells in and a few others. */
export const standInUnits = [...fbrUnits, "KWH", "Liter", "Gram", "Carat", "Bill of lading", "Mega Watt"];

const saleTypeRates: Record<string, (rate: string) => boolean> = {
  "Goods at standard rate (default)": (rate) => rate === "18%",
  "Goods at Reduced Rate": (rate) => percent(rate) !== null && percent(rate)! < 18,
  "Goods at zero-rate": (rate) => rate === "0%",
  "Exempt goods": (rate) => rate === "Exempt",
  Services: (rate) => percent(rate) !== null,
};

const percent = (rate: string) => (/^\d{1,2}(\.\d{1,2})?%$/.test(rate) ? Number(rate.slice(0, -1)) : null);

const FURTHER_TAX_PERCENT = 4;
const MAX_REQUEST_BYTES = 1024 * 1024;

export async function startFbrStandIn(options: Options = {}): Promise<FbrStandIn> {
  const token = options.token ?? randomUUID();
  const sellerNtnCnic = options.sellerNtnCnic ?? ntnCnicDigits(business.ntn)!;
  const received: FbrRequest[] = [];
  const numbersIssued: IssuedNumber[] = [];
  const registrations = new Map<string, "Registered" | "Unregistered">();
  const hsCodes = new Set(knownHsCodes);
  let mode: FbrStandInMode = "up";
  let delayMs = 0;
  let lastNumberMs = 0;

  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://stand-in");
      received.push({ method: request.method ?? "", path: url.pathname, headers: request.headers, body: parsed(text) });
      if (size > MAX_REQUEST_BYTES) return sendJson(response, 413, { error: "Request too large" });
      const answer = () => {
        try {
          handle(request, response, url.pathname, text);
        } catch (error) {
          sendJson(response, 500, { error: String(error) });
        }
      };
      if (mode === "slow") setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  function handle(request: IncomingMessage, response: ServerResponse, path: string, text: string) {
    if (mode === "down")
      // WSO2's answer when the service behind it is down.
      return sendJson(response, 503, {
        fault: {
          code: 101503,
          type: "Status report",
          message: "Runtime Error",
          description: "Error connecting to the back end",
        },
      });
    const authorization = request.headers.authorization;
    if (!authorization)
      return sendJson(response, 401, {
        fault: {
          code: 900902,
          message: "Missing Credentials",
          description:
            "Invalid Credentials. Make sure your API invocation call has a header: 'Authorization : Bearer ACCESS_TOKEN'",
        },
      });
    if (authorization !== `Bearer ${token}`)
      return sendJson(response, 401, {
        fault: {
          code: 900901,
          message: "Invalid Credentials",
          description: "Invalid Credentials. Make sure you have provided the correct security credentials",
        },
      });
    const method = request.method ?? "GET";
    if (method === "GET" && path === "/pdi/v1/provinces")
      return sendJson(
        response,
        200,
        fbrProvinces.map((province) => ({ stateProvinceCode: province.code, stateProvinceDesc: province.name })),
      );
    if (method === "GET" && path === "/pdi/v1/uom")
      return sendJson(
        response,
        200,
        standInUnits.map((description, index) => ({ uoM_ID: index + 1, description })),
      );
    if (method === "POST" && path === "/dist/v1/Get_Reg_Type") {
      const body = parsed(text);
      const number = isRecord(body) && typeof body.Registration_No === "string" ? body.Registration_No : "";
      const type = registrations.get(number);
      return sendJson(response, 200, {
        statuscode: type === "Registered" ? "00" : "01",
        REGISTRATION_NO: number,
        REGISTRATION_TYPE: type === "Registered" ? "Registered" : "unregistered",
      });
    }
    const di = /^\/di_data\/v1\/di\/(validateinvoicedata|postinvoicedata)(_sb)?$/.exec(path);
    if (method === "POST" && di) {
      const body = parsed(text);
      if (!isRecord(body)) return sendJson(response, 400, { error: "The request body is not valid JSON." });
      const call = di[1] === "postinvoicedata" ? "post" : "validate";
      return invoice(response, call, Boolean(di[2]), body);
    }
    return sendJson(response, 404, {
      fault: {
        code: 404,
        type: "Status report",
        message: "Not Found",
        description: "The requested resource is not available.",
      },
    });
  }

  function invoice(
    response: ServerResponse,
    call: "validate" | "post",
    sandbox: boolean,
    body: Record<string, unknown>,
  ) {
    const dated = pakistanTime(new Date());
    const header = headerError(body, sandbox);
    if (header)
      return sendJson(response, 200, {
        dated,
        validationResponse: {
          statusCode: "01",
          status: "Invalid",
          errorCode: header.code,
          error: header.error,
          invoiceStatuses: null,
        },
      });
    const items = body.items as unknown[];
    const registered = body.buyerRegistrationType === "Registered";
    const errors = items.map((item, index) => itemError(item, index + 1, registered));
    if (errors.some(Boolean))
      return sendJson(response, 200, {
        dated,
        validationResponse: {
          statusCode: "00",
          status: "invalid",
          ...(call === "validate" ? { errorCode: null } : {}),
          error: "",
          invoiceStatuses: errors.map((error, index) => ({
            itemSNo: String(index + 1),
            statusCode: error ? "01" : "00",
            status: error ? "Invalid" : "Valid",
            ...(call === "post" ? { invoiceNo: null } : {}),
            errorCode: error ? error.code : call === "validate" ? null : "",
            error: error ? error.error : "",
          })),
        },
      });
    if (call === "validate")
      return sendJson(response, 200, {
        dated,
        validationResponse: {
          statusCode: "00",
          status: "Valid",
          errorCode: null,
          error: "",
          invoiceStatuses: items.map((_, index) => ({
            itemSNo: String(index + 1),
            statusCode: "00",
            status: "Valid",
            errorCode: null,
            error: "",
          })),
        },
      });
    lastNumberMs = Math.max(Date.now(), lastNumberMs + 1);
    const number = `${String(body.sellerNTNCNIC)}DI${lastNumberMs}`;
    numbersIssued.push({ number, dated, invoice: body });
    if (mode === "lose-next-post-answer") {
      mode = "up";
      response.socket?.destroy();
      return;
    }
    return sendJson(response, 200, {
      invoiceNumber: number,
      dated,
      validationResponse: {
        statusCode: "00",
        status: "Valid",
        error: "",
        invoiceStatuses: items.map((_, index) => ({
          itemSNo: String(index + 1),
          statusCode: "00",
          status: "Valid",
          invoiceNo: `${number}-${index + 1}`,
          errorCode: "",
          error: "",
        })),
      },
    });
  }

  function headerError(body: Record<string, unknown>, sandbox: boolean): { code: string; error: string } | null {
    const text = (field: string) => (typeof body[field] === "string" ? (body[field] as string).trim() : "");
    const seller = text("sellerNTNCNIC");
    if (!isNtnCnic(seller) || seller !== sellerNtnCnic)
      return {
        code: "0401",
        error:
          "Unauthorized access: Provided seller registration number is not 13 digits (CNIC) or 7 digits (NTN) or the authorized token does not exist against seller registration number",
      };
    if (!text("invoiceType")) return { code: "0011", error: "Provide invoice type." };
    if (!["Sale Invoice", "Debit Note"].includes(text("invoiceType")))
      return { code: "0003", error: "Provide proper invoice type." };
    if (!text("invoiceDate")) return { code: "0042", error: "Provide invoice date." };
    if (!isDate(text("invoiceDate")))
      return { code: "0113", error: "System is unable to parse date. Please provide date in valid format dd-MMM-yy." };
    if (!isProvince(text("sellerProvince")))
      return { code: "0073", error: "Provide Sale Origination Province of Supplier" };
    if (!text("sellerBusinessName") || !text("sellerAddress"))
      return { code: "", error: "Provide seller business name and address." };
    const registrationType = text("buyerRegistrationType");
    if (!registrationType) return { code: "0012", error: "Provide Buyer Registration Type" };
    if (registrationType !== "Registered" && registrationType !== "Unregistered")
      return { code: "0053", error: "Provided buyer registration type is invalid" };
    const buyer = text("buyerNTNCNIC");
    if (registrationType === "Registered" && !buyer) return { code: "0009", error: "Provide Buyer registration No." };
    if (buyer && !isNtnCnic(buyer)) return { code: "0002", error: "Invalid Buyer Registration No or NTN :" };
    if (buyer && buyer === seller) return { code: "0058", error: "Self-invoicing not allowed" };
    if (!text("buyerBusinessName")) return { code: "0010", error: "Provide Buyer Name." };
    if (!isProvince(text("buyerProvince"))) return { code: "0074", error: "Provide Destination of Supply" };
    if (!text("buyerAddress")) return { code: "", error: "Provide buyer address." };
    if (text("invoiceType") === "Debit Note") {
      const reference = text("invoiceRefNo");
      if (!reference) return { code: "0026", error: "Invoice Reference No. is required." };
      if (!numbersIssued.some((issued) => issued.number === reference))
        return { code: "0057", error: "Reference Invoice does not exist." };
    }
    if (sandbox) {
      const scenario = text("scenarioId");
      if (!/^SN0(0[1-9]|1\d|2[0-8])$/.test(scenario)) return { code: "", error: "Provide valid scenario id." };
      if ((scenario === "SN001") !== (registrationType === "Registered") && ["SN001", "SN002"].includes(scenario))
        return { code: "", error: `Scenario ${scenario} does not match buyer registration type.` };
    }
    if (!Array.isArray(body.items) || body.items.length === 0) return { code: "", error: "Provide invoice items." };
    // FBR reports a well-formed HS code it does not know for the whole invoice, as its sample 4.1.4 does.
    for (const item of body.items)
      if (isRecord(item) && typeof item.hsCode === "string" && isHsCode(item.hsCode) && !hsCodes.has(item.hsCode))
        return { code: "0052", error: "Provide proper HS Code with invoice no. null" };
    return null;
  }

  function itemError(item: unknown, number: number, registered: boolean): { code: string; error: string } | null {
    if (!isRecord(item)) return { code: "0300", error: `Provided decimal value is not valid at item ${number}` };
    const decimals: [string, string][] = [
      ["quantity", "Quantity"],
      ["totalValues", "Total Value"],
      ["valueSalesExcludingST", "Value Sales Excluding ST"],
      ["salesTaxApplicable", "Sales Tax Applicable"],
      ["salesTaxWithheldAtSource", "SalesTaxWithheldAtSource"],
      ["furtherTax", "Further Tax"],
      ["fedPayable", "Fed Payable"],
      ["discount", "Discount"],
      ["fixedNotifiedValueOrRetailPrice", "Fixed Notified Value"],
    ];
    for (const [field, name] of decimals)
      if (typeof item[field] !== "number" || !Number.isFinite(item[field]) || (item[field] as number) < 0)
        return { code: "0300", error: `${name} Value is not valid at item ${number}` };
    if (item.extraTax !== "" && item.extraTax !== 0)
      return { code: "0300", error: `Extra Tax Value is not valid at item ${number}` };
    const amount = (field: string) => item[field] as number;
    if (typeof item.hsCode !== "string" || item.hsCode === "") return { code: "0044", error: "Provide HS Code." };
    if (!isHsCode(item.hsCode)) return { code: "0052", error: "Please provide valid HS Code against invoice no:" };
    if (typeof item.productDescription !== "string" || item.productDescription.trim() === "")
      return { code: "", error: `Provide product description at item ${number}` };
    if (typeof item.saleType !== "string" || !(item.saleType in saleTypeRates))
      return { code: "0013", error: "Provide valid Sale type." };
    if (typeof item.rate !== "string" || item.rate === "") return { code: "0046", error: "Provide rate." };
    if (!saleTypeRates[item.saleType]!(item.rate)) return { code: "0046", error: "Provide rate." };
    if (typeof item.uoM !== "string" || !standInUnits.includes(item.uoM))
      return { code: "0099", error: "Provide uom." };
    if (amount("quantity") <= 0 || amount("valueSalesExcludingST") <= 0)
      return { code: "0021", error: "Please provide Value of Sales Excl. ST /Quantity" };
    const value = amount("valueSalesExcludingST");
    const rate = percent(item.rate) ?? 0;
    if (Math.abs(amount("salesTaxApplicable") - (value * rate) / 100) > 1)
      return { code: "0104", error: "The calculated percentage sales tax does not match." };
    const withheld = amount("salesTaxWithheldAtSource");
    if (withheld !== 0 && Math.abs(withheld - amount("salesTaxApplicable")) > 0.005)
      return {
        code: "0008",
        error: "ST withheld at source should either be zero or same as sales tax/fed in st mode.",
      };
    const furtherTaxDue = registered ? 0 : (value * FURTHER_TAX_PERCENT) / 100;
    if (Math.abs(amount("furtherTax") - furtherTaxDue) > 1)
      return { code: "0080", error: "Please provide Further Tax" };
    const extraTax = typeof item.extraTax === "number" ? item.extraTax : 0;
    const total =
      value +
      amount("salesTaxApplicable") +
      amount("furtherTax") +
      extraTax +
      amount("fedPayable") -
      amount("discount");
    if (Math.abs(amount("totalValues") - total) > 1)
      return { code: "0300", error: `Total Value is not valid at item ${number}` };
    return null;
  }

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    sellerNtnCnic,
    received,
    numbersIssued,
    registrations,
    hsCodes,
    mode: () => mode,
    async setMode(next, modeOptions = {}) {
      delayMs = modeOptions.delayMs ?? 2_000;
      if (next === "refuse-connections") await stopListening();
      else if (!server.listening) await listen(port);
      mode = next;
    },
    close: stopListening,
  };
}

/** FBR's `dated`: "YYYY-MM-DD HH:mm:ss" in Pakistan time (UTC+5, no daylight saving). */
export function pakistanTime(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response
    .writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) })
    .end(text);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isHsCode = (value: string) => /^\d{4}\.\d{4}$/.test(value);

const isNtnCnic = (value: string) => /^(\d{7}|\d{13})$/.test(value);

function isDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

// The specification's own samples spell provinces "Sindh"; its list spells them "SINDH".
const isProvince = (value: string) => fbrProvinces.some((province) => province.name === value.toUpperCase());
