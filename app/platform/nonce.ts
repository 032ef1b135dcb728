import { createContext, useContext } from "react";

// The CSP nonce of this response; empty in the browser, where scripts are already running.
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
