/**
 * The emoji picker, a face in the list and the tools menu's pages (issue 30): basic emoji go into
 * the text, big and custom ones are sent as faces, every emoji is a button with its Chinese name,
 * the custom tab without a base URL shows a warning and logs once.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import EmojiPicker from '@/TUIKit/components/TUIChat/EmojiPicker'
import MessageFace from '@/TUIKit/components/TUIChat/message-elements/MessageFace'
import ToolPages from '@/TUIKit/components/TUIChat/ToolPages'
import type { Message } from '@/TUIKit/engine/types'
import { setUpTaroDom } from './helpers/taroDom'

beforeAll(setUpTaroDom)
afterEach(() => {
  delete process.env.TARO_APP_CUSTOM_EMOJI_URL
})

/** An Image's source (Taro's image element keeps it as a property). */
const srcOf = (el: Element): string | undefined => {
  const image = el.matches('taro-image-core') ? el : el.querySelector('taro-image-core')
  return (image as { src?: string } | null)?.src
}

const tab = (id: string) => fireEvent.click(screen.getByTestId(`emoji-tab-${id}`))

describe('EmojiPicker', () => {
  it('表情 types a basic emoji into the text', () => {
    const onInsert = jest.fn()
    const onFace = jest.fn()
    render(<EmojiPicker onInsert={onInsert} onFace={onFace} />)
    const all = screen.getAllByTestId('emoji')
    expect(all).toHaveLength(62)
    const book = all.find((e) => e.getAttribute('aria-label') === '书')
    expect(book?.getAttribute('role')).toBe('button')
    fireEvent.click(book as HTMLElement)
    expect(onInsert).toHaveBeenCalledWith('📖')
    expect(onFace).not.toHaveBeenCalled()
  })

  it('a big emoji tab: buttons named in Chinese, a tap sends the face', () => {
    const onFace = jest.fn()
    render(<EmojiPicker onInsert={jest.fn()} onFace={onFace} />)
    expect(screen.getByTestId('emoji-tab-basic').getAttribute('aria-pressed')).toBe('true')
    tab('animals')
    expect(screen.getByTestId('emoji-tab-animals').getAttribute('aria-label')).toBe('小动物')
    const big = screen.getAllByTestId('big-emoji')
    expect(big).toHaveLength(16)
    expect(big[2].getAttribute('aria-label')).toBe('小熊')
    expect(srcOf(big[2])).toBe('/TUIKit/big-emoji/animals/2.png')
    fireEvent.click(big[2])
    expect(onFace).toHaveBeenCalledWith({ index: 2, data: 'animals@小熊' })
    tab('faces')
    expect(screen.getAllByTestId('big-emoji')).toHaveLength(18)
    tab('hands')
    expect(screen.getAllByTestId('big-emoji')).toHaveLength(17)
  })

  it('自定义 without a base URL: a warning, logged once', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    render(<EmojiPicker onInsert={jest.fn()} onFace={jest.fn()} />)
    tab('custom')
    expect(screen.getByTestId('custom-emoji-missing').textContent).toBe('未配置自定义表情')
    expect(screen.queryAllByTestId('custom-emoji')).toHaveLength(0)
    tab('basic')
    tab('custom')
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('自定义 with a base URL: 140 images <base>/<n>.png', () => {
    process.env.TARO_APP_CUSTOM_EMOJI_URL = 'https://cdn.example.com/emoji/'
    const onFace = jest.fn()
    render(<EmojiPicker onInsert={jest.fn()} onFace={onFace} />)
    tab('custom')
    const custom = screen.getAllByTestId('custom-emoji')
    expect(custom).toHaveLength(140)
    expect(custom[5].getAttribute('aria-label')).toBe('自定义表情6')
    expect(srcOf(custom[5])).toBe('https://cdn.example.com/emoji/5.png')
    fireEvent.click(custom[5])
    expect(onFace).toHaveBeenCalledWith({ index: 5, data: 'custom@5' })
  })
})

const face = (payload: Record<string, unknown>) =>
  ({ ID: 'f', type: 'TIMFaceElem', payload }) as unknown as Message

describe('MessageFace', () => {
  it('a big emoji shows its image, named', () => {
    render(<MessageFace message={face({ index: 0, data: 'hands@点赞' })} />)
    const shown = screen.getByTestId('msg-face')
    expect(shown.getAttribute('aria-label')).toBe('点赞')
    expect(shown.className).toContain('msg-face--image')
    expect(srcOf(shown)).toBe('/TUIKit/big-emoji/hands/0.png')
  })

  it('a basic emoji shows its character; an unknown face its text', () => {
    const { unmount } = render(<MessageFace message={face({ index: 0, data: '微笑' })} />)
    expect(screen.getByTestId('msg-face').textContent).toBe('🙂')
    unmount()
    render(<MessageFace message={face({ index: 4, data: 'faces@不存在' })} />)
    expect(screen.getByTestId('msg-face').textContent).toBe('[faces@不存在]')
  })
})

describe('ToolPages', () => {
  const tools = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      key: `t${i}`,
      icon: '•',
      label: `工具${i}`,
      run: jest.fn(),
    }))

  it('pages of eight, dots only past two pages, each tool a named button', () => {
    const { unmount } = render(<ToolPages tools={tools(9)} />)
    expect(screen.getByTestId('tools-panel').getAttribute('data-dots')).toBe('off')
    expect(screen.getByTestId('tool-t8').getAttribute('aria-label')).toBe('工具8')
    unmount()
    const many = tools(17)
    render(<ToolPages tools={many} />)
    expect(screen.getByTestId('tools-panel').getAttribute('data-dots')).toBe('on')
    fireEvent.click(screen.getByTestId('tool-t16'))
    expect(many[16].run).toHaveBeenCalled()
  })
})
