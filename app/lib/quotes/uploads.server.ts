import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { designFields, type LogoType, uploadLimits } from "~/lib/upload-rules";
import { reencodeRaster, SNIFF_BYTES, type SniffedType, sniffType } from "./images.server";
import type { AttachmentRole } from "./store.server";
import { cleanSvg, looksLikeXml } from "./svg.server";

/** A refused request: the status, and what the form shows. */
export type UploadProblem = { status: 400 | 413 | 415 | 422; code: string; title: string; message: string };

/** A file as received, in the incoming folder, its type known from its first bytes only. */
export type ReceivedFile = {
  role: AttachmentRole;
  path: string;
  sniffed: SniffedType;
  bytes: number;
  originalName: string;
};

/** The checked copy of a file: the only thing stored and mailed. */
export type CheckedFile = { role: AttachmentRole; mediaType: LogoType; data: Buffer; originalName: string };

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const roleName = { logo: "Logo", mockup: "Mockup" } as const;

/** Every refusal, worded for the buyer. */
export const uploadProblems = {
  requestTooLarge: {
    status: 413,
    code: "request_too_large",
    title: "Request too large",
    message: `The request is too large: files and text together may be at most ${megabytes(uploadLimits.requestBytes)}.`,
  },
  fileTooLarge: (role: AttachmentRole, limit: number): UploadProblem => ({
    status: 413,
    code: `${role}_too_large`,
    title: `${roleName[role]} too large`,
    message: `${roleName[role]} too large: at most ${megabytes(limit)}${role === "logo" && limit === uploadLimits.svgBytes ? " for an SVG" : ""}.`,
  }),
  textTooLarge: {
    status: 413,
    code: "payload_too_large",
    title: "Request too large",
    message: "The text of the request is too long.",
  },
  tooManyFiles: {
    status: 400,
    code: "too_many_files",
    title: "Too many files",
    message: `Too many files: attach at most ${uploadLimits.files}, one logo and one mockup.`,
  },
  unexpectedFile: {
    status: 400,
    code: "unexpected_file",
    title: "Unexpected file",
    message: "Only a logo and a design mockup can be attached to a quote request.",
  },
  logoType: {
    status: 415,
    code: "logo_type",
    title: "Logo type not accepted",
    message: "Your logo must be an SVG, PNG, JPEG or WebP image.",
  },
  mockupType: {
    status: 415,
    code: "mockup_type",
    title: "Mockup type not accepted",
    message: "The design mockup must be a PNG image.",
  },
  unreadable: (role: AttachmentRole): UploadProblem => ({
    status: 422,
    code: `${role}_unreadable`,
    title: `${roleName[role]} could not be read`,
    message: `Your ${role} could not be read: the file is damaged or incomplete. Please export it again and attach the new file.`,
  }),
  tooManyPixels: (role: AttachmentRole): UploadProblem => ({
    status: 422,
    code: `${role}_too_many_pixels`,
    title: `${roleName[role]} too large`,
    message: `Your ${role} has too many pixels: at most ${uploadLimits.pixels / 1_000_000} megapixels.`,
  }),
  svgDeclarations: {
    status: 422,
    code: "svg_declarations",
    title: "SVG not accepted",
    message:
      "Your SVG logo contains a DOCTYPE or entity declarations, which we do not accept. Please export it again as plain SVG.",
  },
  svgTooComplex: {
    status: 422,
    code: "svg_too_complex",
    title: "SVG too complex",
    message:
      "Your SVG logo is nested too deeply or has too many elements for a logo. Please export it again simplified, or attach a PNG.",
  },
  design: {
    status: 400,
    code: "design_invalid",
    title: "Design not readable",
    message: "The design sent with the request could not be read.",
  },
  unreadableBody: {
    status: 400,
    code: "unreadable_body",
    title: "Unreadable request",
    message: "The request body could not be read.",
  },
} as const satisfies Record<string, UploadProblem | ((...args: never[]) => UploadProblem)>;

/** Text in a multipart request: the same 64 KB in all as a form sent without files, the design at most 8 KB. */
export const textLimits = { totalBytes: 64 * 1024, designBytes: 8 * 1024, fields: 20 } as const;

