/**
 * A load run with autocannon in its own process (so the load generator does not share the
 * server's event loop): `connections` clients keep requests going for `seconds`. Answers
 * throughput and latency percentiles; any non-2xx answer or error fails the run.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'

const CLI = path.join(__dirname, '..', '..', 'node_modules', 'autocannon', 'autocannon.js')

export interface LoadResult {
  reqPerSec: number
  p50: number
  p99: number
  total: number
}

interface CliResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
}

export function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const args = [CLI, '--json', '-c', String(connections), '-d', String(seconds)]
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`)
  args.push(url)
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err)
      const result = JSON.parse(stdout) as CliResult
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`))
      }
      resolve({
        reqPerSec: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
      })
    })
  })
}
