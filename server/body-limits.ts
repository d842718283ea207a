import { Transform, type TransformCallback } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { drainLimits, textLimits } from "~/lib/quotes/uploads.server";
import { MAX_WEBHOOK_BYTES } from "~/lib/whatsapp/webhook-payload";

/**
 * How many bytes of a request body the server reads at most, by path: one table for the whole server.
 * A form without files (sign-in, set-up, a buyer's answer to a proof, anything else) is a few KB. The
 * forms with files stream their files within limits of their own and answer past them with their
 * own message; up to `drainLimits.bytes` they may read a body for its text alone (the quote form's 413
 * page keeps what the buyer typed). Meta's WhatsApp webhook posts JSON larger than a form, read whole
 * to check its signature, within a limit of its own.
 */
export const bodyLimits = {
  default: textLimits.totalBytes,
  larger: [
    { route: "/contact", path: /^\/contact$/, bytes: drainLimits.bytes },
    { route: "/desk/quotes/:reference", path: /^\/desk\/quotes\/[^/]+$/, bytes: drainLimits.bytes },
    // The quality check's photos (app/lib/orders/photos.server.ts).
    { route: "/desk/orders/:reference", path: /^\/desk\/orders\/[^/]+$/, bytes: drainLimits.bytes },
    // A batch of WhatsApp messages and statuses (app/lib/whatsapp/webhook-payload.ts).
    { route: "/webhooks/whatsapp", path: /^\/webhooks\/whatsapp$/, bytes: MAX_WEBHOOK_BYTES },
  ],
} as const;

/**
 * The most a body sent with this method to this path may hold: nothing for GET and HEAD. A page's
 * form sent by React Router's fetcher goes to the page's path with ".data" added, and is the same form.
 */
export function bodyLimitFor(method: string, path: string): number {
  if (method === "GET" || method === "HEAD") return 0;
  const page = path.replace(/\.data$/, "");
  return bodyLimits.larger.find((entry) => entry.path.test(page))?.bytes ?? bodyLimits.default;
}

const declaredLength = (req: Request) => {
  const header = req.headers["content-length"];
  return header === undefined ? undefined : Number(header);
};

/** Whether the request carries a body: a length over zero, or one sent in chunks. */
const hasBody = (req: Request) => {
  const declared = declaredLength(req);
  return declared === undefined ? req.headers["transfer-encoding"] !== undefined : declared > 0;
};

/**
 * The answer to a body over its limit: 413, and the connection closed, so nothing more of it is read.
 * A plain page, since the site's own pages are rendered only for what passed this door.
 */
export function refuseBody(res: Response, limit: number) {
  if (res.headersSent) return;
  const most = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${Math.floor(limit / 1024)} KB`;
  const message = limit === 0 ? "This request may not carry a body." : `A request here may carry at most ${most}.`;
  res
    .status(413)
    .set({ Connection: "close", "Cache-Control": "no-store", "Content-Type": "text/html; charset=utf-8" })
    .end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Request too large</title>` +
        `<h1>Request too large</h1><p>${message}</p></html>`,
    );
}

/**
 * The first thing every request meets: a body whose declared length is over its path's limit is
 * refused before a byte of it is read. A body sent in chunks, which declares no length, is counted
 * as it is read (`BodyLimit`, in the React Router handler).
 */
export function refuseDeclaredOverLimit(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next();
  const limit = bodyLimitFor(req.method, req.path);
  const declared = declaredLength(req);
  // Sent in chunks, a body is counted as it is read; a GET or HEAD may not carry one at all.
  if (declared === undefined ? limit === 0 : declared > limit) {
    refuseBody(res, limit);
    return;
  }
  next();
}

/** Passes a body through, and fails with `BodyTooLarge` as soon as more than `limit` bytes came. */
export class BodyLimit extends Transform {
  private seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) callback(new BodyTooLarge(this.limit));
    else callback(null, chunk);
  }
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Request body over ${limit} bytes`);
  }
}

/** A body that ended before it was complete: the client went away or sent less than it declared. */
export class BodyCutOff extends Error {
  constructor() {
    super("Request body cut off");
  }
}
