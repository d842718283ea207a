import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered on the server. Prerendered pages and the browser have
 * none: prerendered HTML is allowed by script hashes (server/csp.ts), and the browser hides nonces.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