export type MultipartRead =
  | { ok: true; fields: Map<string, string>; files: ReceivedFile[] }
  | { ok: false; problem: UploadProblem; files: ReceivedFile[]; fields: Map<string, string> };

/**
 * Reads a multipart quote request, streaming each file to its own file in `incomingDir` and
 * refusing the request as soon as it passes a limit (it is then read no further). Text fields are
 * kept in memory within `textLimits`. The caller removes the received files (`discardReceived`).
 */
export async function readMultipart(request: Request, incomingDir: string): Promise<MultipartRead> {
  const lengthHeader = request.headers.get("content-length");
  const declared = lengthHeader === null || lengthHeader.trim() === "" ? Number.NaN : Number(lengthHeader);
  if (Number.isFinite(declared) && declared > uploadLimits.requestBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, problem: uploadProblems.requestTooLarge, files: [], fields: new Map() };
  }
  const fields = new Map<string, string>();
  const files: ReceivedFile[] = [];
  if (!request.body) return { ok: true, fields, files };
  await mkdir(incomingDir, { recursive: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: {
        files: uploadLimits.files,
        fileSize: uploadLimits.logoBytes + 1, // a backstop: each file's own limit is checked below
        fields: textLimits.fields,
        fieldSize: textLimits.totalBytes,
        parts: textLimits.fields + uploadLimits.files,
      },
    });
  } catch {
    return { ok: false, problem: uploadProblems.unreadableBody, files, fields };
  }

  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  return new Promise<MultipartRead>((resolve) => {
    let settled = false;
    let received = 0;
    let textBytes = 0;
    const writes: Promise<unknown>[] = [];
    const roles = new Set<string>();

    function refuse(problem: UploadProblem) {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      parser.removeAllListeners();
      parser.on("error", () => undefined);
      parser.destroy();
      // What a browser declared (at most the request limit) is read to its end and thrown away, so it
      // gets to read the answer; a body longer than it said, or of no declared length, is cut off.
      if (Number.isFinite(declared) && received <= declared) source.resume();
      else source.destroy();
      void Promise.allSettled(writes).then(() => resolve({ ok: false, problem, files, fields }));
    }

    source.on("data", (chunk: Uint8Array) => {
      received += chunk.byteLength;
      if (received > uploadLimits.requestBytes || (Number.isFinite(declared) && received > declared)) {
        source.destroy();
        refuse(uploadProblems.requestTooLarge);
      }
    });
    source.on("error", () => refuse(uploadProblems.unreadableBody));

    parser.on("field", (name, value, info) => {
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > textLimits.totalBytes) return refuse(uploadProblems.textTooLarge);
      if (name === designFields.design && Buffer.byteLength(value) > textLimits.designBytes)
        return refuse(uploadProblems.textTooLarge);
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on("fieldsLimit", () => refuse(uploadProblems.textTooLarge));
    parser.on("partsLimit", () => refuse(uploadProblems.textTooLarge));
    parser.on("filesLimit", () => refuse(uploadProblems.tooManyFiles));

    parser.on("file", (name, stream, info) => {
      // A refused request ends its parser, which ends the file being read with an error: expected.
      stream.on("error", () => undefined);
      if (name !== designFields.logo && name !== designFields.mockup) {
        stream.resume();
        return refuse(uploadProblems.unexpectedFile);
      }
      const role: AttachmentRole = name;
      if (roles.has(role)) {
        stream.resume();
        return refuse(uploadProblems.tooManyFiles);
      }
      roles.add(role);
      const path = join(incomingDir, `${randomUUID()}.upload`);
      const file: ReceivedFile = { role, path, sniffed: "other", bytes: 0, originalName: displayName(info.filename) };
      files.push(file);
      const check = new FileCheck(role, file);
      writes.push(
        pipeline(stream, check, createWriteStream(path, { flags: "wx" })).catch((error: unknown) => {
          stream.resume();
          refuse(error instanceof RefusedUpload ? error.problem : uploadProblems.unreadableBody);
        }),
      );
    });

    parser.on("error", () => refuse(uploadProblems.unreadableBody));
    parser.on("close", () => {
      void Promise.allSettled(writes).then(() => {
        if (settled) return;
        settled = true;
        // A file input left empty on the page without JavaScript still sends a part: no file.
        const sent = files.filter((file) => file.bytes > 0 || file.originalName);
        const empty = sent.find((file) => file.bytes === 0);
        if (empty) return resolve({ ok: false, problem: uploadProblems.unreadable(empty.role), files, fields });
        resolve({ ok: true, fields, files });
      });
    });

    source.pipe(parser);
  });
}

