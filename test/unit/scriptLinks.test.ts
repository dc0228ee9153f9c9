import { stopScriptLinkNavigation } from '@/core/scriptLinks'

function click(el: Element): { prevented: boolean; handled: boolean } {
  let handled = false
  el.addEventListener('click', () => (handled = true))
  const event = new MouseEvent('click', { bubbles: true, cancelable: true })
  el.dispatchEvent(event)
  return { prevented: event.defaultPrevented, handled }
}

test('a javascript: link runs its handler but is not followed; other links are', () => {
  document.body.innerHTML =
    '<a id="tab" href="javascript:;"><span id="label">首页</span></a><a id="web" href="/pages/mine/index">我的</a>'
  stopScriptLinkNavigation(document)
  expect(click(document.getElementById('label') as Element)).toEqual({
    prevented: true,
    handled: true,
  })
  expect(click(document.getElementById('tab') as Element)).toEqual({
    prevented: true,
    handled: true,
  })
  expect(click(document.getElementById('web') as Element)).toEqual({
    prevented: false,
    handled: true,
  })
})
