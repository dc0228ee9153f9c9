/**
 * The Tencent adapter at its module boundary (Tencent's service cannot be reached here): a
 * recording double of the SDK instance stands in for `TencentCloudChat.create()`, and the real
 * package is loaded only to compare its TYPES and EVENT values with the seam's.
 */
import TencentCloudChat from '@tencentcloud/chat'
import { TencentEngine } from '@/TUIKit/engine/tencent/TencentEngine'
import type {
  SdkEvent,
  SdkResult,
  SdkMessage,
  SdkMessageOptions,
  TencentSdk,
} from '@/TUIKit/engine/tencent/sdk'
import { EVENT, TYPES, type ChatFailure, type EventName, type Message } from '@/TUIKit/engine/types'

type Call = { method: string; args: unknown[] }

/** A recording double of an SDK instance: every call is kept, results are set per method. */
function makeSdk() {
  const calls: Call[] = []
  const handlers = new Map<string, Set<(event: SdkEvent) => void>>()
  const results = new Map<string, () => Promise<SdkResult<unknown>>>()
  let counter = 0
  const record = (method: string, args: unknown[]) => calls.push({ method, args })
  const answer = (method: string, fallback: unknown): Promise<SdkResult<unknown>> => {
    const result = results.get(method)
    return result ? result() : Promise.resolve({ code: 0, data: fallback })
  }
  const messageOf = (type: string, options: SdkMessageOptions): SdkMessage => ({
    ID: `144115-${++counter}`,
    type,
    payload: { ...options.payload },
    conversationID: `${options.conversationType}${options.to}`,
    conversationType: options.conversationType,
    to: options.to,
    from: 'me',
    flow: 'out',
    time: 1_700_000_000,
    status: 'unSend',
    isRevoked: false,
    nick: '',
    avatar: '',
    cloudCustomData: options.cloudCustomData ?? '',
    sequence: 0,
  })
  const creator = (method: string, type: string) => (options: SdkMessageOptions) => {
    record(method, [options])
    return messageOf(type, options)
  }
  const sdk: TencentSdk = {
    login: (o) => (record('login', [o]), answer('login', { repeatLogin: false })),
    logout: () => (record('logout', []), answer('logout', {})),
    isReady: () => true,
    on: (name, handler) => {
      record('on', [name])
      if (!handlers.has(name)) handlers.set(name, new Set())
      handlers.get(name)?.add(handler)
    },
    off: (name, handler) => handlers.get(name)?.delete(handler),
    createTextMessage: creator('createTextMessage', 'TIMTextElem'),
    createTextAtMessage: creator('createTextAtMessage', 'TIMTextElem'),
    createFaceMessage: creator('createFaceMessage', 'TIMFaceElem'),
    createImageMessage: creator('createImageMessage', 'TIMImageElem'),
    createFileMessage: creator('createFileMessage', 'TIMFileElem'),
    createAudioMessage: creator('createAudioMessage', 'TIMSoundElem'),
    createVideoMessage: creator('createVideoMessage', 'TIMVideoFileElem'),
    createLocationMessage: creator('createLocationMessage', 'TIMLocationElem'),
    createCustomMessage: creator('createCustomMessage', 'TIMCustomElem'),
    createForwardMessage: (options) => {
      record('createForwardMessage', [options])
      const original = options.payload as unknown as SdkMessage
      return { ...messageOf(original.type, options), payload: { ...original.payload } }
    },
    createMergerMessage: creator('createMergerMessage', 'TIMRelayElem'),
    downloadMergerMessage: (m) => (
      record('downloadMergerMessage', [m]),
      answer('downloadMergerMessage', { ...m, payload: { ...m.payload, messageList: [] } })
    ),
    sendMessage: (m) => {
      record('sendMessage', [m])
      if (!results.has('sendMessage')) Object.assign(m, { status: 'success', sequence: 9 })
      return answer('sendMessage', { message: m })
    },
    resendMessage: (m) => (record('resendMessage', [m]), answer('resendMessage', { message: m })),
    revokeMessage: (m) => (record('revokeMessage', [m]), answer('revokeMessage', { message: m })),
    modifyMessage: (m) => (record('modifyMessage', [m]), answer('modifyMessage', { message: m })),
    deleteMessage: (l) => (record('deleteMessage', [l]), answer('deleteMessage', {})),
    findMessage: () => null,
    getMessageList: (o) => (record('getMessageList', [o]), answer('getMessageList', {})),
    getMessageListHopping: (o) => (
      record('getMessageListHopping', [o]),
      answer('getMessageListHopping', {})
    ),
    getConversationList: () => (
      record('getConversationList', []),
      answer('getConversationList', {})
    ),
    getConversationProfile: (id) => (
      record('getConversationProfile', [id]),
      answer('getConversationProfile', {})
    ),
    deleteConversation: (id) => (
      record('deleteConversation', [id]),
      answer('deleteConversation', { conversationID: id })
    ),
    setMessageRead: (o) => (record('setMessageRead', [o]), answer('setMessageRead', {})),
    pinConversation: (o) => (record('pinConversation', [o]), answer('pinConversation', {})),
    setMessageRemindType: (o) => (
      record('setMessageRemindType', [o]),
      answer('setMessageRemindType', {})
    ),
    setConversationDraft: (o) => (
      record('setConversationDraft', [o]),
      answer('setConversationDraft', {})
    ),
    getTotalUnreadMessageCount: () => 7,
    getUserStatus: (o) => (record('getUserStatus', [o]), answer('getUserStatus', {})),
    sendMessageReadReceipt: (l) => (
      record('sendMessageReadReceipt', [l]),
      answer('sendMessageReadReceipt', {})
    ),
    getMessageReadReceiptList: (l) => (
      record('getMessageReadReceiptList', [l]),
      answer('getMessageReadReceiptList', { messageList: l })
    ),
    getGroupMessageReadMemberList: (o) => (
      record('getGroupMessageReadMemberList', [o]),
      answer('getGroupMessageReadMemberList', {})
    ),
    addMessageReaction: (m, id) => (
      record('addMessageReaction', [m, id]),
      answer('addMessageReaction', {})
    ),
    removeMessageReaction: (m, id) => (
      record('removeMessageReaction', [m, id]),
      answer('removeMessageReaction', {})
    ),
    getMessageReactions: (o) => (
      record('getMessageReactions', [o]),
      answer('getMessageReactions', { resultList: [] })
    ),
    getAllUserListOfMessageReaction: (o) => (
      record('getAllUserListOfMessageReaction', [o]),
      answer('getAllUserListOfMessageReaction', { userList: [], nextSeq: 0, isCompleted: true })
    ),
  }
  return {
    sdk,
    calls,
    /** The last call of `method`'s arguments. */
    last: (method: string) => [...calls].reverse().find((c) => c.method === method)?.args,
    resolve: (method: string, data: unknown) =>
      results.set(method, () => Promise.resolve({ code: 0, data })),
    reject: (method: string, failure: { code: number; message: string }) =>
      results.set(method, () => Promise.reject(Object.assign(new Error(failure.message), failure))),
    emit: (name: string, data?: unknown) => handlers.get(name)?.forEach((h) => h({ name, data })),
  }
}

