/**
 * `npm run test:server` (PGlite) and `npm run test:server:pg` (TEST_DATABASE=postgres): makes this
 * run's template database (server/test/templates.ts), runs the suites with node's test runner, two
 * files at a time, and removes the template. Arguments are test files (default: all of
 * server/test/*.test.ts).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { makeTemplate, TEMPLATE_ENV } from './templates'

async function main(): Promise<number> {
  const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite'
  const files = process.argv.slice(2)
  const suites = files.length
    ? files
    : fs
        .readdirSync(__dirname)
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => path.join('server/test', name))
  const t0 = Date.now()
  const template = await makeTemplate(kind)
  console.log(`# template database (${kind}) ready in ${Date.now() - t0} ms`)
  try {
    return await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--test', '--test-concurrency=2', ...suites],
        { stdio: 'inherit', env: { ...process.env, [TEMPLATE_ENV]: template.name } },
      )
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    })
  } finally {
    await template.remove()
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
