/**
 * Tencent Cloud content moderation: TMS TextModeration for text, IMS ImageModeration for images
 * (API 3.0, version 2020-12-29, TC3-HMAC-SHA256 over HTTPS). A verdict of Block is risky; Review
 * and Pass are not. Audio and video have only asynchronous checks at Tencent (AMS / VM tasks with
 * a callback), not built: checkFile answers not risky.
 */
import type { Readable } from 'node:stream'
import type { Clock } from '../../clock'
import { upstreamFailed } from '../../http/errors'
import { tc3Headers } from './tc3'
import { NOT_RISKY, type ContentModerator, type ModeratedFile, type Verdict } from './types'

export interface TencentModerationOptions {
  secretId: string
  secretKey: string
  region: string
  /** The policies (BizType) set up in Tencent's console; empty: the default policy. */
  bizType: string
  /** https://tms.tencentcloudapi.com and https://ims.tencentcloudapi.com (doubles in tests). */
  tmsEndpoint: string
  imsEndpoint: string
}

/** IMS takes at most 5 MB of FileContent (before base64); bigger images are not checked. */
export const IMS_MAX_BYTES = 5 * 1024 * 1024
const VERSION = '2020-12-29'
const TIMEOUT_MS = 10_000

interface ModerationResponse {
  Response?: {
    Suggestion?: string
    Label?: string
    Error?: { Code?: string; Message?: string }
  }
}

async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > max) {
      stream.destroy()
      return null
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export class TencentModerator implements ContentModerator {
  readonly name = 'tencent'

  constructor(
    private readonly options: TencentModerationOptions,
    private readonly clock: Clock,
  ) {}

  /** The signed request of one call (exposed for tests). */
  request(
    service: 'tms' | 'ims',
    action: string,
    body: Record<string, unknown>,
  ): { url: string; init: RequestInit } {
    const endpoint = service === 'tms' ? this.options.tmsEndpoint : this.options.imsEndpoint
    const url = new URL(endpoint)
    const payload = JSON.stringify(body)
    const headers = tc3Headers({
      secretId: this.options.secretId,
      secretKey: this.options.secretKey,
      service,
      host: url.host,
      action,
      version: VERSION,
      region: this.options.region,
      timestamp: Math.floor(this.clock.now() / 1000),
      payload,
    })
    // fetch sets Host from the URL (the one signed).
    delete headers.Host
    return { url: url.toString(), init: { method: 'POST', headers, body: payload } }
  }

  private async call(service: 'tms' | 'ims', action: string, body: Record<string, unknown>) {
    const { url, init } = this.request(service, action, this.withBizType(body))
    let answer: ModerationResponse
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
      answer = (await res.json()) as ModerationResponse
    } catch (err) {
      throw moderationFailed(`tencent ${action} request failed: ${(err as Error).message}`)
    }
    const response = answer.Response
    if (!response || response.Error) {
      const e = response?.Error
      throw moderationFailed(`tencent ${action} answered ${e?.Code}: ${e?.Message}`)
    }
    return verdictOf(response.Suggestion, response.Label)
  }

  private withBizType(body: Record<string, unknown>): Record<string, unknown> {
    return this.options.bizType ? { ...body, BizType: this.options.bizType } : body
  }

  checkText(text: string): Promise<Verdict> {
    return this.call('tms', 'TextModeration', {
      Content: Buffer.from(text, 'utf8').toString('base64'),
    })
  }

  async checkImage(file: ModeratedFile): Promise<Verdict> {
    if (file.size > IMS_MAX_BYTES) return NOT_RISKY
    const stream = await file.open()
    if (!stream) return NOT_RISKY
    const bytes = await readAll(stream, IMS_MAX_BYTES)
    if (!bytes) return NOT_RISKY
    return this.call('ims', 'ImageModeration', {
      FileContent: bytes.toString('base64'),
    })
  }

  async checkFile(): Promise<Verdict> {
    return NOT_RISKY
  }
}

export function verdictOf(suggestion: string | undefined, label: string | undefined): Verdict {
  return suggestion === 'Block' ? { risky: true, ...(label ? { label } : {}) } : NOT_RISKY
}

const moderationFailed = (detail: string) => upstreamFailed('内容审核暂不可用，请稍后再试', detail)
