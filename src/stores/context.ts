/** StoreProvider and useStores(): the root store through React context. */
import { createContext, createElement, useContext, type PropsWithChildren } from 'react'
import type { RootStore } from './RootStore'

const StoreContext = createContext<RootStore | null>(null)

export interface StoreProviderProps {
  store: RootStore
}

export function StoreProvider({ store, children }: PropsWithChildren<StoreProviderProps>) {
  return createElement(StoreContext.Provider, { value: store }, children)
}

/** The provided root store (app.ts provides the app's; tests their own). */
export function useStores(): RootStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStores() needs a StoreProvider above it')
  return store
}