function setup(platform: 'weapp' | 'h5' = 'weapp') {
  const double = makeSdk()
  const engine = new TencentEngine(() => double.sdk, { platform })
  return { ...double, engine }
}

const incoming = (over: Partial<SdkMessage> = {}): SdkMessage => ({
  ID: 'peer-1',
  type: 'TIMTextElem',
  payload: { text: '你好' },
  conversationID: 'C2Cpeer',
  conversationType: 'C2C',
  to: 'me',
  from: 'peer',
  flow: 'in',
  time: 1_700_000_100,
  status: 'success',
  isRevoked: false,
  nick: '书友小林',
  avatar: 'https://example.com/a.png',
  cloudCustomData: '',
  sequence: 42,
  ...over,
})

describe('the real @tencentcloud/chat', () => {
  it('has the TYPES values of the seam', () => {
    for (const [key, value] of Object.entries(TYPES)) {
      expect([key, (TencentCloudChat.TYPES as unknown as Record<string, string>)[key]]).toEqual([
        key,
        value,
      ])
    }
  })

  it('has the EVENT names of the seam', () => {
    for (const [key, value] of Object.entries(EVENT)) {
      expect([key, (TencentCloudChat.EVENT as unknown as Record<string, string>)[key]]).toEqual([
        key,
        value,
      ])
    }
  })
})

