/**
 * Creates the local adapter over this server's chat gateway. On weapp this module is the entry of
 * its own chunk in the TUIKit subpackage (config/weappChatEngine.ts), loaded at run time by
 * ../remote with `require.async`, so LocalEngine and its Taro transport stay out of the main
 * package; on H5 it is a lazy chunk.
 */
import type { ChatEngine } from '../types'
import { engineSlot } from '../slot'
import { LocalEngine } from './LocalEngine'
import { taroTransport } from './taroTransport'

export const createLocalEngine = (): ChatEngine => new LocalEngine(taroTransport)

// On weapp this module is the chunk's entry: running it is how ../remote gets the factory.
engineSlot.create = createLocalEngine
