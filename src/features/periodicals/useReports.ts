import { useCallback, useState } from 'react'
import type { Reports, UploadReport } from './uploadForm'

const same = (a: UploadReport | undefined, b: UploadReport): boolean =>
  a !== undefined && a.problem === b.problem && a.urls.join('\n') === b.urls.join('\n')

/** What each image field of a form reports (by key), and forgetting a removed one. */
export function useReports() {
  const [reports, setReports] = useState<Reports>({})
  const report = useCallback((key: string, next: UploadReport) => {
    setReports((all) => (same(all[key], next) ? all : { ...all, [key]: next }))
  }, [])
  const drop = useCallback((key: string) => {
    setReports((all) => {
      if (!(key in all)) return all
      const rest = { ...all }
      delete rest[key]
      return rest
    })
  }, [])
  return { reports, report, drop }
}
