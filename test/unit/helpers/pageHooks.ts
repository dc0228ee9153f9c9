/**
 * Taro's page hooks for pages drawn outside a Taro page, where they would do nothing: the result
 * of a jest.mock factory for '@tarojs/plugin-framework-react/dist/runtime'. The hooks named in
 * `noop` do nothing, `hooks` replace others, and the rest stay Taro's:
 *
 *   jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
 *     jest.requireActual('./helpers/pageHooks').fakePageHooks(['useDidShow'], { useRouter }),
 *   )
 */
export function fakePageHooks(
  noop: readonly string[],
  hooks: Record<string, unknown> = {},
): Record<string, unknown> {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const out: Record<string, unknown> = { ...actual }
  for (const name of noop) out[name] = () => undefined
  return { ...out, ...hooks }
}
