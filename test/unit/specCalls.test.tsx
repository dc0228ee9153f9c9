import { act, renderHook } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { admitFiles, type UploadAllowance } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { ApiError } from '@/core/errors'
import { uploadFile } from '@/core/request'
import { getUploadPolicy } from '@/core/upload/policy'
import {
  CaptchaText,
  useSmsSender,
  wantsCaptcha,
} from '@/features/account/components/SmsCodeButton/smsCaptcha'
import { wechatDetail, wechatRowValue } from '@/features/account/wechatBinding'
import { DEVICE_UUID_KEY, deviceUuid, newDeviceUuid } from '@/launch/deviceId'
import { checkStoredToken, createLoggedInTasks } from '@/launch/sessionTasks'
import type { UploadPolicy } from '@/types/api/common'
import { flush } from './helpers/fakes'
import { sessionTaskDeps } from './helpers/sessionTasks'

jest.mock('@/core/upload/policy', () => ({ getUploadPolicy: jest.fn() }))
jest.mock('@/core/request', () => ({
  ...jest.requireActual('@/core/request'),
  uploadFile: jest.fn(),
}))

const MB = 1024 * 1024
const TOO_BIG = '文件不能超过5MB'
const QUOTA = '今日上传已达上限，请明天再试'

const allowance = (patch: Partial<UploadAllowance> = {}): UploadAllowance => ({
  maxFileBytes: 5 * MB,
  filesLeft: 100,
  bytesLeft: 50 * MB,
  tooBigMsg: TOO_BIG,
  quotaMsg: QUOTA,
  ...patch,
})

const policy = (patch: Partial<UploadPolicy> = {}): UploadPolicy => ({
  max_file_bytes: 5 * MB,
  allowed_types: ['image/jpeg', 'image/png'],
  files_left: 100,
  bytes_left: 50 * MB,
  too_big_msg: TOO_BIG,
  quota_msg: QUOTA,
  ...patch,
})

describe('upload policy up front', () => {
  it('admits files within the size limit and the quota, refusing with the server texts', () => {
    const files = [
      { path: 'a', size: MB },
      { path: 'big', size: 6 * MB },
      { path: 'b', size: MB },
      { path: 'c', size: MB },
    ]
    const out = admitFiles(files, allowance({ filesLeft: 2 }))
    expect(out.admitted.map((f) => f.path)).toEqual(['a', 'b'])
    expect(out.refusal).toBe(TOO_BIG)
    expect(out.left.filesLeft).toBe(0)
    expect(out.left.bytesLeft).toBe(48 * MB)

    const bytes = admitFiles([{ path: 'a', size: 3 * MB }], allowance({ bytesLeft: 2 * MB }))
    expect(bytes.admitted).toEqual([])
    expect(bytes.refusal).toBe(QUOTA)
    // No size known (some platforms): the server judges it.
    expect(admitFiles([{ path: 'x' }], allowance()).admitted).toHaveLength(1)
  })

  describe('useImageUploads', () => {
    let toast: jest.SpyInstance
    let choose: jest.SpyInstance
    beforeEach(() => {
      toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
      choose = jest.spyOn(Taro, 'chooseImage')
      jest.mocked(uploadFile).mockResolvedValue({ url: '/uploads/x.png', size: 1, mime: 'x' })
    })

    it('an exhausted quota is refused before the picker opens', async () => {
      jest.mocked(getUploadPolicy).mockResolvedValue(policy({ files_left: 0 }))
      const { result } = renderHook(() => useImageUploads(9))
      await act(() => result.current.pick())
      expect(choose).not.toHaveBeenCalled()
      expect(toast).toHaveBeenCalledWith({ title: QUOTA, icon: 'none' })
      expect(result.current.items).toEqual([])
    })

    it('a too-big file is left out with the server text; the policy is asked once', async () => {
      jest.mocked(getUploadPolicy).mockResolvedValue(policy({ files_left: 2 }))
      choose.mockResolvedValueOnce({
        tempFilePaths: ['big', 'ok'],
        tempFiles: [
          { path: 'big', size: 6 * MB },
          { path: 'ok', size: 100 },
        ],
      } as never)
      const { result } = renderHook(() => useImageUploads(9))
      await act(() => result.current.pick())
      await act(() => flush())
      expect(toast).toHaveBeenCalledWith({ title: TOO_BIG, icon: 'none' })
      expect(result.current.items.map((i) => i.path)).toEqual(['ok'])
      expect(uploadFile).toHaveBeenCalledTimes(1)

      // One place left today: of two more, one goes up and the other is refused.
      choose.mockResolvedValueOnce({
        tempFilePaths: ['c', 'd'],
        tempFiles: [
          { path: 'c', size: 100 },
          { path: 'd', size: 100 },
        ],
      } as never)
      await act(() => result.current.pick())
      await act(() => flush())
      expect(result.current.items.map((i) => i.path)).toEqual(['ok', 'c'])
      expect(toast).toHaveBeenLastCalledWith({ title: QUOTA, icon: 'none' })
      // Now nothing is left: the picker does not open again.
      await act(() => result.current.pick())
      expect(choose).toHaveBeenCalledTimes(2)
      expect(getUploadPolicy).toHaveBeenCalledTimes(1)
    })

    it('without a policy (the call failed) the files go to the server as before', async () => {
      jest.mocked(getUploadPolicy).mockRejectedValue(new Error('offline'))
      choose.mockResolvedValueOnce({
        tempFilePaths: ['big'],
        tempFiles: [{ path: 'big', size: 6 * MB }],
      } as never)
      const { result } = renderHook(() => useImageUploads(9))
      await act(() => result.current.pick())
      expect(result.current.items.map((i) => i.path)).toEqual(['big'])
    })
  })
})