describe('TencentEngine', () => {
  it('logs in and out with the SDK, results wrapped as {code: 0, data}', async () => {
    const { engine, last } = setup()
    await expect(engine.login({ userID: '10001', userSig: 'sig' })).resolves.toEqual({
      code: 0,
      data: {},
    })
    expect(last('login')).toEqual([{ userID: '10001', userSig: 'sig' }])
    await expect(engine.logout()).resolves.toEqual({ code: 0, data: null })
    expect(engine.isReady()).toBe(true)
    expect(engine.getTotalUnreadMessageCount()).toBe(7)
  })

  it('asks the SDK for user status, UNLOGINED counted as offline', async () => {
    const { engine, last, resolve } = setup()
    resolve('getUserStatus', {
      successUserList: [
        { userID: '1', statusType: 1 },
        { userID: '2', statusType: 2 },
        { userID: '3', statusType: 3 },
        { userID: '4', statusType: 0 },
      ],
    })
    const res = await engine.getUserStatus({ userIDList: ['1', '2', '3', '4'] })
    expect(last('getUserStatus')).toEqual([{ userIDList: ['1', '2', '3', '4'] }])
    expect(res.data.successUserList.map((u) => u.statusType)).toEqual([1, 2, 2, 0])
  })

  it('passes a login failure on as {code, message}', async () => {
    const { engine, reject } = setup()
    reject('login', { code: 70001, message: 'UserSig 已过期' })
    await expect(engine.login({ userID: '1', userSig: 'old' })).rejects.toEqual({
      code: 70001,
      message: 'UserSig 已过期',
    })
  })

  it('creates messages with the SDK method of the same name and our shape', () => {
    const { engine, last } = setup()
    const progress: number[] = []
    const text = engine.createTextMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { text: 'hi' },
      cloudCustomData: '{"messageReply":{}}',
      onProgress: (p) => progress.push(p),
    })
    const [options] = last('createTextMessage') as [SdkMessageOptions]
    expect(options).toEqual({
      to: 'peer',
      conversationType: 'C2C',
      payload: { text: 'hi' },
      cloudCustomData: '{"messageReply":{}}',
      onProgress: expect.any(Function),
    })
    options.onProgress?.(0.5)
    expect(progress).toEqual([0.5])
    expect(text.progress).toBe(0.5)
    expect(text).toMatchObject({
      type: 'TIMTextElem',
      to: 'peer',
      from: 'me',
      conversationID: 'C2Cpeer',
      conversationType: 'C2C',
      flow: 'out',
      status: 'unSend',
      payload: { text: 'hi' },
      cloudCustomData: '{"messageReply":{}}',
    })

    engine.createFaceMessage({
      to: 'g1',
      conversationType: 'GROUP',
      payload: { index: 3, data: '[微笑]' },
    })
    expect(last('createFaceMessage')).toEqual([
      { to: 'g1', conversationType: 'GROUP', payload: { index: 3, data: '[微笑]' } },
    ])
    engine.createLocationMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { description: '图书馆', longitude: 116.3, latitude: 39.9 },
    })
    expect(last('createLocationMessage')).toEqual([
      {
        to: 'peer',
        conversationType: 'C2C',
        payload: { description: '图书馆', longitude: 116.3, latitude: 39.9 },
      },
    ])
    engine.createCustomMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { data: '{"businessID":"gift"}', description: '礼物', extension: '' },
    })
    expect(last('createCustomMessage')).toEqual([
      {
        to: 'peer',
        conversationType: 'C2C',
        payload: { data: '{"businessID":"gift"}', description: '礼物', extension: '' },
      },
    ])
  })

  it('hands the SDK the weapp pickers’ result shapes for files', () => {
    const { engine, last } = setup('weapp')
    const base = { to: 'peer', conversationType: 'C2C' as const }
    engine.createImageMessage({
      ...base,
      payload: { file: { path: 'wxfile://tmp/a.png', name: 'a.png', size: 2048 } },
    })
    expect(last('createImageMessage')).toEqual([
      {
        ...base,
        payload: {
          file: {
            tempFilePaths: ['wxfile://tmp/a.png'],
            tempFiles: [
              { path: 'wxfile://tmp/a.png', tempFilePath: 'wxfile://tmp/a.png', size: 2048 },
            ],
          },
        },
      },
    ])
    engine.createFileMessage({
      ...base,
      payload: { file: { path: 'wxfile://tmp/b.pdf', name: '书单.pdf', size: 9000 } },
    })
    expect(last('createFileMessage')).toEqual([
      {
        ...base,
        payload: {
          file: {
            tempFilePaths: ['wxfile://tmp/b.pdf'],
            tempFiles: [{ path: 'wxfile://tmp/b.pdf', name: '书单.pdf', size: 9000, type: 'file' }],
          },
        },
      },
    ])
    engine.createAudioMessage({
      ...base,
      payload: { file: { path: 'wxfile://tmp/c.mp3', name: 'c.mp3', size: 300, duration: 3.2 } },
    })
    expect(last('createAudioMessage')).toEqual([
      {
        ...base,
        payload: { file: { tempFilePath: 'wxfile://tmp/c.mp3', duration: 3200, fileSize: 300 } },
      },
    ])
    engine.createVideoMessage({
      ...base,
      payload: { file: { path: 'wxfile://tmp/d.mp4', name: 'd.mp4', size: 5000, duration: 12 } },
    })
    expect(last('createVideoMessage')).toEqual([
      {
        ...base,
        payload: { file: { tempFilePath: 'wxfile://tmp/d.mp4', size: 5000, duration: 12 } },
      },
    ])
  })

  it('hands the SDK the File itself on H5', () => {
    const { engine, last } = setup('h5')
    const file = new Blob(['x'], { type: 'image/png' })
    engine.createImageMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { file: { path: 'blob:1', name: 'a.png', size: 1, file } },
    })
    const [options] = last('createImageMessage') as [SdkMessageOptions]
    expect(options.payload.file).toBe(file)
  })

  it('sends the SDK’s own object and answers {code: 0, data: {message}} with ours', async () => {
    const { engine, last } = setup()
    const message = engine.createTextMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { text: 'hi' },
    })
    expect((last('createTextMessage') as [SdkMessageOptions])[0].onProgress).toBeUndefined()
    const result = await engine.sendMessage(message)
    const [passed] = last('sendMessage') as [SdkMessage]
    expect(passed).not.toBe(message)
    expect(passed.ID).toBe(message.ID)
    expect(result).toEqual({ code: 0, data: { message } })
    expect(message).toMatchObject({ status: 'success', sequence: 9, progress: 1 })

    await expect(engine.resendMessage(message)).resolves.toEqual({ code: 0, data: { message } })
    expect(last('resendMessage')).toEqual([passed])
  })

  it('forwards and merges the SDK’s own objects, and maps downloaded merged items', async () => {
    const { engine, last, resolve, reject } = setup()
    const original = engine.createTextMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { text: '原文' },
    })
    const [sdkOriginal] = last('createTextMessage') as [SdkMessageOptions]
    expect(sdkOriginal.payload).toEqual({ text: '原文' })
    const copy = engine.createForwardMessage({
      to: 'g1',
      conversationType: 'GROUP',
      payload: original,
    })
    const [forwardOptions] = last('createForwardMessage') as [SdkMessageOptions]
    expect(forwardOptions).toMatchObject({ to: 'g1', conversationType: 'GROUP' })
    expect((forwardOptions.payload as unknown as SdkMessage).ID).toBe(original.ID)
    expect((forwardOptions.payload as unknown as SdkMessage) === (original as unknown)).toBe(false)
    expect(copy).toMatchObject({ type: 'TIMTextElem', payload: { text: '原文' } })

    const card = engine.createMergerMessage({
      to: 'g1',
      conversationType: 'GROUP',
      payload: {
        messageList: [original],
        title: '甲和乙的聊天记录',
        abstractList: ['甲: 原文'],
        compatibleText: '[聊天记录]',
      },
    })
    const [mergeOptions] = last('createMergerMessage') as [SdkMessageOptions]
    expect((mergeOptions.payload.messageList as SdkMessage[]).map((m) => m.ID)).toEqual([
      original.ID,
    ])
    expect(card.type).toBe('TIMRelayElem')

    const item = {
      ID: 'm1',
      from: 'peer',
      nick: '乙',
      avatar: 'a.png',
      time: 1_700_000_000,
      messageBody: [{ type: 'TIMTextElem', payload: { text: '你好' } }],
    }
    // A small merge carries its messages: no download.
    const inline = await engine.downloadMergerMessage({ payload: { messageList: [item] } })
    expect(inline).toEqual({
      code: 0,
      data: {
        messageList: [
          {
            ID: 'm1',
            from: 'peer',
            nick: '乙',
            avatar: 'a.png',
            time: 1_700_000_000,
            type: 'TIMTextElem',
            payload: { text: '你好' },
          },
        ],
      },
    })
    expect(last('downloadMergerMessage')).toBeUndefined()
    // A nested one by its key: downloaded as {type, payload}, as TUIKit does.
    resolve('downloadMergerMessage', { payload: { downloadKey: 'k', messageList: [item] } })
    const nested = await engine.downloadMergerMessage({
      payload: { downloadKey: 'k', messageList: [] },
    })
    expect(last('downloadMergerMessage')).toEqual([
      { type: 'TIMRelayElem', payload: { downloadKey: 'k', messageList: [] } },
    ])
    expect(nested.data.messageList.map((m) => m.ID)).toEqual(['m1'])
    reject('downloadMergerMessage', { code: 2811, message: 'download failed' })
    const failed = await engine
      .downloadMergerMessage({ payload: { downloadKey: 'k' } })
      .catch((e: ChatFailure) => e)
    expect(failed).toEqual({ code: 2811, message: 'download failed' })
  })

  it('passes a send failure on as {code, message, data: {message}} and marks it failed', async () => {
    const { engine, reject } = setup()
    const message = engine.createTextMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { text: 'x' },
    })
    reject('sendMessage', { code: 20007, message: '发送单聊消息，被对方拉黑，禁止发送' })
    const failure = (await engine.sendMessage(message).catch((e: ChatFailure) => e)) as ChatFailure
    expect(failure).toEqual({
      code: 20007,
      message: '发送单聊消息，被对方拉黑，禁止发送',
      data: { message },
    })
    expect(message).toMatchObject({ status: 'fail', errorCode: 20007 })
  })

  it('revokes and deletes with the SDK’s objects', async () => {
    const { engine, last, reject } = setup()
    const message = engine.createTextMessage({
      to: 'peer',
      conversationType: 'C2C',
      payload: { text: 'x' },
    })
    await engine.sendMessage(message)
    const [sdkMessage] = last('sendMessage') as [SdkMessage]
    await expect(engine.revokeMessage(message)).resolves.toEqual({ code: 0, data: { message } })
    expect(last('revokeMessage')).toEqual([sdkMessage])
    await expect(engine.deleteMessage([message])).resolves.toEqual({
      code: 0,
      data: { messageList: [message] },
    })
    expect(last('deleteMessage')).toEqual([[sdkMessage]])
    reject('revokeMessage', { code: 20016, message: '消息撤回超过了时间限制（默认2分钟）' })
    await expect(engine.revokeMessage(message)).rejects.toEqual({
      code: 20016,
      message: '消息撤回超过了时间限制（默认2分钟）',
    })
  })

  it('modifies a received message with the SDK’s object carrying the new payload', async () => {
    const { engine, emit, last, reject } = setup()
    const got: Message[] = []
    engine.on('onMessageReceived', (e) => got.push(...e.data))
    const sdkMessage = incoming({
      type: 'TIMCustomElem',
      payload: { data: '{"businessID":"giveBook","extension":0}', description: 'giveBook' },
    })
    emit('onMessageReceived', [sdkMessage])
    const message = got[0]
    message.payload = { ...message.payload, data: '{"businessID":"giveBook","extension":1}' }
    await expect(engine.modifyMessage(message)).resolves.toEqual({ code: 0, data: { message } })
    expect(last('modifyMessage')).toEqual([sdkMessage])
    expect(sdkMessage.payload.data).toBe('{"businessID":"giveBook","extension":1}')
    expect(message.payload.data).toBe('{"businessID":"giveBook","extension":1}')
    reject('modifyMessage', { code: 2480, message: '消息修改冲突' })
    await expect(engine.modifyMessage(message)).rejects.toEqual({
      code: 2480,
      message: '消息修改冲突',
    })
  })

  it('pages history with nextReqMessageID passed through', async () => {
    const { engine, last, resolve } = setup()
    resolve('getMessageList', {
      messageList: [incoming()],
      nextReqMessageID: 'peer-0',
      isCompleted: false,
    })
    const first = await engine.getMessageList({ conversationID: 'C2Cpeer' })
    expect(last('getMessageList')).toEqual([{ conversationID: 'C2Cpeer' }])
    expect(first.data.nextReqMessageID).toBe('peer-0')
    expect(first.data.isCompleted).toBe(false)
    expect(first.data.messageList[0]).toMatchObject({
      ID: 'peer-1',
      flow: 'in',
      status: 'success',
      sequence: 42,
      nick: '书友小林',
    })
    await engine.getMessageList({ conversationID: 'C2Cpeer', nextReqMessageID: 'peer-0' })
    expect(last('getMessageList')).toEqual([
      { conversationID: 'C2Cpeer', nextReqMessageID: 'peer-0' },
    ])
  })

  it('pages back down with getMessageListHopping (direction 1) passed through', async () => {
    const { engine, last, resolve } = setup()
    resolve('getMessageListHopping', { messageList: [incoming()] })
    const newer = await engine.getMessageListHopping({
      conversationID: 'C2Cpeer',
      sequence: 41,
      direction: 1,
    })
    expect(last('getMessageListHopping')).toEqual([
      { conversationID: 'C2Cpeer', sequence: 41, direction: 1 },
    ])
    expect(newer.data.messageList[0]).toMatchObject({ ID: 'peer-1', sequence: 42, flow: 'in' })
    expect(newer.data.isCompleted).toBe(false)
  })

  it('maps conversations and their settings', async () => {
    const { engine, last, resolve } = setup()
    await engine.login({ userID: 'me', userSig: 's' })
    resolve('getConversationList', {
      conversationList: [
        {
          conversationID: 'C2Cpeer',
          type: 'C2C',
          unreadCount: 2,
          isPinned: true,
          messageRemindType: 'AcceptNotNotify',
          draftText: '草稿',
          userProfile: { userID: 'peer', nick: '书友小林', avatar: 'a.png' },
          lastMessage: {
            lastTime: 1_700_000_200,
            lastSequence: 12,
            fromAccount: 'peer',
            type: 'TIMTextElem',
            payload: { text: '在吗' },
            isRevoked: false,
            cloudCustomData: '',
          },
        },
      ],
    })
    const { data } = await engine.getConversationList()
    expect(data.conversationList).toEqual([
      {
        conversationID: 'C2Cpeer',
        type: 'C2C',
        unreadCount: 2,
        isPinned: true,
        isMuted: true,
        draftText: '草稿',
        userProfile: { userID: 'peer', nick: '书友小林', avatar: 'a.png' },
        lastMessage: expect.objectContaining({
          conversationID: 'C2Cpeer',
          type: 'TIMTextElem',
          payload: { text: '在吗' },
          from: 'peer',
          to: 'me',
          flow: 'in',
          time: 1_700_000_200,
          sequence: 12,
        }),
        lastSequence: 12,
        readSequence: 10,
        time: 1_700_000_200,
      },
    ])

    await engine.setMessageRemindType({
      conversationID: 'C2Cpeer',
      messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE,
    })
    expect(last('setMessageRemindType')).toEqual([
      { userIDList: ['peer'], messageRemindType: 'AcceptNotNotify' },
    ])
    await engine.setMessageRemindType({
      conversationID: 'GROUPbook1',
      messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE,
    })
    expect(last('setMessageRemindType')).toEqual([
      { groupID: 'book1', messageRemindType: 'AcceptAndNotify' },
    ])
    await expect(
      engine.pinConversation({ conversationID: 'C2Cpeer', isPinned: false }),
    ).resolves.toEqual({ code: 0, data: { conversationID: 'C2Cpeer' } })
    expect(last('pinConversation')).toEqual([{ conversationID: 'C2Cpeer', isPinned: false }])
    await engine.setConversationDraft({ conversationID: 'C2Cpeer', draftText: '' })
    expect(last('setConversationDraft')).toEqual([{ conversationID: 'C2Cpeer', draftText: '' }])
    await expect(engine.setMessageRead({ conversationID: 'C2Cpeer' })).resolves.toEqual({
      code: 0,
      data: null,
    })
    expect(last('setMessageRead')).toEqual([{ conversationID: 'C2Cpeer' }])
    await expect(engine.deleteConversation('C2Cpeer')).resolves.toEqual({
      code: 0,
      data: { conversationID: 'C2Cpeer' },
    })
    expect(last('deleteConversation')).toEqual(['C2Cpeer'])
  })

  it('maps a group conversation: its group, my role and mute, the @ notices', async () => {
    const { engine, resolve } = setup()
    await engine.login({ userID: 'me', userSig: 's' })
    resolve('getConversationList', {
      conversationList: [
        {
          conversationID: 'GROUP12',
          type: 'GROUP',
          unreadCount: 1,
          isPinned: false,
          messageRemindType: 'AcceptAndNotify',
          groupProfile: {
            groupID: '12',
            name: '论语读书会',
            avatar: 'g.png',
            ownerID: 'owner',
            muteAllMembers: true,
            memberCount: 3,
            selfInfo: { role: 'Member', muteUntil: 1_700_000_600 },
          },
          groupAtInfoList: [{ messageSequence: 9, atTypeArray: [1] }],
          lastMessage: null,
        },
      ],
    })
    const [c] = (await engine.getConversationList()).data.conversationList
    expect(c.groupProfile).toEqual({
      groupID: '12',
      name: '论语读书会',
      avatar: 'g.png',
      ownerID: 'owner',
      muteAllMembers: true,
      memberCount: 3,
      selfInfo: { role: 'Member', muteUntil: 1_700_000_600 },
    })
    expect(c.groupAtInfoList).toEqual([{ messageSequence: 9, atTypeArray: [1] }])
  })

  it('makes an @ message with the SDK’s createTextAtMessage', () => {
    const { engine, last } = setup()
    engine.createTextAtMessage({
      to: '12',
      conversationType: 'GROUP',
      payload: { text: '@小七 你好', atUserList: ['7', TYPES.MSG_AT_ALL] },
    })
    expect(last('createTextAtMessage')).toEqual([
      {
        to: '12',
        conversationType: 'GROUP',
        payload: { text: '@小七 你好', atUserList: ['7', '__kImSDK_MesssageAtALL__'] },
      },
    ])
  })

  it('passes a conversation call failure on as {code, message}', async () => {
    const { engine, reject } = setup()
    reject('pinConversation', { code: 2800, message: '网络异常' })
    await expect(
      engine.pinConversation({ conversationID: 'C2Cpeer', isPinned: true }),
    ).rejects.toEqual({ code: 2800, message: '网络异常' })
  })

  it('re-emits the SDK’s events with the same names and our shapes', async () => {
    const { engine, emit, calls } = setup()
    await engine.login({ userID: 'me', userSig: 's' })
    const seen: Array<{ name: EventName; data: unknown }> = []
    const listen = <E extends EventName>(name: E) =>
      engine.on(name, (event) => seen.push(event as { name: EventName; data: unknown }))
    for (const name of Object.values(EVENT)) listen(name)
    // Every event of the seam is asked of the SDK by its own name.
    expect(calls.filter((c) => c.method === 'on').map((c) => c.args[0])).toEqual(
      expect.arrayContaining(Object.values(EVENT)),
    )

    emit('onMessageReceived', [incoming()])
    emit('onMessageRevoked', [incoming({ isRevoked: true, revokerInfo: { userID: 'peer' } })])
    emit('onConversationListUpdated', [
      {
        conversationID: 'C2Cpeer',
        type: 'C2C',
        unreadCount: 1,
        isPinned: false,
        messageRemindType: 'AcceptAndNotify',
        userProfile: { userID: 'peer', nick: '书友小林', avatar: '' },
        lastMessage: null,
      },
    ])
    emit('onTotalUnreadMessageCountUpdated', 3)
    emit('kickedOut', { type: 'multipleDevice' })
    emit('netStateChange', { state: 'connecting' })
    emit('sdkStateReady', undefined)
    emit('onFriendApplicationListUpdated', { friendApplicationList: [], unreadCount: 2 })

    const by = (name: EventName) => seen.find((e) => e.name === name)?.data
    expect(by('onMessageReceived')).toEqual([
      {
        ID: 'peer-1',
        conversationID: 'C2Cpeer',
        conversationType: 'C2C',
        sequence: 42,
        type: 'TIMTextElem',
        payload: { text: '你好' },
        from: 'peer',
        to: 'me',
        nick: '书友小林',
        avatar: 'https://example.com/a.png',
        time: 1_700_000_100,
        isRevoked: false,
        revoker: '',
        cloudCustomData: '',
        flow: 'in',
        status: 'success',
        progress: 1,
      },
    ])
    expect((by('onMessageRevoked') as Message[])[0]).toMatchObject({
      isRevoked: true,
      revoker: 'peer',
    })
    expect(by('onConversationListUpdated')).toEqual([
      {
        conversationID: 'C2Cpeer',
        type: 'C2C',
        unreadCount: 1,
        isPinned: false,
        isMuted: false,
        draftText: '',
        userProfile: { userID: 'peer', nick: '书友小林', avatar: '' },
        lastMessage: null,
        lastSequence: 0,
        readSequence: 0,
        time: 0,
      },
    ])
    expect(by('onTotalUnreadMessageCountUpdated')).toBe(3)
    expect(by('kickedOut')).toEqual({ type: 'multipleDevice' })
    expect(by('netStateChange')).toEqual({ state: 'connecting' })
    expect(seen.some((e) => e.name === 'sdkStateReady')).toBe(true)
    expect(by('onFriendApplicationListUpdated')).toEqual({ unreadCount: 2 })
  })

  it('gives one object per SDK message, so a received message can be revoked', async () => {
    const { engine, emit, last } = setup()
    const got: Message[] = []
    engine.on('onMessageReceived', (e) => got.push(...e.data))
    const sdkMessage = incoming({ flow: 'out', from: 'me', to: 'peer' })
    emit('onMessageReceived', [sdkMessage])
    emit('onMessageModified', [sdkMessage])
    await engine.revokeMessage(got[0])
    expect(last('revokeMessage')).toEqual([sdkMessage])
  })
})

