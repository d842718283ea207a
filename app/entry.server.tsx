import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import siteStylesheet from "./app.css?inline";
import { NonceContext } from "./lib/csp-nonce";
import { deferHydrationStream } from "./lib/defer-hydration";
import { StylesheetContext } from "./lib/inline-stylesheet";

// React Router's default Node entry, plus the CSP nonce: every inline script React or React Router
// writes into a server-rendered response (the 404 page, POST results) carries the response's nonce;
// the stylesheet is written into the page (app/lib/inline-stylesheet.tsx); and hydration waits for
// the page to load (app/lib/defer-hydration.ts). Prerendered pages are
// rendered here too, at build.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={siteStylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        // Every page is sent whole: no page waits on slow data, and a streamed page would carry
        // React's out-of-order scripts (and their CSP hashes) for the loader data's Suspense boundary.
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          const html = pipeline(body, deferHydrationStream({ atOnce: responseStatusCode >= 400 }), (error) => {
            if (error) console.error(error);
          });
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell are logged by React Router; these come later, inside Suspense boundaries.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
