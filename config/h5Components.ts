import fs from 'fs'
import path from 'path'

const ROOT = path.resolve(__dirname, '..')
const LIB = path.join(ROOT, 'node_modules', '@tarojs', 'components', 'lib', 'react')
const OUT = path.join(ROOT, 'node_modules', '.cache', 'h5-components')

/** A proxy's line: const View = <pure> createReactComponent('taro-view-core', undefined, ...) */
const PROXY =
  /^const (\w+) = \/\*@__PURE__\*\/ createReactComponent\('([\w-]+)', undefined, manipulatePropsFunction, (\w+)\);$/gm

/**
 * Taro's H5 components for React, one module per component, and the path of their index.
 *
 * Taro defines all its React component proxies in one module (lib/react/components.js). Webpack
 * keeps what any page uses of a module, so every page chunk that needed a View also carried the
 * Picker, the Textarea and their web components. The same proxies, written one to a file from
 * Taro's own source at build time, let each page chunk hold the components it uses.
 * Answers null (Taro's single module stays in use) if Taro's file no longer has that shape.
 */
export function splitH5Components(): string | null {
  const source = fs.readFileSync(path.join(LIB, 'components.js'), 'utf8')
  const proxies = [...source.matchAll(PROXY)].map(([, name, tag, define]) => ({
    name,
    tag,
    define,
  }))
  const exported =
    /^export \{([^}]+)\};$/m
      .exec(source)?.[1]
      .split(',')
      .map((s) => s.trim()) ?? []
  const missing = exported.filter(
    (name) => name !== 'Block' && !proxies.some((p) => p.name === name),
  )
  if (proxies.length === 0 || missing.length > 0) {
    console.warn(`[h5Components] Taro's component proxies changed shape; not split (${missing})`)
    return null
  }
  fs.mkdirSync(OUT, { recursive: true })
  const lib = (file: string) => JSON.stringify(path.join(LIB, file))
  for (const { name, tag, define } of proxies) {
    const body = [
      `import { manipulatePropsFunction } from ${lib('helper.js')}`,
      `import { createReactComponent } from ${lib('react-component-lib/createComponent.js')}`,
      `import { ${define} } from '@tarojs/components/dist/components'`,
      `export default /*@__PURE__*/ createReactComponent('${tag}', undefined, manipulatePropsFunction, ${define})`,
      '',
    ].join('\n')
    writeIfChanged(path.join(OUT, `${name}.js`), body)
  }
  const index = [
    "export { Fragment as Block } from 'react'",
    ...proxies.map(({ name }) => `export { default as ${name} } from './${name}.js'`),
    '',
  ].join('\n')
  writeIfChanged(path.join(OUT, 'index.js'), index)
  writeIfChanged(
    path.join(OUT, 'package.json'),
    `${JSON.stringify({ name: 'h5-components', private: true, sideEffects: false })}\n`,
  )
  return path.join(OUT, 'index.js')
}

/** Rewrites a file only when its content changes (a watching build would rebuild otherwise). */
function writeIfChanged(file: string, content: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return
  fs.writeFileSync(file, content)
}
