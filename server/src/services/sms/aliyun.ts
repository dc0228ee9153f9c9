import { randomUUID } from 'node:crypto'
import type { Clock } from '../../clock'
import { AppError, upstreamFailed } from '../../http/errors'
import { popSignature } from './aliyunSignature'
import type { SmsMessage, SmsSender } from './types'

export interface AliyunSmsOptions {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  templateCode: string
  endpoint: string
}

interface SendSmsResponse {
  Code?: string
  Message?: string
  RequestId?: string
}

const TIMEOUT_MS = 10_000

/** Aliyun Dysms SendSms over the RPC API, signed with POP signature v1 (HMAC-SHA1). */
export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun'

  constructor(
    private readonly options: AliyunSmsOptions,
    private readonly clock: Clock,
  ) {}

  /** The signed form parameters of one SendSms call (exposed for tests). */
  signedParams(message: SmsMessage, nonce = randomUUID()): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date(this.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    }
    return { ...params, Signature: popSignature('POST', params, this.options.accessKeySecret) }
  }

  async send(message: SmsMessage): Promise<void> {
    let body: SendSmsResponse
    try {
      const res = await fetch(`${this.options.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(this.signedParams(message)).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      body = (await res.json()) as SendSmsResponse
    } catch (err) {
      throw smsFailed(`aliyun SendSms request failed: ${(err as Error).message}`)
    }
    if (body.Code !== 'OK') {
      if (body.Code === 'isv.BUSINESS_LIMIT_CONTROL') {
        throw new AppError(429, '发送过于频繁，请稍后再试')
      }
      throw smsFailed(`aliyun SendSms answered ${body.Code}: ${body.Message}`)
    }
  }
}

const smsFailed = (detail: string): AppError => upstreamFailed('短信发送失败，请稍后再试', detail)