class RefusedUpload extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.message);
  }
}

/** Counts a file's bytes against its limit, and finds its type in its first bytes. */
class FileCheck extends Transform {
  /** The first bytes, held until the type is known; null after. */
  private head: Buffer[] | null = [];
  private headBytes = 0;
  private limit: number = uploadLimits.logoBytes;

  constructor(
    private readonly role: AttachmentRole,
    private readonly file: ReceivedFile,
  ) {
    super();
    if (role === "mockup") this.limit = uploadLimits.mockupBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.file.bytes += chunk.byteLength;
    if (this.file.bytes > this.limit)
      return callback(new RefusedUpload(uploadProblems.fileTooLarge(this.role, this.limit)));
    if (this.head) {
      this.head.push(chunk);
      this.headBytes += chunk.byteLength;
      if (this.headBytes < SNIFF_BYTES) return callback();
      return void this.decide().then(() => callback(), callback);
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.head && this.headBytes > 0) return void this.decide().then(() => callback(), callback);
    callback();
  }

  /** Once the first bytes are in: the type, and with it the limit (an SVG's is smaller). */
  private async decide() {
    const head = Buffer.concat(this.head ?? []);
    this.head = null;
    const sniffed = await sniffType(head);
    this.file.sniffed = sniffed;
    if (this.role === "mockup" && sniffed !== "image/png") throw new RefusedUpload(uploadProblems.mockupType);
    if (sniffed === "other" || (sniffed === "text" && !looksLikeXml(head)))
      throw new RefusedUpload(uploadProblems.logoType);
    if (sniffed === "text") this.limit = uploadLimits.svgBytes;
    if (this.file.bytes > this.limit) throw new RefusedUpload(uploadProblems.fileTooLarge(this.role, this.limit));
    this.push(head);
  }
}

/** The checked copies of the files received, or the first problem found. */
export async function checkReceived(
  files: ReceivedFile[],
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; problem: UploadProblem }> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (file.bytes === 0) continue;
    const base = { role: file.role, originalName: file.originalName };
    if (file.sniffed === "text") {
      const svg = await cleanSvg(await readFile(file.path));
      if (!svg.ok) {
        const problem =
          svg.reason === "declarations"
            ? uploadProblems.svgDeclarations
            : svg.reason === "too_complex"
              ? uploadProblems.svgTooComplex
              : svg.reason === "not_svg"
                ? uploadProblems.logoType
                : uploadProblems.unreadable(file.role);
        return { ok: false, problem };
      }
      checked.push({ ...base, mediaType: "image/svg+xml", data: svg.svg });
    } else if (file.sniffed === "image/png" || file.sniffed === "image/jpeg" || file.sniffed === "image/webp") {
      const raster = await reencodeRaster(file.path, file.sniffed);
      if (!raster.ok) {
        return {
          ok: false,
          problem:
            raster.reason === "too_many_pixels"
              ? uploadProblems.tooManyPixels(file.role)
              : uploadProblems.unreadable(file.role),
        };
      }
      checked.push({ ...base, mediaType: file.sniffed, data: raster.data });
    } else {
      return { ok: false, problem: file.role === "mockup" ? uploadProblems.mockupType : uploadProblems.logoType };
    }
  }
  return { ok: true, files: checked };
}

export async function discardReceived(files: ReceivedFile[]) {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

/** The name the buyer's file had, for display only (never used as a path): printable, at most 100 characters. */
export function displayName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return base
    .replace(/[\p{Cc}\p{Cf}"<>]/gu, "")
    .trim()
    .slice(0, 100);
}
