import { useState } from 'react'

interface ShownError {
  text: string
  /** A validation problem (from `check`), as opposed to a failed action. */
  fromCheck: boolean
}

/**
 * The submit cycle every form shares: show the first validation problem, or run the action with a
 * busy flag and show its failure (the request layer has toasted it too; this keeps it on screen).
 *
 * `check` answers the form's first problem with the values of this render. A validation problem on
 * screen goes as soon as `check` stops answering it (the field was put right), without waiting for
 * the next submit; a failed action's message stays until the next attempt.
 */
export function useFormSubmit(fallbackMessage: string, check?: () => string | null) {
  const [shown, setShown] = useState<ShownError>({ text: '', fromCheck: false })
  const [busy, setBusy] = useState(false)

  const stale = shown.fromCheck && check !== undefined && check() !== shown.text
  const error = stale ? '' : shown.text

  /** Shows a validation problem found outside submit (e.g. the SMS button's phone check). */
  const setError = (text: string) => setShown({ text, fromCheck: true })
  /** Shows a failure that editing the form does not put right (an upload that failed). */
  const fail = (text: string) => setShown({ text, fromCheck: false })

  const submit = async (problem: string | null, action: () => Promise<void>): Promise<void> => {
    setShown({ text: problem ?? '', fromCheck: true })
    if (problem) return
    setBusy(true)
    try {
      await action()
    } catch (err) {
      fail(err instanceof Error && err.message ? err.message : fallbackMessage)
    } finally {
      setBusy(false)
    }
  }

  return { error, setError, fail, busy, submit }
}
