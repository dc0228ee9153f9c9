/**
 * The builds `npm start` and `npm test` run are production builds whatever NODE_ENV the shell has:
 * a development H5 bundle served by `npm start` is a blank page ($RefreshReg$ is not defined). The
 * weapp checks run the chat adapter's chunk as WeChat would (scripts/check-weapp-chat-chunk.mjs).
 */
import pkg from '../../package.json'

describe('build scripts', () => {
  it.each(['build:h5', 'build:weapp'])('%s builds for production', (name) => {
    expect((pkg.scripts as Record<string, string>)[name]).toMatch(
      /^NODE_ENV=production taro build /,
    )
  })

  it('npm start builds the H5 app before serving it', () => {
    expect(pkg.scripts.start).toBe('npm run build:h5 && npm run serve')
  })

  it('both weapp checks load the chat adapter chunk the way WeChat does (require.async)', () => {
    const scripts = pkg.scripts as Record<string, string>
    expect(scripts['check:weapp']).toBe(
      'node scripts/check-weapp.mjs && node scripts/check-weapp-chat-chunk.mjs',
    )
    expect(scripts['check:weapp:tencent']).toBe(
      'node scripts/check-weapp.mjs --dir dist/weapp-tencent --chat-sdk && ' +
        'node scripts/check-weapp-chat-chunk.mjs --dir dist/weapp-tencent --engine tencent',
    )
  })
})
