import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { designFields, type LogoType, uploadLimits } from "~/lib/upload-rules";
import { SNIFF_BYTES, type SniffedType, sniffType } from "./images.server";
import type { AttachmentRole } from "./store.server";
import { looksLikeXml } from "./svg.server";
import { type CheckFailure, type UploadChecker, uploadChecker } from "./upload-checker.server";

/** A refused request: the status, and what the form shows. */
export type UploadProblem = { status: 400 | 413 | 415 | 422; code: string; title: string; message: string };

/** A file as received, in the incoming folder, its type known from its first bytes only. */
export type ReceivedFile<Role extends string = AttachmentRole> = {
  role: Role;
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
  notImage: {
    status: 415,
    code: "logo_not_image",
    title: "Logo is not an image",
    message:
      "The file you attached as your logo is not an image. Your logo must be an SVG, PNG, JPEG or WebP image: please attach the logo file itself.",
  },
  logoType: {
    status: 415,
    code: "logo_type",
    title: "Logo type not accepted",
    message:
      "Your logo is an image in a format we do not take (such as GIF, TIFF, HEIC or PDF). Your logo must be an SVG, PNG, JPEG or WebP image: please export it again in one of these.",
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
      "Your SVG logo contains a DOCTYPE with entity declarations, which we do not accept. Please export it again as plain SVG.",
  },
  svgTooComplex: {
    status: 422,
    code: "svg_too_complex",
    title: "SVG too complex",
    message:
      "Your SVG logo is too complex to print: it is nested too deeply or has too many elements for a logo. Please export it again simplified, or attach a PNG.",
  },
  tooSlow: (role: AttachmentRole): UploadProblem => ({
    status: 422,
    code: `${role}_too_slow`,
    title: `${roleName[role]} took too long to check`,
    message: `Your ${role} took too long to check, so we could not take it: it is too complex for a ${role}. Please export it again simplified, or attach a PNG.`,
  }),
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

/**
 * What is read and thrown away of a refused request, so that the browser, which sends its whole body
 * before it reads an answer, gets to show the answer instead of a reset connection: at most this many
 * bytes in all and for this long. Past either, the connection is cut.
 */
export const drainLimits = { bytes: 64 * 1024 * 1024, ms: 30_000 } as const;

/**
 * What a multipart form may carry, and its refusals in its own words: which fields hold files (each
 * role once, or `repeats`), how many and how large, which types by their first bytes.
 */
export type UploadForm<Role extends string> = {
  requestBytes: number;
  files: number;
  /** The role of a file sent in this field, or null for a field that takes none. */
  roleOf(field: string): Role | null;
  /** Whether a role may come more than once (up to `files`). */
  repeats: boolean;
  /** The most a file may hold: before its type is known (`sniffed` null), then for its type. */
  limitOf(role: Role, sniffed: SniffedType | null): number;
  /** Why a file of this type is refused, or null when it is taken. */
  typeProblem(role: Role, sniffed: SniffedType, head: Buffer): UploadProblem | null;
  problems: {
    requestTooLarge: UploadProblem;
    tooManyFiles: UploadProblem;
    unexpectedFile: UploadProblem;
    fileTooLarge(role: Role, limit: number): UploadProblem;
    unreadable(role: Role): UploadProblem;
  };
};

/** The quote form: one logo (SVG, PNG, JPEG or WebP) and one mockup (PNG). */
export const quoteUploadForm: UploadForm<AttachmentRole> = {
  requestBytes: uploadLimits.requestBytes,
  files: uploadLimits.files,
  roleOf: (field) => (field === designFields.logo || field === designFields.mockup ? field : null),
  repeats: false,
  limitOf: (role, sniffed) =>
    role === "mockup" ? uploadLimits.mockupBytes : sniffed === "text" ? uploadLimits.svgBytes : uploadLimits.logoBytes,
  typeProblem(role, sniffed, head) {
    if (role === "mockup" && sniffed !== "image/png") return uploadProblems.mockupType;
    if (sniffed === "other-image") return uploadProblems.logoType;
    if (sniffed === "other" || (sniffed === "text" && !looksLikeXml(head))) return uploadProblems.notImage;
    return null;
  },
  problems: uploadProblems,
};

export type MultipartRead<Role extends string = AttachmentRole> = {
  files: ReceivedFile<Role>[];
  /** Each text field's first value. */
  fields: Map<string, string>;
  /** Every text field as sent, in order, repeated names included. */
  entries: [string, string][];
} & ({ ok: true } | { ok: false; problem: UploadProblem; closing?: boolean });

/** The length a request declares, or NaN. */
export function declaredLength(request: Request): number {
  const header = request.headers.get("content-length");
  return header === null || header.trim() === "" ? Number.NaN : Number(header);
}

/**
 * A body read whole into memory, or null once it passes `maxBytes`: as declared, or counted while
 * reading a body that declares no length (chunked). A refused body is drained in the background, so
 * the browser gets to show the answer. A body that breaks off while being read rejects.
 */
export async function bodyWithin(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  const declared = declaredLength(request);
  if (declared > maxBytes) {
    if (declared > drainLimits.bytes) await request.body?.cancel().catch(() => undefined);
    else if (request.body) drainBody(request.body.getReader());
    return null;
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      drainBody(reader, read);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A form read whole into memory (signed-in staff only), or null once its body passes `maxBytes`. */
export async function formDataWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  const body = await bodyWithin(request, maxBytes);
  if (!body) return null;
  return new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
}

/**
 * Reads what is left of a refused body and throws it away, in the background, within `drainLimits`
 * (counting what was already read); past them the stream is cancelled, which ends the connection.
 */
export function drainBody(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead = 0) {
  let read = alreadyRead;
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), drainLimits.ms);
  timer.unref?.();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        read += value.byteLength;
        if (read > drainLimits.bytes) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // A client gone, or the time limit: nothing left to read.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/**
 * Reads a multipart request, streaming each file to its own file in `incomingDir` and
 * refusing the request as soon as it passes a limit (it is then parsed no further, its rest drained).
 * Text fields are kept in memory within `textLimits`. The caller removes the received files
 * (`discardReceived`).
 */
export async function readMultipart<Role extends string = AttachmentRole>(
  request: Request,
  incomingDir: string,
  form: UploadForm<Role> = quoteUploadForm as unknown as UploadForm<Role>,
): Promise<MultipartRead<Role>> {
  const problems = form.problems;
  const declared = declaredLength(request);
  // Declared over the limit: refused, but read within the drain limits for its text alone (its files
  // are thrown away unwritten), so the page that says so keeps what the buyer typed. Larger, it is
  // not read, and the connection ends.
  const overDeclared = Number.isFinite(declared) && declared > form.requestBytes;
  if (overDeclared && (declared > drainLimits.bytes || !request.body)) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, problem: problems.requestTooLarge, files: [], fields: new Map(), entries: [], closing: true };
  }
  const fields = new Map<string, string>();
  const entries: [string, string][] = [];
  const files: ReceivedFile<Role>[] = [];
  if (!request.body) return { ok: true, fields, entries, files };
  await mkdir(incomingDir, { recursive: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      // File names as browsers send them, in UTF-8 (busboy reads them as latin1 unless told).
      defParamCharset: "utf8",
      limits: {
        files: form.files,
        fileSize: form.requestBytes + 1, // a backstop: each file's own limit is checked below
        fields: textLimits.fields,
        fieldSize: textLimits.totalBytes,
        parts: textLimits.fields + form.files,
      },
    });
  } catch {
    drainBody(request.body.getReader());
    return { ok: false, problem: uploadProblems.unreadableBody, files, fields, entries };
  }

  const reader = request.body.getReader();
  return new Promise<MultipartRead<Role>>((resolve) => {
    let settled = false;
    let received = 0;
    let textBytes = 0;
    const writes: Promise<unknown>[] = [];
    const roles = new Set<string>();
    /** Wakes the reading loop when it waits for busboy to take a chunk. */
    let wake: (() => void) | undefined;

    function refuse(problem: UploadProblem) {
      if (settled) return;
      settled = true;
      wake?.();
      parser.removeAllListeners();
      parser.on("error", () => undefined);
      parser.destroy();
      // Every file's write has ended (its file opened, then closed) before the caller removes them.
      void Promise.allSettled(writes).then(() => resolve({ ok: false, problem, files, fields, entries }));
    }

    // Read by hand rather than piped: a refused body goes on being read (and thrown away) from where
    // parsing stopped, within the drain limits.
    void (async () => {
      try {
        for (;;) {
          if (settled) return drainBody(reader, received);
          const { done, value } = await reader.read();
          if (done) {
            if (!settled) parser.end();
            return;
          }
          received += value.byteLength;
          if (!overDeclared && received > form.requestBytes) {
            refuse(problems.requestTooLarge);
            return drainBody(reader, received);
          }
          if (settled) return drainBody(reader, received);
          // Back-pressure: wait for busboy (and the file writes behind it) to take the chunk.
          if (!parser.write(value))
            await new Promise<void>((ready) => {
              wake = ready;
              parser.once("drain", ready);
            });
        }
      } catch {
        refuse(uploadProblems.unreadableBody);
      }
    })();

    parser.on("field", (name, value, info) => {
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > textLimits.totalBytes) return refuse(uploadProblems.textTooLarge);
      if (name === designFields.design && Buffer.byteLength(value) > textLimits.designBytes)
        return refuse(uploadProblems.textTooLarge);
      entries.push([name, value]);
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on("fieldsLimit", () => refuse(uploadProblems.textTooLarge));
    parser.on("partsLimit", () => refuse(uploadProblems.textTooLarge));
    parser.on("filesLimit", () => refuse(problems.tooManyFiles));

    parser.on("file", (name, stream, info) => {
      // A refused request ends its parser, which ends the file being read with an error: expected.
      stream.on("error", () => undefined);
      if (settled || overDeclared) return void stream.resume();
      const role = form.roleOf(name);
      if (role === null) {
        stream.resume();
        return refuse(problems.unexpectedFile);
      }
      if (roles.has(role) && !form.repeats) {
        stream.resume();
        return refuse(problems.tooManyFiles);
      }
      roles.add(role);
      const path = join(incomingDir, `${randomUUID()}.upload`);
      const file: ReceivedFile<Role> = {
        role,
        path,
        sniffed: "other",
        bytes: 0,
        originalName: displayName(info.filename),
      };
      files.push(file);
      const check = new FileCheck(form, file);
      writes.push(
        (async () => {
          // Opened before anything is written or refused: the file exists by the time its write settles,
          // so removing the request's files afterwards cannot miss one still being created.
          const handle = await open(path, "wx", 0o600);
          await pipeline(stream, check, handle.createWriteStream());
        })().catch((error: unknown) => {
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
        if (overDeclared) return resolve({ ok: false, problem: problems.requestTooLarge, files, fields, entries });
        // A file input left empty on the page without JavaScript still sends a part: no file.
        const sent = files.filter((file) => file.bytes > 0 || file.originalName);
        const empty = sent.find((file) => file.bytes === 0);
        if (empty) return resolve({ ok: false, problem: problems.unreadable(empty.role), files, fields, entries });
        resolve({ ok: true, fields, entries, files });
      });
    });
  });
}

class RefusedUpload extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.message);
  }
}

