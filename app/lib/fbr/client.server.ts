import type { FbrConfig } from "./config.server";
import type { DiInvoice, FbrOutcome, RefusalLine } from "./di-types";
import { ntnCnicDigits } from "./lists";
import { refusalWords } from "./refusal-words";
import { isRecord, parseJson } from "~/lib/json-value";

// One call to FBR's Digital Invoicing API and what it came to. FBR's answer is hostile input: read up to
// a bound, parsed defensively, and accepted only in the exact shape the specification gives (an invoice
// number AND every item "00": the specification's own item-level refusal carries an outer "00").

export type FbrCall = "validate" | "post";

/** An answer bigger than this is not the API's (a refusal of a 1,000-line invoice is some 200 KB). */
export const MAX_ANSWER_BYTES = 256 * 1024;

/** The path of a DI method, with `_sb` in the sandbox. */
export const diPath = (call: FbrCall, sandbox: boolean) =>
  `/di_data/v1/di/${call === "validate" ? "validateinvoicedata" : "postinvoicedata"}${sandbox ? "_sb" : ""}`;

export const REGISTRATION_TYPE_PATH = "/dist/v1/Get_Reg_Type";

type Options = { fetch?: typeof fetch; maxAnswerBytes?: number };

type Answer =
  { ok: true; status: number; text: string } | { ok: false; outcome: Extract<FbrOutcome, { kind: "unavailable" }> };

export class FbrClient {
  private readonly fetch: typeof fetch;
  private readonly maxAnswerBytes: number;

  constructor(
    private readonly config: FbrConfig,
    options: Options = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  }

  /** The full address of a DI method under this configuration, for the record of an exchange. */
  urlOf(call: FbrCall): string {
    return `${this.config.url}${diPath(call, this.config.sandbox)}`;
  }

  /** FBR's dry run: "valid", "refused" or "unavailable"; no FBR number is ever issued. */
  async validate(body: DiInvoice): Promise<FbrOutcome> {
    const answer = await this.send(this.urlOf("validate"), body);
    return answer.ok ? classify("validate", answer.status, answer.text) : answer.outcome;
  }

  /** The report itself: "accepted" with FBR's number, "refused", or "unavailable". */
  async post(body: DiInvoice): Promise<FbrOutcome> {
    const answer = await this.send(this.urlOf("post"), body);
    return answer.ok ? classify("post", answer.status, answer.text) : answer.outcome;
  }

  /** Whether FBR has this NTN/CNIC as registered for sales tax; null when FBR could not say. */
  async registrationType(typed: string): Promise<"Registered" | "Unregistered" | null> {
    const ntnCnic = ntnCnicDigits(typed);
    if (!ntnCnic) return null;
    const answer = await this.send(`${this.config.url}${REGISTRATION_TYPE_PATH}`, { Registration_No: ntnCnic });
    if (!answer.ok || answer.status !== 200) return null;
    const json = parseJson(answer.text);
    if (!isRecord(json)) return null;
    // The specification spells it REGISTRATION_TYPE, "Registered" or "unregistered", with the number echoed.
    const type = json.REGISTRATION_TYPE;
    if (typeof type !== "string") return null;
    if (typeof json.REGISTRATION_NO === "string" && json.REGISTRATION_NO !== ntnCnic) return null;
    const lower = type.trim().toLowerCase();
    if (lower === "registered") return "Registered";
    if (lower === "unregistered") return "Unregistered";
    return null;
  }

  private async send(url: string, body: unknown): Promise<Answer> {
    let response: Response;
    try {
      response = await this.fetch(url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.config.token}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify(body),
        // A redirect would carry the token elsewhere: FBR's API never redirects.
        redirect: "manual",
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      return { ok: false, outcome: failed(error, this.config.timeoutMs, "") };
    }
    const read = await readBounded(response, this.maxAnswerBytes);
    if (read.kind === "failed") return { ok: false, outcome: failed(read.error, this.config.timeoutMs, read.text) };
    if (read.kind === "too big")
      return {
        ok: false,
        outcome: unavailable(
          `FBR's answer was larger than ${Math.round(this.maxAnswerBytes / 1024)} KB, which is not the API's answer`,
          response.status,
          true,
          read.text,
        ),
      };
    return { ok: true, status: response.status, text: read.text };
  }
}

type Read =
  { kind: "read"; text: string } | { kind: "too big"; text: string } | { kind: "failed"; error: unknown; text: string };

