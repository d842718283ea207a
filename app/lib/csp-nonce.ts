import { createContext, useContext } from "react";

declare module "react-router" {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response (server-rendered responses only). */
    cspNonce?: string;
  }
}

/**
 * The CSP nonce of the response being rendered on the server. Prerendered pages and the browser have
 * none: prerendered HTML is allowed by script hashes (server/csp.ts), and the browser hides nonces.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
