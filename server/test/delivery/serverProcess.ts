/**
 * A real server process (`node --import tsx server/src/main.ts`) for the delivery tests: started
 * on a fixed port so clients reconnect to the same address, killed with SIGKILL, started again.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..', '..', '..')
const READY_PATH = '/index.php?s=App.Common_Config.AppSysConf'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

export class ServerProcess {
  private child: ChildProcess | null = null
  private exited: Promise<void> = Promise.resolve()
  starts = 0

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  static async start(env: Record<string, string>, logFile: string): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), env, logFile)
    await server.start()
    return server
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/api/chat/ws`
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const log = fs.openSync(this.logFile, 'a')
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
    })
    fs.closeSync(log)
    this.child = child
    this.starts++
    let gone = false
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        gone = true
        resolve()
      }),
    )
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (gone) throw new Error(`the server exited at start; see ${this.logFile}`)
      try {
        const res = await fetch(this.base + READY_PATH)
        if (res.ok) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start; see ${this.logFile}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** SIGKILL: no shutdown hooks, sockets dropped mid-flight. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL')
    await this.exited
    this.child = null
  }

  async restart(): Promise<void> {
    await this.kill()
    await this.start()
  }

  async stop(): Promise<void> {
    if (!this.child) return
    this.child.kill('SIGTERM')
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5000)
    await this.exited
    clearTimeout(timer)
    this.child = null
  }
}
