import { useState } from 'react'

/**
 * The submit cycle every form shares: show the first validation problem, or run the action with a
 * busy flag and show its failure (the request layer has toasted it too; this keeps it on screen).
 */
export function useFormSubmit(fallbackMessage: string) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (problem: string | null, action: () => Promise<void>): Promise<void> => {
    setError(problem ?? '')
    if (problem) return
    setBusy(true)
    try {
      await action()
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : fallbackMessage)
    } finally {
      setBusy(false)
    }
  }

  return { error, setError, busy, submit }
}
