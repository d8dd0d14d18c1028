import { createContext, useContext } from 'react'

// The CSP nonce is only known on the server; in the browser it reads as ''.
const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
