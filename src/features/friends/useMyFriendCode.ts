import { useEffect, useState } from 'react'
import { fetchMyFriendCode } from './api'

/** My friend code ('' until it has loaded, or for a guest). */
export function useMyFriendCode(loggedIn: boolean): string {
  const [code, setCode] = useState('')
  useEffect(() => {
    if (!loggedIn) return
    let live = true
    fetchMyFriendCode()
      .then((value) => live && setCode(value))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [loggedIn])
  return code
}
