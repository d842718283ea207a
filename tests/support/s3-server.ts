import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The backup tests' S3 stand-in: a small HTTP server answering the calls the backup makes (PutObject,
// GetObject, HeadObject, ListObjectsV2 with a prefix, DeleteObject), path-style (`/bucket/key`), as S3
// answers them. Every request must carry an AWS Signature V4 made with the access key and secret it was
// started with, or it is refused as S3 refuses it (403 InvalidAccessKeyId / SignatureDoesNotMatch).
// Objects are kept in memory.

export type S3Server = {
  /** http://127.0.0.1:port, for BACKUP_S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's keys and bytes now. */
  objects: Map<string, Buffer>;
  /** Requests refused for their signature so far. */
  refused(): number;
  stop(): Promise<void>;
};

type Options = { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string; pageSize?: number };

export async function startS3Server(options: Options = {}): Promise<S3Server> {
  const bucket = options.bucket ?? "promo-backup";
  const region = options.region ?? "us-east-1";
  const accessKeyId = options.accessKeyId ?? `AKIA${randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = options.secretAccessKey ?? randomBytes(20).toString("base64");
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, Buffer>();
  let refusals = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        answer(request, response, Buffer.concat(chunks));
      } catch (error) {
        fault(response, 500, "InternalError", String(error));
      }
    });
  });

  function answer(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const problem = signatureProblem(request, url, body, { accessKeyId, secretAccessKey, region });
    if (problem) {
      refusals++;
      return fault(response, 403, problem.code, problem.message);
    }
    const [, bucketName = "", ...keyParts] = url.pathname.split("/");
    const key = keyParts.map(decodeURIComponent).join("/");
    if (decodeURIComponent(bucketName) !== bucket)
      return fault(response, 404, "NoSuchBucket", "The specified bucket does not exist");
    const method = request.method ?? "GET";
    if (!key) {
      if (method === "GET" && url.searchParams.get("list-type") === "2") return list(url, response);
      return fault(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
    switch (method) {
      case "PUT": {
        objects.set(key, body);
        response.writeHead(200, { ETag: etag(body) }).end();
        return;
      }
      case "GET":
      case "HEAD": {
        const data = objects.get(key);
        if (!data) {
          if (method === "HEAD") return void response.writeHead(404).end();
          return fault(response, 404, "NoSuchKey", "The specified key does not exist.");
        }
        response.writeHead(200, {
          "Content-Type": "application/octet-stream",
          "Content-Length": data.length,
          ETag: etag(data),
          "Last-Modified": new Date().toUTCString(),
        });
        response.end(method === "GET" ? data : undefined);
        return;
      }
      case "DELETE":
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        return fault(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  function list(url: URL, response: ServerResponse) {
    const prefix = url.searchParams.get("prefix") ?? "";
    const maxKeys = Math.min(Number(url.searchParams.get("max-keys") ?? 1000), pageSize);
    const after = url.searchParams.get("continuation-token") ?? url.searchParams.get("start-after") ?? "";
    const all = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = all.slice(0, maxKeys);
    const truncated = all.length > page.length;
    const contents = page
      .map(
        (key) =>
          `<Contents><Key>${xml(key)}</Key><LastModified>${new Date().toISOString()}</LastModified>` +
          `<ETag>${xml(etag(objects.get(key)!))}</ETag><Size>${objects.get(key)!.length}</Size>` +
          `<StorageClass>STANDARD</StorageClass></Contents>`,
      )
      .join("");
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
      (truncated ? `<NextContinuationToken>${xml(page.at(-1)!)}</NextContinuationToken>` : "") +
      `</ListBucketResult>`;
    response.writeHead(200, { "Content-Type": "application/xml" }).end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    refused: () => refusals,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const etag = (data: Buffer) => `"${createHash("md5").update(data).digest("hex")}"`;
const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function fault(response: ServerResponse, status: number, code: string, message: string) {
  response
    .writeHead(status, { "Content-Type": "application/xml" })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`,
    );
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters percent-encoded. */
const strictEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Checks the Authorization header as S3 does (header-signed requests); the reason when it fails. */
function signatureProblem(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): { code: string; message: string } | null {
  const header = request.headers.authorization ?? "";
  const parsed =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!parsed) return { code: "AccessDenied", message: "Access Denied: no AWS Signature Version 4." };
  const [, accessKey, date, region, signedHeaderList, signature] = parsed as unknown as string[];
  if (accessKey !== keys.accessKeyId)
    return { code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (!amzDate.startsWith(date!) || !payloadHash)
    return { code: "AccessDenied", message: "x-amz-date and x-amz-content-sha256 are required." };
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body))
    return { code: "XAmzContentSHA256Mismatch", message: "The provided 'x-amz-content-sha256' header does not match." };
  const signedHeaders = signedHeaderList!.split(";");
  if (!signedHeaders.includes("host")) return { code: "AccessDenied", message: "The host header must be signed." };
  const rawQuery = (request.url ?? "").split("?")[1] ?? "";
  const query = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value.replace(/\+/g, " ")))];
    })
    .sort(([a, av], [b, bv]) => (a! < b! ? -1 : a! > b! ? 1 : av! < bv! ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${String(text).trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaderList, payloadHash].join(
    "\n",
  );
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date!), region!), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest();
  const given = Buffer.from(signature!, "hex");
  if (region !== keys.region || !timingSafeEqual(expected, given))
    return {
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  return null;
}
