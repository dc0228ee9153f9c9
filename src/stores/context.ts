/** StoreProvider and useStores(): the root store through React context. */
import { createContext, createElement, useContext, type PropsWithChildren } from 'react'
import { rootStore, type RootStore } from './RootStore'

const StoreContext = createContext<RootStore | null>(null)

export interface StoreProviderProps {
  /** Default: the app's rootStore. */
  store?: RootStore
}

export function StoreProvider({ store, children }: PropsWithChildren<StoreProviderProps>) {
  return createElement(StoreContext.Provider, { value: store ?? rootStore }, children)
}

/** The provided root store; the app's rootStore outside a provider. */
export function useStores(): RootStore {
  return useContext(StoreContext) ?? rootStore
}
