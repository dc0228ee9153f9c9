/**
 * @jest-environment node
 */
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { handlerRules } from '../../config/eslintHandlerRules.mjs'

// The mini-program crash of issue 10: Taro's weapp runtime fails when the last handler leaves a
// mounted element. These rules must keep refusing the two shapes that cause it.
const linter = new Linter({ configType: 'flat' })
const config: Linter.Config[] = [
  {
    files: ['**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: { 'no-restricted-syntax': ['error', ...handlerRules] },
  },
]
const messages = (code: string) =>
  linter.verify(code, config, 'page.tsx').map((m) => `${m.line}: ${m.message}`)

describe('ESLint rules for handlers in the mini-program', () => {
  it('refuses a handler that goes away on a Taro element', () => {
    expect(
      messages('const a = <Text onClick={failed ? retry : undefined}>重试</Text>'),
    ).toHaveLength(1)
    expect(messages('const a = <View onClick={failed && retry} />')).toHaveLength(1)
  })

  it('refuses an unkeyed fragment as a branch of a condition', () => {
    const code =
      'const a = <View>{mine ? <><Text>第1名</Text></> : <Text onClick={retry}>重试</Text>}</View>'
    expect(messages(code)).toEqual([expect.stringContaining('Give the fragment a key')])
  })

  it('lets through a steady handler, a keyed fragment and optional props of our components', () => {
    const code = [
      'const a = <Text onClick={retry}>重试</Text>',
      'const b = <View>{mine ? <Fragment key="mine"><Text>1</Text></Fragment> : <Text>2</Text>}</View>',
      'const c = <CommentBar onCancelReply={replying ? cancel : undefined} />',
    ].join('\n')
    expect(messages(code)).toEqual([])
  })
})
