/**
 * The builds `npm start` and `npm test` run are production builds whatever NODE_ENV the shell has:
 * a development H5 bundle served by `npm start` is a blank page ($RefreshReg$ is not defined).
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
})
