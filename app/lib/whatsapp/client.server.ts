import { createHash } from "node:crypto";

import type { ChannelSender, WhatsAppOutgoing } from "~/lib/messaging/channels";

import type { WhatsAppApi, WhatsAppConfig, WhatsAppError, WhatsAppMedia } from "./types";
import { isRecord, parseJson } from "~/lib/json-value";

// The WhatsApp Cloud API as the app calls it: send a message (`POST /{phone-number-id}/messages`) and
// fetch a buyer's media (`GET /{media-id}`, then its url). Meta's answers are read up to a bound, the
// token is never carried to another host by a redirect, and every failure becomes a WhatsAppApiError
// saying whether sending again later can succeed.

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MEDIA_TIMEOUT_MS = 60_000;
/** Graph's answers (a send's ids, a media file's url, an error) are well under a kilobyte. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** WhatsApp's own limit on a text message. */
export const MAX_TEXT_CHARS = 4_096;
const MAX_REDIRECTS = 3;

export type WhatsAppClientOptions = {
  fetch?: typeof fetch;
  /** How long a send or a media lookup may take. */
  timeoutMs?: number;
  /** How long downloading one media file may take. */
  mediaTimeoutMs?: number;
};

/** Meta's error codes after which sending the same message again later can succeed. */
const TEMPORARY_CODES = new Set([
  1, // API unknown
  2, // API service (temporary)
  4, // API too many calls
  17, // API user too many calls
  341, // application limit reached
  80007, // WhatsApp Business account rate limit
  130429, // throughput rate limit
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit
  131056, // pair rate limit: too many messages to one number
  133004, // server temporarily unavailable
]);
/** Codes that say this message will never go as it is. */
const PERMANENT_CODES = new Set([
  100, // invalid parameter
  131008, // required parameter missing
  131009, // parameter value invalid
  131026, // undeliverable: not on WhatsApp, or an old version
  131047, // re-engagement: more than 24 hours since the buyer last wrote
  131050, // the buyer stopped marketing messages
  131051, // unsupported message type
  131052, // media download error
  131053, // media upload error
]);
/** The access token was refused (expired, revoked, wrong): every send fails until someone replaces it. */
const TOKEN_CODES = new Set([190, 102, 463, 467]);

/** Whether a failure with this Meta code and HTTP status can succeed if the same call is made later. */
export function isRetryable(code: number | null, httpStatus: number | null): boolean {
  if (code !== null) {
    // Kept queued: the messages go once the token is fixed, and the desk says why they wait.
    if (TOKEN_CODES.has(code)) return true;
    if (TEMPORARY_CODES.has(code)) return true;
    if (PERMANENT_CODES.has(code) || (code >= 132000 && code <= 132016)) return false;
  }
  if (httpStatus === null) return true;
  return httpStatus >= 500 || httpStatus === 429 || httpStatus === 401;
}

/** A call to the Cloud API that failed: Meta's error (code, title, details) or why no answer came. */
export class WhatsAppApiError extends Error {
  override name = "WhatsAppApiError";
  constructor(
    message: string,
    /** Meta's error code (131047, 190…); null when Meta did not answer or the app refused first. */
    readonly code: number | null,
    /** Meta's title of the error ("Re-engagement message"), or the app's. */
    readonly title: string,
    /** Meta's error_data.details, or "". */
    readonly details: string,
    /** The answer's HTTP status; null when none came. */
    readonly httpStatus: number | null,
    /** True when the same call later can succeed (keep it queued); false when it never will as it is. */
    readonly retryable: boolean,
    /** Meta's trace id of the call, for its support. */
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
  }

  /** The error as the app stores it with a message (the same shape as a failed status webhook's). */
  toWhatsAppError(): WhatsAppError {
    return { code: this.code ?? 0, title: this.title, message: this.message, details: this.details };
  }
}