describe('TencentEngine reactions', () => {
  it("passes the SDK's reaction calls through with its own message objects", async () => {
    const { engine, emit, last, resolve, reject } = setup()
    const got: Message[] = []
    engine.on('onMessageReceived', (e) => got.push(...e.data))
    const sdkMessage = incoming()
    emit('onMessageReceived', [sdkMessage])
    await engine.addMessageReaction(got[0], '强')
    expect(last('addMessageReaction')).toEqual([sdkMessage, '强'])
    await engine.removeMessageReaction(got[0], '强')
    expect(last('removeMessageReaction')).toEqual([sdkMessage, '强'])
    reject('addMessageReaction', { code: 10070, message: 'limit' })
    await expect(engine.addMessageReaction(got[0], '爱心')).rejects.toEqual({
      code: 10070,
      message: 'limit',
    })

    resolve('getMessageReactions', {
      resultList: [
        {
          messageID: 'peer-1',
          reactionList: [
            {
              reactionID: '强',
              totalUserCount: 2,
              partialUserList: [{ userID: 'peer', nick: '书友小林', avatar: '' }],
              reactedByMyself: true,
            },
          ],
        },
      ],
    })
    const res = await engine.getMessageReactions({ messageList: got, maxUserCountPerReaction: 5 })
    expect(last('getMessageReactions')).toEqual([
      { messageList: [sdkMessage], maxUserCountPerReaction: 5 },
    ])
    expect(res.data.resultList[0].reactionList[0]).toEqual({
      reactionID: '强',
      totalUserCount: 2,
      partialUserList: [{ userID: 'peer', nick: '书友小林', avatar: '' }],
      reactedByMyself: true,
    })

    resolve('getAllUserListOfMessageReaction', {
      userList: [{ userID: 'peer', nick: '书友小林', avatar: '' }],
      nextSeq: 37,
      isCompleted: false,
    })
    const page = await engine.getAllUserListOfMessageReaction({
      message: got[0],
      reactionID: '强',
      nextSeq: '',
      count: 100,
    })
    expect(last('getAllUserListOfMessageReaction')).toEqual([
      { message: sdkMessage, reactionID: '强', nextSeq: 0, count: 100 },
    ])
    expect(page.data).toEqual({
      userList: [{ userID: 'peer', nick: '书友小林', avatar: '' }],
      nextSeq: '37',
      isCompleted: false,
    })
  })

  it('forwards MESSAGE_REACTIONS_UPDATED, reactedByMyself from the names when left out', async () => {
    const { engine, emit } = setup()
    await engine.login({ userID: 'me', userSig: 'sig' })
    const seen: unknown[] = []
    engine.on('onMessageReactionsUpdated', (e) => seen.push(e.data))
    emit('onMessageReactionsUpdated', {
      conversationID: 'C2Cpeer',
      changeInfoList: [
        {
          messageID: 'peer-1',
          reactionList: [
            { reactionID: '强', totalUserCount: 1, partialUserList: [{ userID: 'me' }] },
            { reactionID: '爱心', totalUserCount: 1, partialUserList: [{ userID: 'peer' }] },
          ],
        },
      ],
    })
    expect(seen).toEqual([
      {
        conversationID: 'C2Cpeer',
        changeInfoList: [
          {
            messageID: 'peer-1',
            reactionList: [
              {
                reactionID: '强',
                totalUserCount: 1,
                partialUserList: [{ userID: 'me', nick: '', avatar: '' }],
                reactedByMyself: true,
              },
              {
                reactionID: '爱心',
                totalUserCount: 1,
                partialUserList: [{ userID: 'peer', nick: '', avatar: '' }],
                reactedByMyself: false,
              },
            ],
          },
        ],
      },
    ])
  })
})
