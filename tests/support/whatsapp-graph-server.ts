import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

// The tests' stand-in for Meta's Graph API as the WhatsApp Cloud API uses it: a small HTTP server that
// takes `POST /v21.0/{phone-number-id}/messages` and the media calls (`GET /v21.0/{media-id}`, then the
// url it gives) and answers as Meta documents, keeping every request it got. It checks the Bearer token
// (OAuthException 190, HTTP 401), the phone number id (100 with subcode 33, as Graph answers an object it
// does not know), the message's shape (100), that a free-form text goes only inside the 24 hours after
// the buyer last wrote (131047; a test opens that window with `openWindow`), and the approved templates
// (132001 for an unknown name or language, 132000 for the wrong number of parameters). A send taken
// answers with a fresh "wamid.…" id. `failNext` makes the next call fail as Meta can.

export const GRAPH_VERSION = "v21.0";

export type GraphRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  /** The body as JSON when it parses, else its text. */
  body: unknown;
};

/** A message the stand-in took, with the id it answered. */
export type TakenMessage = { id: string; to: string; body: Record<string, unknown> };

export type WhatsAppGraphStandIn = {
  /** http://127.0.0.1:port/v21.0, for WHATSAPP_API_URL. */
  url: string;
  /** The token it takes, for WHATSAPP_TOKEN. */
  token: string;
  /** The business number's id, for WHATSAPP_PHONE_NUMBER_ID. */
  phoneNumberId: string;
  /** Every request it took, whatever came of it. */
  sent: GraphRequest[];
  /** Every message it accepted, in order. */
  messages: TakenMessage[];
  /** The approved templates: name → how many body parameters it has (language "en"). */
  templates: Map<string, number>;
  /** The buyer wrote at `at` (now if not given): free-form texts to them are taken for 24 hours after. */
  openWindow(number: string, at?: Date): void;
  /** A media file a buyer sent; its id, for a webhook's `image.id` or `document.id`. */
  addMedia(bytes: Buffer, mimeType: string): string;
  /** The next request is answered with this status and body (Meta's `{ error: {…} }`), or its connection cut. */
  failNext(errorJson: unknown, status: number): void;
  failNext(what: "drop-connection"): void;
  /** The next request is answered only after this long. */
  delayNext(ms: number): void;
  close(): Promise<void>;
};

type Options = {
  token?: string;
  phoneNumberId?: string;
  /** The stand-in's clock, for the 24-hour window. */
  now?: () => Date;
};

/** The templates the README asks to have approved, each with the buyer's name, the reference and the private link. */
export const approvedTemplates: [string, number][] = [
  ["proof_ready", 3],
  ["quotation_sent", 3],
  ["order_dispatched", 3],
  ["invoice_issued", 3],
];

const WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_REQUEST_BYTES = 1024 * 1024;
const DOWNLOAD_PATH = "/whatsapp_business/attachments/";

type Media = { id: string; bytes: Buffer; mimeType: string; sha256: string };