describe('the image captcha of the SMS button', () => {
  const needCaptcha = (msg: string = CaptchaText.needed) =>
    new ApiError(400, msg, { ret: 400, data: { needCaptcha: true }, msg })

  function senderDeps() {
    return {
      sendCaptcha: jest.fn(),
      createCaptcha: jest
        .fn()
        .mockResolvedValueOnce({ captchaId: 'c1', image: 'data:image/svg+xml;base64,AA==' })
        .mockResolvedValueOnce({ captchaId: 'c2', image: 'data:image/svg+xml;base64,BB==' }),
      toast: jest.fn(),
    }
  }

  it('knows the server asking for a captcha from other failures', () => {
    expect(wantsCaptcha(needCaptcha())).toBe(true)
    expect(wantsCaptcha(new ApiError(429, '发送过于频繁', { ret: 429, data: null }))).toBe(false)
    expect(wantsCaptcha(new Error('x'))).toBe(false)
  })

  it('shows the captcha when asked, then sends with the answer once', async () => {
    const deps = senderDeps()
    deps.sendCaptcha.mockRejectedValueOnce(needCaptcha()).mockResolvedValueOnce({ retry_after: 60 })
    const { result } = renderHook(() => useSmsSender('register', deps))
    expect(result.current.asking).toBe(false)

    let sent: number | null = 0
    await act(async () => {
      sent = await result.current.send('13800000001')
    })
    expect(sent).toBeNull()
    expect(result.current.asking).toBe(true)
    expect(result.current.captcha?.captchaId).toBe('c1')

    // No answer yet: nothing is sent.
    await act(async () => {
      sent = await result.current.send('13800000001')
    })
    expect(deps.toast).toHaveBeenCalledWith(CaptchaText.needed)
    expect(deps.sendCaptcha).toHaveBeenCalledTimes(1)

    act(() => result.current.setAnswer(' ab3d '))
    await act(async () => {
      sent = await result.current.send('13800000001')
    })
    expect(deps.sendCaptcha).toHaveBeenLastCalledWith('13800000001', 'register', {
      captcha_id: 'c1',
      captcha_code: 'ab3d',
    })
    expect(sent).toBe(60)
    expect(result.current.asking).toBe(false)
    expect(result.current.captcha).toBeNull()
  })

  it('a wrong answer brings a new image; tapping the image does too', async () => {
    const deps = senderDeps()
    deps.createCaptcha.mockResolvedValueOnce({ captchaId: 'c3', image: 'data:,' })
    deps.sendCaptcha
      .mockRejectedValueOnce(needCaptcha())
      .mockRejectedValueOnce(needCaptcha('图形验证码错误，请重新输入'))
    const { result } = renderHook(() => useSmsSender('login', deps))
    await act(async () => {
      await result.current.send('13800000002')
    })
    act(() => result.current.setAnswer('zzzz'))
    await act(async () => {
      await result.current.send('13800000002')
    })
    expect(result.current.captcha?.captchaId).toBe('c2')
    expect(result.current.answer).toBe('')
    await act(() => result.current.refresh())
    expect(result.current.captcha?.captchaId).toBe('c3')
    act(() => result.current.cancel())
    expect(result.current.asking).toBe(false)
  })

  it('a captcha that does not load can be tapped again', async () => {
    const deps = senderDeps()
    deps.createCaptcha.mockReset().mockRejectedValueOnce(new Error('offline'))
    deps.sendCaptcha.mockRejectedValueOnce(needCaptcha())
    const { result } = renderHook(() => useSmsSender('register', deps))
    await act(async () => {
      await result.current.send('13800000003')
    })
    expect(result.current.asking).toBe(true)
    expect(result.current.captchaFailed).toBe(true)
  })
})

describe('device id and BindUUid at launch', () => {
  it('makes a v4 UUID once and keeps it', () => {
    expect(newDeviceUuid(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    const values = new Map<string, unknown>()
    const storage = {
      get: (k: string) => values.get(k),
      set: (k: string, v: string) => void values.set(k, v),
    }
    const first = deviceUuid(storage)
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(values.get(DEVICE_UUID_KEY)).toBe(first)
    expect(deviceUuid(storage)).toBe(first)
    values.set(DEVICE_UUID_KEY, 'bad id!')
    expect(deviceUuid(storage)).not.toBe('bad id!')
  })

  it('sends the device id once per person per launch, again after a failure', async () => {
    const bindUuid = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({})
    const deps = sessionTaskDeps({
      platformType: () => 'H5',
      bindUuid,
      deviceUuid: () => 'device-0001',
    })
    await checkStoredToken(deps)
    const tasks = createLoggedInTasks(deps)
    await tasks.run()
    await tasks.run()
    await tasks.run()
    expect(bindUuid).toHaveBeenCalledTimes(2)
    expect(bindUuid).toHaveBeenCalledWith({ uuid: 'device-0001', platform: 'H5' })
  })
})

describe('the WeChat row of the account page', () => {
  it('says 已绑定 or 未绑定 and what is bound', () => {
    expect(wechatRowValue(true)).toBe('已绑定')
    expect(wechatRowValue(false)).toBe('未绑定')
    const info = { bound: true, mini: true, mp: true, nickname: '书友0001', avatar: '' }
    expect(wechatDetail(info)).toBe('当前账号已绑定微信（小程序、公众号），显示为“书友0001”。')
    expect(wechatDetail({ ...info, bound: false, mini: false, mp: false })).toMatch(
      /^当前账号未绑定微信/,
    )
  })
})