async function readBounded(response: Response, maxBytes: number): Promise<Read> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { kind: "too big", text: "" };
  }
  if (!response.body) return { kind: "read", text: "" };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        chunks.push(value.subarray(0, maxBytes - size));
        await reader.cancel().catch(() => {});
        return { kind: "too big", text: decode(chunks) };
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (error) {
    return { kind: "failed", error, text: decode(chunks) };
  }
  return { kind: "read", text: decode(chunks) };
}

const decode = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString("utf8");

const unavailable = (
  problem: string,
  httpStatus: number | null,
  answerLost: boolean,
  body: string,
): Extract<FbrOutcome, { kind: "unavailable" }> => ({
  kind: "unavailable",
  problem,
  httpStatus,
  answerLost,
  body,
});

// Errors that happen before a request leaves this machine: FBR cannot have seen it.
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function failed(error: unknown, timeoutMs: number, body: string) {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError")
    return unavailable(`FBR did not answer within ${timeoutMs / 1000} s`, null, true, body);
  const code = causeCode(error);
  if (code && NOT_SENT.has(code)) return unavailable(`FBR could not be reached (${code})`, null, false, body);
  // Anything else (a reset, the connection closed mid-answer) may have reached FBR.
  return unavailable(`The connection to FBR broke before its answer (${code ?? describe(error)})`, null, true, body);
}

function causeCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (isRecord(current) && typeof current.code === "string") return current.code;
    current = isRecord(current) ? current.cause : undefined;
  }
  return null;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

function classify(call: FbrCall, status: number, text: string): FbrOutcome {
  const json = parseJson(text);
  if (status === 401 || status === 403) {
    // WSO2, PRAL's gateway, refuses a token with {"fault":{"code","message","description"}}.
    const fault = isRecord(json) && isRecord(json.fault) ? json.fault : null;
    const reason = fault
      ? [fault.code, fault.message, fault.description]
          .filter((part) => typeof part === "string" || typeof part === "number")
          .join(": ")
          .slice(0, 300)
      : `HTTP ${status}`;
    return unavailable(`FBR refused the access token (${reason || `HTTP ${status}`})`, status, false, text);
  }
  if (status >= 300 && status < 400)
    return unavailable(`FBR answered with a redirect (HTTP ${status}), which its API never does`, status, false, text);
  // 503: the gateway did not pass the request on. Any other failure may have happened after FBR took it.
  if (status !== 200) return unavailable(`FBR answered HTTP ${status}`, status, status !== 503, text);
  const answer = isRecord(json) ? json : {};
  const response = isRecord(answer.validationResponse) ? answer.validationResponse : null;
  if (!response || typeof response.statusCode !== "string")
    return unavailable("FBR's answer is not the Digital Invoicing API's", status, true, text);

  const refusal: RefusalLine[] = [];
  if (response.statusCode !== "00") {
    const code = stringOf(response.errorCode);
    refusal.push({ line: null, code, words: refusalWords(code, stringOf(response.error)) });
  }
  const items = response.invoiceStatuses;
  if (items !== null && items !== undefined && !Array.isArray(items))
    return unavailable("FBR's answer is not the Digital Invoicing API's", status, true, text);
  for (const item of items ?? []) {
    if (!isRecord(item) || typeof item.statusCode !== "string")
      return unavailable("FBR's answer is not the Digital Invoicing API's", status, true, text);
    if (item.statusCode === "00") continue;
    const code = stringOf(item.errorCode);
    const line = Number(stringOf(item.itemSNo));
    refusal.push({
      line: Number.isInteger(line) && line > 0 ? line : null,
      code,
      words: refusalWords(code, stringOf(item.error)),
    });
  }
  if (refusal.length > 0) return { kind: "refused", refusal, httpStatus: status, body: text };

  if (call === "validate") return { kind: "valid", httpStatus: status, body: text };
  const number = typeof answer.invoiceNumber === "string" ? answer.invoiceNumber.trim() : "";
  if (!number || !Array.isArray(items) || items.length === 0)
    return unavailable("FBR's answer to the post carried no invoice number", status, true, text);
  // The number is printed and encoded in the QR code: FBR's are 22 or 28 characters of digits and "DI".
  if (!/^[A-Za-z0-9-]{1,64}$/.test(number))
    return unavailable("FBR's answer to the post carried a number that is not FBR's", status, true, text);
  return { kind: "accepted", number, dated: stringOf(answer.dated).slice(0, 40), httpStatus: status, body: text };
}

const stringOf = (value: unknown) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
