import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import siteStylesheet from "./app.css?inline";
import { NonceContext } from "./lib/csp-nonce";
import { pathForLog } from "./lib/log-redaction";
import { cspNonceContext } from "./lib/request-context";
import { StylesheetContext } from "./lib/inline-stylesheet";

// React Router's default Node entry, plus: the CSP nonce (every inline script React Router writes into
// a server-rendered page carries it), the stylesheet written into the page (app/lib/inline-stylesheet.tsx),
// pages sent whole rather than streamed, and every missing path logged. Prerendered pages are rendered here too, at build.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (responseStatusCode === 404) {
    console.error("404 Error: User attempted to access non-existent route:", pathForLog(request.url));
  }
  const nonce = loadContext.get(cspNonceContext) ?? undefined;

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
        // Every page is sent whole: no page waits on slow data, and a whole page fits its first round
        // trip where a streamed one would carry React's out-of-order scripts and their CSP hashes.
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
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