/** Counts a file's bytes against its limit, and finds its type in its first bytes. */
class FileCheck<Role extends string> extends Transform {
  /** The first bytes, held until the type is known; null after. */
  private head: Buffer[] | null = [];
  private headBytes = 0;
  private limit: number;

  constructor(
    private readonly form: UploadForm<Role>,
    private readonly file: ReceivedFile<Role>,
  ) {
    super();
    this.limit = form.limitOf(file.role, null);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.file.bytes += chunk.byteLength;
    if (this.file.bytes > this.limit)
      return callback(new RefusedUpload(this.form.problems.fileTooLarge(this.file.role, this.limit)));
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
    const problem = this.form.typeProblem(this.file.role, sniffed, head);
    if (problem) throw new RefusedUpload(problem);
    this.limit = this.form.limitOf(this.file.role, sniffed);
    if (this.file.bytes > this.limit)
      throw new RefusedUpload(this.form.problems.fileTooLarge(this.file.role, this.limit));
    this.push(head);
  }
}

/** What the buyer is told when the checker refuses a file. */
function problemFor(reason: CheckFailure, role: AttachmentRole): UploadProblem {
  switch (reason) {
    case "declarations":
      return uploadProblems.svgDeclarations;
    case "too_complex":
      return uploadProblems.svgTooComplex;
    case "not_svg":
    case "not_image":
      return role === "mockup" ? uploadProblems.mockupType : uploadProblems.notImage;
    case "too_many_pixels":
      return uploadProblems.tooManyPixels(role);
    case "timeout":
      return uploadProblems.tooSlow(role);
    case "unreadable":
      return uploadProblems.unreadable(role);
  }
}

/**
 * The checked copies of the files received, or the first problem found. The decoding, checking and
 * cleaning run on the checker's threads, never on the one that answers pages.
 */
export async function checkReceived(
  files: ReceivedFile[],
  checker: UploadChecker = uploadChecker(),
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; problem: UploadProblem }> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (file.bytes === 0) continue;
    const base = { role: file.role, originalName: file.originalName };
    let mediaType: LogoType;
    let result;
    if (file.sniffed === "text") {
      mediaType = "image/svg+xml";
      result = await checker.svg(await readFile(file.path));
    } else if (file.sniffed === "image/png" || file.sniffed === "image/jpeg" || file.sniffed === "image/webp") {
      mediaType = file.sniffed;
      result = await checker.raster(file.path, file.sniffed);
    } else {
      return { ok: false, problem: file.role === "mockup" ? uploadProblems.mockupType : uploadProblems.notImage };
    }
    if (!result.ok) return { ok: false, problem: problemFor(result.reason, file.role) };
    const data = Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength);
    checked.push({ ...base, mediaType, data });
  }
  return { ok: true, files: checked };
}

export async function discardReceived(files: readonly ReceivedFile<string>[]) {
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
