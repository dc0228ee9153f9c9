/**
 * The jest transformer for src and test. babel-jest (preset-env for node + preset-typescript) turns
 * ESM into CommonJS and hoists jest.mock(); JSX is compiled first by esbuild (the React automatic
 * runtime), because babel-preset-taro needs @babel/preset-react, which is not installed.
 */
const path = require('path')
const babelJest = require('babel-jest').default
const esbuild = require('esbuild')

const babel = babelJest.createTransformer({
  babelrc: false,
  configFile: false,
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' } }],
    ['@babel/preset-typescript', { allowDeclareFields: true }],
  ],
})

const JSX = new Set(['.tsx', '.jsx'])

function compileJsx(source, filename) {
  const ext = path.extname(filename)
  if (!JSX.has(ext)) return source
  return esbuild.transformSync(source, {
    loader: ext.slice(1),
    jsx: 'automatic',
    format: 'esm',
    target: 'es2022',
    sourcefile: filename,
    sourcemap: 'inline',
  }).code
}

module.exports = {
  canInstrument: babel.canInstrument,
  getCacheKey(source, filename, options) {
    return babel.getCacheKey(source, filename, options) + ':jsx-esbuild-1'
  },
  process(source, filename, options) {
    return babel.process(compileJsx(source, filename), filename, options)
  },
}