export async function startWhatsAppGraph(options: Options = {}): Promise<WhatsAppGraphStandIn> {
  const token = options.token ?? `EAAG${randomBytes(24).toString("hex")}`;
  const phoneNumberId = options.phoneNumberId ?? "106540352242922";
  const now = options.now ?? (() => new Date());
  const sent: GraphRequest[] = [];
  const messages: TakenMessage[] = [];
  const templates = new Map(approvedTemplates);
  const windows = new Map<string, Date>();
  const media = new Map<string, Media>();
  let failure: { json: unknown; status: number } | "drop-connection" | null = null;
  let delayMs = 0;
  let origin = "";

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
      const url = new URL(request.url ?? "/", origin);
      sent.push({
        method: request.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body: parsed(text),
      });
      const answer = () => {
        if (failure === "drop-connection") {
          failure = null;
          response.socket?.destroy();
          return;
        }
        if (failure) {
          const { json, status } = failure;
          failure = null;
          return sendJson(response, status, json);
        }
        if (size > MAX_REQUEST_BYTES) return sendJson(response, 413, graphError(100, "(#100) Request too large"));
        try {
          handle(request, response, url, text);
        } catch (error) {
          sendJson(response, 500, graphError(131000, "Something went wrong", String(error)));
        }
      };
      const wait = delayMs;
      delayMs = 0;
      if (wait > 0) setTimeout(answer, wait);
      else answer();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  function handle(request: IncomingMessage, response: ServerResponse, url: URL, text: string) {
    if (request.headers.authorization !== `Bearer ${token}`)
      return sendJson(response, 401, {
        error: {
          message: "Invalid OAuth access token - Cannot parse access token",
          type: "OAuthException",
          code: 190,
          fbtrace_id: traceId(),
        },
      });
    const method = request.method ?? "GET";
    if (method === "GET" && url.pathname === DOWNLOAD_PATH) {
      const file = media.get(url.searchParams.get("mid") ?? "");
      if (!file) return sendJson(response, 404, graphError(100, "(#100) Media not found"));
      response.writeHead(200, { "Content-Type": file.mimeType, "Content-Length": file.bytes.length });
      return response.end(file.bytes);
    }
    const [version, id, edge, ...rest] = url.pathname.split("/").slice(1);
    if (version !== GRAPH_VERSION || !id || rest.length > 0) return sendJson(response, 400, unknownPath(url.pathname));
    if (method === "GET" && edge === undefined) {
      const file = media.get(id);
      const asked = url.searchParams.get("phone_number_id");
      if (!file || (asked !== null && asked !== phoneNumberId)) return sendJson(response, 400, unknownObject(id));
      return sendJson(response, 200, {
        messaging_product: "whatsapp",
        url: `${origin}${DOWNLOAD_PATH}?mid=${file.id}&ext=${Math.floor(now().getTime() / 1000)}&hash=${randomBytes(12).toString("hex")}`,
        mime_type: file.mimeType,
        sha256: file.sha256,
        file_size: file.bytes.length,
        id: file.id,
      });
    }
    if (method === "POST" && edge === "messages") {
      if (id !== phoneNumberId) return sendJson(response, 400, unknownObject(id));
      return send(response, parsed(text));
    }
    return sendJson(response, 400, unknownPath(url.pathname));
  }

  function send(response: ServerResponse, body: unknown) {
    const invalid = (details: string) => sendJson(response, 400, graphError(100, "(#100) Invalid parameter", details));
    if (!isRecord(body)) return invalid("The request body is not JSON.");
    if (body.messaging_product !== "whatsapp")
      return invalid("The parameter messaging_product is required and must be 'whatsapp'.");
    if (body.recipient_type !== undefined && body.recipient_type !== "individual")
      return invalid("Param recipient_type must be one of {INDIVIDUAL, GROUP}.");
    if (typeof body.to !== "string" || !/^\+?\d{6,20}$/.test(body.to))
      return invalid("The parameter to is required and must be a phone number.");
    const to = body.to.replace(/^\+/, "");
    if (body.type === "text") {
      const content = body.text;
      if (!isRecord(content) || typeof content.body !== "string" || content.body.trim() === "")
        return invalid("The parameter text['body'] is required.");
      if (content.body.length > 4096) return invalid("Param text['body'] must be at most 4096 characters long.");
      if (content.preview_url !== undefined && typeof content.preview_url !== "boolean")
        return invalid("Param text['preview_url'] must be a boolean.");
      const wrote = windows.get(to);
      if (!wrote || now().getTime() - wrote.getTime() >= WINDOW_MS)
        return sendJson(
          response,
          400,
          graphError(
            131047,
            "(#131047) Re-engagement message",
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
          ),
        );
      return accepted(response, to, body, false);
    }
    if (body.type === "template") {
      const template = body.template;
      if (!isRecord(template) || typeof template.name !== "string")
        return invalid("The parameter template['name'] is required.");
      const language = isRecord(template.language) ? template.language.code : undefined;
      if (typeof language !== "string") return invalid("The parameter template['language']['code'] is required.");
      const expected = templates.get(template.name);
      if (expected === undefined || language !== "en")
        return sendJson(
          response,
          404,
          graphError(
            132001,
            "(#132001) Template name does not exist in the translation",
            `template name (${template.name}) does not exist in ${language}`,
          ),
        );
      const components = template.components === undefined ? [] : template.components;
      if (!Array.isArray(components)) return invalid("Param template['components'] must be an array.");
      const bodyComponent = components.find((component) => isRecord(component) && component.type === "body") as
        Record<string, unknown> | undefined;
      const parameters = bodyComponent?.parameters ?? [];
      if (!Array.isArray(parameters)) return invalid("Param template['components'][0]['parameters'] must be an array.");
      if (parameters.length !== expected)
        return sendJson(
          response,
          400,
          graphError(
            132000,
            "(#132000) Number of parameters does not match the expected number of params",
            `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
          ),
        );
      for (const parameter of parameters)
        if (
          !isRecord(parameter) ||
          parameter.type !== "text" ||
          typeof parameter.text !== "string" ||
          parameter.text.trim() === "" ||
          /[\n\t]| {5,}/.test(parameter.text)
        )
          return sendJson(
            response,
            400,
            graphError(
              132018,
              "(#132018) There was an issue with the parameters in your template.",
              "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
            ),
          );
      return accepted(response, to, body, true);
    }
    return invalid(`Unsupported message type ${JSON.stringify(body.type ?? null)} for this stand-in.`);
  }

  function accepted(response: ServerResponse, to: string, body: Record<string, unknown>, template: boolean) {
    const id = `wamid.${Buffer.from(`${to}${randomUUID()}`).toString("base64")}`;
    messages.push({ id, to, body });
    return sendJson(response, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id, ...(template ? { message_status: "accepted" } : {}) }],
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/${GRAPH_VERSION}`,
    token,
    phoneNumberId,
    sent,
    messages,
    templates,
    openWindow(number, at = now()) {
      windows.set(number.replace(/^\+/, ""), at);
    },
    addMedia(bytes, mimeType) {
      const id = String(1_000_000_000_000_000 + media.size * 7919 + Math.floor(Math.random() * 1000));
      media.set(id, { id, bytes, mimeType, sha256: createHash("sha256").update(bytes).digest("hex") });
      return id;
    },
    failNext(what: unknown, status?: number) {
      failure = what === "drop-connection" ? "drop-connection" : { json: what, status: status ?? 500 };
    },
    delayNext(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Graph's error body for a WhatsApp error code. */
export function graphError(code: number, message: string, details?: string) {
  return {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(details === undefined ? {} : { error_data: { messaging_product: "whatsapp", details } }),
      fbtrace_id: traceId(),
    },
  };
}

const unknownObject = (id: string) => ({
  error: {
    message: `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: "GraphMethodException",
    code: 100,
    error_subcode: 33,
    fbtrace_id: traceId(),
  },
});

const unknownPath = (path: string) => ({
  error: { message: `Unknown path components: ${path}`, type: "OAuthException", code: 2500, fbtrace_id: traceId() },
});

const traceId = () => randomBytes(9).toString("base64").replace(/[+/=]/g, "A");

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response
    .writeHead(status, { "Content-Type": "application/json; charset=UTF-8", "Content-Length": Buffer.byteLength(text) })
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
