import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { BodyCutOff, BodyLimit, BodyTooLarge, bodyLimitFor, refuseBody } from "./body-limits";

/** Headers sent on every response that a route may send a value of its own for, which then replaces ours. */
export const routeOwnHeaders = new Set([
  "content-security-policy",
  "cross-origin-resource-policy",
  "referrer-policy",
  "x-content-type-options",
]);

/**
 * Hands a request to React Router (its `createRequestHandler`, the entry point for a server of one's
 * own) and sends its answer. What @react-router/express does, plus two things the server needs: the
 * body reaches a route only through `BodyLimit`, so no route reads more than its path's limit
 * however the body is sent; and a route's own value of one of `routeOwnHeaders` replaces the
 * site-wide one instead of going out beside it (a doubled Cross-Origin-Resource-Policy is ignored).
 * A route that answers before the whole body came (a redirect to sign in, a 404, a form refused at
 * its first fault) answers with Connection: close: what is left of that body is still being read or
 * drained, so the client must not send its next request on the same connection.
 */
export function reactRouterHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(webRequest(req, res), getLoadContext(req, res));
      if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
      await sendWebResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The web Request a route sees for an Express request: its body read through `BodyLimit`, and a body
 * that ends before it is complete (the client gone, the connection reset, fewer bytes than declared)
 * fails the route's read at once, so whatever the route wrote for it is removed then, not left waiting.
 */
export function webRequest(req: Request, res: Response): globalThis.Request {
  // As @react-router/express builds it: the host without anything that could start a path or a user.
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const port = /:(\d+)$/.exec(req.host ?? "")?.[1];
  const url = `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const limit = bodyLimitFor(req.method, req.path);
    const body = req.pipe(new BodyLimit(limit));
    body.on("error", (error) => {
      if (!(error instanceof BodyTooLarge)) return;
      // Nothing more of it is read: the route's read fails, and the connection ends after this answer.
      // The request counts as aborted, as it is for React Router, which then logs no error for it.
      req.unpipe(body);
      req.pause();
      refuseBody(res, limit);
      controller.abort();
    });
    // A piped stream does not pass on its source's end: a body cut off would leave the route waiting.
    req.once("close", () => {
      if (!req.complete) body.destroy(new BodyCutOff());
    });
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new globalThis.Request(url, init);
}

async function sendWebResponse(res: Response, response: globalThis.Response) {
  if (res.headersSent || res.destroyed) {
    await response.body?.cancel();
    return;
  }
  // Node's documented reason-phrase setting for implicit headers (as @react-router/express does); writeHead
  // instead would mark the headers sent at once, before the body-limit refusal could still answer.
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (routeOwnHeaders.has(name)) res.setHeader(name, value);
    else res.append(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
