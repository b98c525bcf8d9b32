import { createContext, useContext, type ReactNode } from "react";

/** The CSP nonce of this response, for inline scripts the server renders. Empty in the browser. */
const NonceContext = createContext("");

/** For entry.server.tsx (a function, so the browser bundle leaves it out). */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}
