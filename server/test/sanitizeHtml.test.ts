import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { sanitizeRichText } from '../src/http/sanitizeHtml'

describe('operator rich text', () => {
  test('keeps plain structural tags', () => {
    const html = '<h3>一、总则</h3><p>欢迎<b>阅读</b>。<br/>第二行</p><ul><li>一</li></ul>'
    assert.equal(sanitizeRichText(html), html.replace('<br/>', '<br/>'))
  })

  test('turns anything that could run or load into text', () => {
    const cases = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<p onclick="alert(1)">x</p>',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="//evil"></iframe>',
      '<svg/onload=alert(1)>',
      '<P STYLE="x">y</P>',
    ]
    for (const input of cases) {
      const out = sanitizeRichText(input)
      // every '<' left starts an allowed tag without attributes; the rest is escaped text
      const rest = out.replace(/<\/?(p|h3|h4|b|strong|em|i|u|ul|ol|li|blockquote)>|<br\/>/g, '')
      assert.doesNotMatch(rest, /[<>"]/, `${input} -> ${out}`)
    }
    assert.equal(sanitizeRichText('<script>x</script>'), '&lt;script&gt;x&lt;/script&gt;')
  })
})