/** The Cloud API over fetch, for the given settings. */
export function whatsappApi(config: WhatsAppConfig, options: WhatsAppClientOptions = {}): WhatsAppApi {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const mediaTimeoutMs = options.mediaTimeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS;
  const authorization = `Bearer ${config.token}`;
  const apiOrigin = new URL(config.apiUrl).origin;

  async function call(url: string, init: RequestInit): Promise<{ status: number; json: unknown; text: string }> {
    let response: Response;
    try {
      response = await doFetch(url, {
        ...init,
        headers: { ...init.headers, Authorization: authorization, Accept: "application/json" },
        // A redirect would carry the token elsewhere: the Graph API does not redirect.
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable(error, timeoutMs);
    }
    let bytes: Buffer;
    try {
      bytes = await readBounded(response, MAX_ANSWER_BYTES, "answer");
    } catch (error) {
      throw error instanceof WhatsAppApiError ? error : unreachable(error, timeoutMs);
    }
    const text = bytes.toString("utf8");
    const json = parseJson(text);
    if (response.status >= 200 && response.status < 300) return { status: response.status, json, text };
    throw graphError(response.status, json);
  }

  return {
    async send(outgoing) {
      const body = messageBody(outgoing);
      const { json } = await call(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const id =
        isRecord(json) && Array.isArray(json.messages) && isRecord(json.messages[0]) ? json.messages[0].id : null;
      if (typeof id !== "string" || id === "" || id.length > 512)
        throw new WhatsAppApiError(
          "WhatsApp took the message but its answer held no message id.",
          null,
          "Unreadable answer",
          "",
          200,
          true,
        );
      return { providerId: id };
    },

    async media(mediaId, maxBytes) {
      if (!/^[\w.-]{1,128}$/.test(mediaId))
        throw new WhatsAppApiError(
          `"${mediaId.slice(0, 40)}" is not a media id.`,
          null,
          "Invalid media id",
          "",
          null,
          false,
        );
      const lookup = new URL(`${config.apiUrl}/${encodeURIComponent(mediaId)}`);
      // Meta then answers only for media sent to this business number.
      lookup.searchParams.set("phone_number_id", config.phoneNumberId);
      const { json } = await call(lookup.href, { method: "GET" });
      if (!isRecord(json) || typeof json.url !== "string")
        throw new WhatsAppApiError(
          "WhatsApp's answer for the media file held no url.",
          null,
          "Unreadable answer",
          "",
          200,
          true,
        );
      const declaredSize = Number(json.file_size);
      if (Number.isFinite(declaredSize) && declaredSize > maxBytes) throw tooLarge(declaredSize, maxBytes);
      const mimeType = typeof json.mime_type === "string" ? json.mime_type.slice(0, 200) : "";
      const givenSha256 = typeof json.sha256 === "string" ? json.sha256 : null;
      const bytes = await download(json.url, maxBytes);
      const sha256 = createHash("sha256").update(bytes).digest();
      if (givenSha256 && givenSha256 !== sha256.toString("hex") && givenSha256 !== sha256.toString("base64"))
        throw new WhatsAppApiError(
          "The media file downloaded does not match the checksum WhatsApp gave for it.",
          null,
          "Checksum mismatch",
          "",
          200,
          true,
        );
      return { bytes, mimeType, sha256: sha256.toString("hex") } satisfies WhatsAppMedia;
    },
  };

  /** The media url's bytes, with the token, following a redirect only within the same host. */
  async function download(address: string, maxBytes: number): Promise<Buffer> {
    let url = safeMediaUrl(address, apiOrigin);
    const signal = AbortSignal.timeout(mediaTimeoutMs);
    for (let redirects = 0; ; redirects++) {
      let response: Response;
      try {
        response = await doFetch(url, { headers: { Authorization: authorization }, redirect: "manual", signal });
      } catch (error) {
        throw unreachable(error, mediaTimeoutMs);
      }
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        const next = new URL(location, url);
        if (next.origin !== url.origin || redirects >= MAX_REDIRECTS)
          throw new WhatsAppApiError(
            `WhatsApp's media url redirected to ${next.host}; the token is not sent there.`,
            null,
            "Media redirected elsewhere",
            "",
            response.status,
            false,
          );
        url = next;
        continue;
      }
      if (response.status !== 200) {
        const text = await readBounded(response, MAX_ANSWER_BYTES, "answer").then(
          (bytes) => bytes.toString("utf8"),
          () => "",
        );
        throw graphError(response.status, parseJson(text));
      }
      try {
        return await readBounded(response, maxBytes, "media");
      } catch (error) {
        throw error instanceof WhatsAppApiError ? error : unreachable(error, mediaTimeoutMs);
      }
    }
  }
}

/** The channel's sender for the outbox: WhatsApp's message id is the provider's id. */
export function whatsappSender(api: WhatsAppApi): ChannelSender<WhatsAppOutgoing> {
  return { send: (outgoing) => api.send(outgoing) };
}

/** The JSON the Cloud API takes for a message; refuses (not retryable) what WhatsApp would refuse anyway. */
export function messageBody(outgoing: WhatsAppOutgoing): Record<string, unknown> {
  const invalid = (message: string) => new WhatsAppApiError(message, null, "Invalid message", "", null, false);
  if (!/^\d{6,20}$/.test(outgoing.to)) throw invalid(`"${outgoing.to.slice(0, 30)}" is not a WhatsApp number.`);
  const head = { messaging_product: "whatsapp", recipient_type: "individual", to: outgoing.to };
  if (outgoing.type === "text") {
    if (outgoing.text.trim() === "") throw invalid("The message is empty.");
    if (outgoing.text.length > MAX_TEXT_CHARS)
      throw invalid(`The message is ${outgoing.text.length} characters; WhatsApp takes at most ${MAX_TEXT_CHARS}.`);
    return { ...head, type: "text", text: { preview_url: false, body: outgoing.text } };
  }
  const { name, language, bodyParameters } = outgoing.template;
  if (!/^[a-z0-9_]{1,512}$/.test(name)) throw invalid(`"${name.slice(0, 60)}" is not a template name.`);
  return {
    ...head,
    type: "template",
    template: {
      name,
      language: { code: language },
      ...(bodyParameters.length > 0
        ? {
            components: [
              {
                type: "body",
                // WhatsApp refuses a template parameter with a line break, a tab or more than four spaces in a row.
                parameters: bodyParameters.map((text) => ({ type: "text", text: templateText(text) })),
              },
            ],
          }
        : {}),
    },
  };
}

const templateText = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {4,}/g, "   ")
    .trim() || "-";

/** Meta's `{ error: { message, type, code, error_subcode, error_data: { details }, fbtrace_id } }` as an error. */
function graphError(httpStatus: number, json: unknown): WhatsAppApiError {
  const error = isRecord(json) && isRecord(json.error) ? json.error : null;
  const code = error && typeof error.code === "number" && Number.isInteger(error.code) ? error.code : null;
  const rawMessage = error && typeof error.message === "string" ? error.message.slice(0, 500) : "";
  const userTitle = error && typeof error.error_user_title === "string" ? error.error_user_title.slice(0, 200) : "";
  const title = userTitle || rawMessage.replace(/^\(#\d+\)\s*/, "") || `HTTP ${httpStatus}`;
  const data = error && isRecord(error.error_data) ? error.error_data : null;
  const details =
    data && typeof data.details === "string"
      ? data.details.slice(0, 1000)
      : error && typeof error.error_user_msg === "string"
        ? error.error_user_msg.slice(0, 1000)
        : "";
  const fbtraceId = error && typeof error.fbtrace_id === "string" ? error.fbtrace_id.slice(0, 100) : null;
  const retryable = isRetryable(code, httpStatus);
  const token = (code !== null && TOKEN_CODES.has(code)) || (code === null && httpStatus === 401);
  const said =
    `${title}${code !== null ? ` (${code})` : ""}${details && details !== title ? `: ${details}` : ""}`.replace(
      /\.+$/,
      "",
    );
  const message = token
    ? `WhatsApp refused the access token (WHATSAPP_TOKEN): ${said}. Messages wait until the token is replaced.`
    : `WhatsApp refused the call: ${said}.`;
  return new WhatsAppApiError(message, code, title, details, httpStatus, retryable, fbtraceId);
}

function unreachable(error: unknown, timeoutMs: number): WhatsAppApiError {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError")
    return new WhatsAppApiError(
      `WhatsApp did not answer within ${timeoutMs / 1000} s.`,
      null,
      "No answer",
      "",
      null,
      true,
    );
  const code = causeCode(error);
  const reason = code ?? (error instanceof Error ? error.message : String(error)).slice(0, 200);
  return new WhatsAppApiError(`WhatsApp could not be reached (${reason}).`, null, "Unreachable", "", null, true);
}

/** `size` null: the download passed the bound before its end, so its size is not known. */
const tooLarge = (size: number | null, maxBytes: number) =>
  new WhatsAppApiError(
    `The file is ${size === null ? "larger than" : `${megabytes(size)}, more than`} the ${megabytes(maxBytes)} the desk keeps.`,
    null,
    "Media too large",
    "",
    null,
    false,
  );

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The domains Meta serves WhatsApp media from ("https://lookaside.fbsbx.com/whatsapp_business/attachments/…"):
 * the token goes with the download, so to them and nowhere else.
 */
const META_MEDIA_DOMAINS = ["fbsbx.com", "facebook.com", "fbcdn.net", "whatsapp.net"] as const;

const isMetaHost = (hostname: string) =>
  META_MEDIA_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));

/** Only an https url on Meta's media hosts (or WHATSAPP_API_URL's own origin: the stand-in in tests). */
function safeMediaUrl(address: string, apiOrigin: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WhatsAppApiError("WhatsApp's media url is not a url.", null, "Unreadable answer", "", 200, false);
  }
  if (url.protocol !== "https:" && url.origin !== apiOrigin)
    throw new WhatsAppApiError(
      `WhatsApp's media url is not https (${url.protocol}); the token is not sent over it.`,
      null,
      "Media url refused",
      "",
      200,
      false,
    );
  if (url.username || url.password)
    throw new WhatsAppApiError("WhatsApp's media url holds credentials.", null, "Media url refused", "", 200, false);
  if (url.origin !== apiOrigin && !isMetaHost(url.hostname))
    throw new WhatsAppApiError(
      `WhatsApp's media url is on ${url.hostname}, not one of Meta's hosts; the token is not sent there.`,
      null,
      "Media url refused",
      "",
      200,
      false,
    );
  return url;
}

/** The body up to `maxBytes`: refused by its Content-Length first, else cut off as soon as it passes the bound. */
async function readBounded(response: Response, maxBytes: number, what: "answer" | "media"): Promise<Buffer> {
  const refuse = (size: number | null) =>
    what === "media"
      ? tooLarge(size, maxBytes)
      : new WhatsAppApiError(
          `WhatsApp's answer was larger than ${maxBytes / 1024} KB, which is not the API's answer.`,
          null,
          "Answer too large",
          "",
          response.status,
          true,
        );
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw refuse(declared);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw refuse(null);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function causeCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (isRecord(current) && typeof current.code === "string") return current.code;
    current = isRecord(current) ? current.cause : undefined;
  }
  return null;
}
