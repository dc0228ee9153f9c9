import type { EventData, EventName, Listener } from './types'

/** The SDK's `on`/`off` with typed event data. */
export class Emitter {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    let set = this.listeners.get(name)
    if (!set) {
      set = new Set()
      this.listeners.set(name, set)
    }
    set.add(listener as unknown as Listener<EventName>)
  }

  off<E extends EventName>(name: E, listener: Listener<E>): void {
    this.listeners.get(name)?.delete(listener as unknown as Listener<EventName>)
  }

  emit<E extends EventName>(name: E, data: EventData[E]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        ;(listener as unknown as Listener<E>)({ name, data })
      } catch (error) {
        console.warn('chat listener failed', name, error)
      }
    }
  }
}
