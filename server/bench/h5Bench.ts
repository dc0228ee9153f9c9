/**
 * What the H5 benchmarks share: a fresh embedded database in a temporary DATA_DIR, migrated and
 * seeded; the benchmark's own rows; the server on a free port serving the built H5 app (H5_DIST,
 * default dist/h5); Debian's Chromium; everything closed and removed afterwards.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { seedDemo } from '../seed'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { openPglite, type Db } from '../src/db/client'
import { runMigrations } from '../src/db/migrate'

const ROOT = path.resolve(__dirname, '..', '..')

export interface H5Bench<T> {
  /** Writes the benchmark's rows into the seeded database (before the server listens). */
  prepare(db: Db): Promise<T>
  /** Measures against the server at `base`; throws when a budget is missed. */
  measure(run: { base: string; browser: Browser }, prepared: T): Promise<void>
  /** Extra Chromium switches (e.g. the autoplay policy of a phone's WebView). */
  browserArgs?: string[]
}

export async function runH5Bench<T>(name: string, bench: H5Bench<T>): Promise<void> {
  const h5Dist = process.env.H5_DIST || path.join(ROOT, 'dist', 'h5')
  if (!fs.existsSync(path.join(h5Dist, 'index.html'))) {
    throw new Error(`${h5Dist} is not built: run \`npm run build:h5\` first`)
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`))
  const config = loadConfig({
    ...process.env,
    H5_DIST: h5Dist,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PORT: '0',
  })
  const handle = await openPglite(path.join(dataDir, 'pglite'))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      ...(bench.browserArgs ?? []),
    ],
  })
  const app = buildApp({ db: handle.db, config, logger: false })
  try {
    await runMigrations(handle)
    await seedDemo(handle.db, Date.now(), { production: false })
    const prepared = await bench.prepare(handle.db)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    await bench.measure({ base: `http://127.0.0.1:${port}`, browser }, prepared)
  } finally {
    await browser.close()
    await app.close()
    await handle.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Runs a benchmark as a script: a failure prints and exits 1. */
export function benchMain(run: () => Promise<void>): void {
  run().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}

/** Signs in as the demo reader (演示读者) on the login page of the app at `base`. */
export async function signInDemo(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/pages/public/login`)
  await page.locator('input[name="mobile"]').fill('13800000000')
  await page.locator('input[name="password"]').fill('demo1234')
  await page.locator('[data-testid="agreement"]').last().click()
  await page.locator('.btn-primary').getByText('登录', { exact: true }).last().click()
  await page.waitForURL((url) => !url.pathname.includes('/public/login'), { timeout: 30_000 })
}
