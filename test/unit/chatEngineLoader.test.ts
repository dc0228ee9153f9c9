/**
 * loadChatEngine() (src/TUIKit/engine): the adapter the build chose, loaded once on demand: on H5
 * by import(), on weapp by WeChat's require.async of the TUIKit/chat/engine chunk, whose entry
 * (the adapter's load module) leaves its factory in the engine slot. A failed load is forgotten.
 */
import { existsSync } from 'fs'
import { ENGINE_CHUNK, engineEntry } from '../../config/weappChatEngine'
import type { ChatEngine } from '@/TUIKit/engine/types'

type Loader = typeof import('@/TUIKit/engine')
type RequireAsync = jest.Mock<Promise<unknown>, [string]>

const globals = globalThis as { __non_webpack_require__?: { async: RequireAsync } }

/**
 * The loader and the slot in a registry of their own, and what running the local adapter's chunk
 * entry (local/load.ts) leaves in that slot (the slot is emptied again afterwards).
 */
function freshLoader() {
  let loader!: Loader
  let slot!: typeof import('@/TUIKit/engine/slot')
  let entryFactory: typeof slot.engineSlot.create = null
  jest.isolateModules(() => {
    loader = jest.requireActual<Loader>('@/TUIKit/engine')
    slot = jest.requireActual('@/TUIKit/engine/slot')
    jest.requireActual('@/TUIKit/engine/local/load')
    entryFactory = slot.engineSlot.create
    slot.engineSlot.create = null
  })
  return { loader, slot, entryFactory }
}

afterEach(() => {
  process.env.TARO_ENV = 'h5'
  delete globals.__non_webpack_require__
})

describe('loadChatEngine', () => {
  it('on H5 imports the local adapter (the default) once', async () => {
    const { loader } = freshLoader()
    const first = loader.loadChatEngine()
    expect(loader.loadChatEngine()).toBe(first)
    const engine: ChatEngine = await first
    expect(engine.kind).toBe('local')
  })

  it('on weapp runs the chunk with require.async and takes the factory from the slot', async () => {
    process.env.TARO_ENV = 'weapp'
    const { loader, slot, entryFactory } = freshLoader()
    expect(entryFactory).toEqual(expect.any(Function))
    const requireAsync: RequireAsync = jest.fn(async (_path: string) => {
      // What the chunk's entry (local/load.ts) did when it ran.
      slot.engineSlot.create = entryFactory
      return {}
    })
    globals.__non_webpack_require__ = { async: requireAsync }
    const engine = await loader.loadChatEngine()
    expect(engine.kind).toBe('local')
    expect(engine.constructor.name).toBe('LocalEngine')
    expect(requireAsync).toHaveBeenCalledTimes(1)
    // The placeholder the weapp build replaces with the chunk's path (config/weappChatEngine.ts).
    expect(requireAsync).toHaveBeenCalledWith('__CHAT_ENGINE_CHUNK_PATH__')
    await loader.loadChatEngine()
    expect(requireAsync).toHaveBeenCalledTimes(1)
  })

  it('on weapp rejects when the subpackage cannot be loaded, and tries again next time', async () => {
    process.env.TARO_ENV = 'weapp'
    const { loader, slot, entryFactory } = freshLoader()
    const requireAsync: RequireAsync = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce({ mod: 'x', errMsg: 'loadSubpackage:fail' })
      .mockResolvedValueOnce({})
      .mockImplementationOnce(async () => {
        slot.engineSlot.create = entryFactory
        return {}
      })
    globals.__non_webpack_require__ = { async: requireAsync }
    await expect(loader.loadChatEngine()).rejects.toEqual({
      code: 2800,
      message: 'loadSubpackage:fail',
    })
    // The chunk ran but left no factory.
    await expect(loader.loadChatEngine()).rejects.toMatchObject({ code: 2800 })
    await expect(loader.loadChatEngine()).resolves.toMatchObject({ kind: 'local' })
    expect(requireAsync).toHaveBeenCalledTimes(3)
  })
})

describe('the weapp engine chunk (config/weappChatEngine.ts)', () => {
  it('is in the TUIKit subpackage', () => {
    expect(ENGINE_CHUNK).toBe('TUIKit/chat/engine')
  })

  it.each([
    [undefined, 'local'],
    ['local', 'local'],
    ['tencent', 'tencent'],
  ])('TARO_APP_CHAT_ENGINE=%s: its entry is the %s adapter', (engine, adapter) => {
    const entry = engineEntry(engine)
    expect(entry.endsWith(`/src/TUIKit/engine/${adapter}/load.ts`)).toBe(true)
    expect(existsSync(entry)).toBe(true)
  })
})
