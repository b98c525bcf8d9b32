import { createContext, useContext } from "react";

/** The CSP nonce of this response, for inline scripts the server renders. Empty in the browser. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
