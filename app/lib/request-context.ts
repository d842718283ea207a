import { createContext, RouterContextProvider } from "react-router";

// What the server knows of a request before React Router sees it, as typed route contexts
// (React Router's middleware is on: loaders, actions and middleware get a RouterContextProvider).

/**
 * The visitor's IP address, as the server saw it (rate limiting, quote records). `react-router dev`
 * runs without our server and gives every request an empty context: there all visitors count as one.
 */
export const clientIpContext = createContext<string>("unknown");

/** The Content-Security-Policy nonce of this response: none for prerendered pages and `react-router dev`. */
export const cspNonceContext = createContext<string | null>(null);

/** The load context of one request, as server/app.ts hands it to React Router (and tests do too). */
export function requestContext({ clientIp, cspNonce }: { clientIp: string; cspNonce?: string }) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, clientIp);
  if (cspNonce) context.set(cspNonceContext, cspNonce);
  return context;
}
