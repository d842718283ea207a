// The DI API's request and answer bodies (PRAL's "Technical Specification for DI API" v1.12, section 4),
// field for field as the JSON samples spell them. Amounts are rupees with two decimals at this edge only;
// everything inside the application is whole paisa.

export type DiItem = {
  hsCode: string;
  productDescription: string;
  /** "18%". */
  rate: string;
  uoM: string;
  quantity: number;
  /** Value including every tax. */
  totalValues: number;
  valueSalesExcludingST: number;
  fixedNotifiedValueOrRetailPrice: number;
  salesTaxApplicable: number;
  salesTaxWithheldAtSource: number;
  extraTax: number;
  furtherTax: number;
  sroScheduleNo: string;
  fedPayable: number;
  discount: number;
  saleType: string;
  sroItemSerialNo: string;
};

export type DiInvoice = {
  invoiceType: "Sale Invoice" | "Debit Note";
  /** YYYY-MM-DD. */
  invoiceDate: string;
  sellerNTNCNIC: string;
  sellerBusinessName: string;
  sellerProvince: string;
  sellerAddress: string;
  buyerNTNCNIC: string;
  buyerBusinessName: string;
  buyerProvince: string;
  buyerAddress: string;
  buyerRegistrationType: "Registered" | "Unregistered";
  /** The FBR number of the invoice a debit note corrects; "" for an invoice. */
  invoiceRefNo: string;
  /** Sandbox only: "SN001" (registered buyer), "SN002" (unregistered). */
  scenarioId?: string;
  items: DiItem[];
};

export type DiItemStatus = {
  itemSNo: string;
  statusCode: string;
  status: string;
  invoiceNo: string | null;
  errorCode: string;
  error: string;
};

export type DiAnswer = {
  invoiceNumber?: string;
  dated: string;
  validationResponse: {
    statusCode: string;
    status: string;
    errorCode?: string;
    error: string;
    invoiceStatuses: DiItemStatus[] | null;
  };
};

/** One reason FBR gave, in staff's words: for a line (1-based) or the whole document (null). */
export type RefusalLine = { line: number | null; code: string; words: string };

/**
 * What one call to FBR came to. "unavailable": no usable answer (timeout, connection refused, 5xx, a
 * body that is not the API's); answerLost when the request may have reached FBR (sent, no answer).
 */
export type FbrOutcome =
  | { kind: "accepted"; number: string; dated: string; httpStatus: number; body: string }
  | { kind: "valid"; httpStatus: number; body: string }
  | { kind: "refused"; refusal: RefusalLine[]; httpStatus: number; body: string }
  | { kind: "unavailable"; problem: string; httpStatus: number | null; answerLost: boolean; body: string };

/**
 * A document as it is reported, whatever it is in the application: an invoice ("Sale Invoice") or a
 * credit note ("Debit Note", the DI API's one kind of note, referring to the invoice's FBR number).
 * Whole paisa; payload.ts turns it into the DI body.
 */
export type ReportDocument = {
  kind: "invoice" | "credit note";
  /** YYYY-MM-DD, Pakistan: the document's date. */
  date: string;
  seller: { ntnCnic: string; businessName: string; province: string; address: string };
  buyer: {
    registrationType: "Registered" | "Unregistered";
    ntnCnic: string;
    businessName: string;
    province: string;
    address: string;
  };
  /** For a credit note: the FBR number of the invoice it corrects. */
  refersTo: string | null;
  lines: {
    description: string;
    quantity: number;
    /** Sales tax rate in basis points (1800). */
    rateBp: number;
    valueExclTaxPaisa: number;
    salesTaxPaisa: number;
    furtherTaxPaisa: number;
    hsCode: string;
    uom: string;
    saleType: string;
  }[];
};
