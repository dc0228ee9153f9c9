import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import zlib from 'node:zlib'
import { contentSecurityPolicy, inlineScriptHashes } from '../src/http/securityHeaders'
import { startServer, type TestServer } from './helpers'

// A built H5 app in miniature: index.html with Taro's kind of inline script, a hashed script with
// its brotli and gzip copies, a hashed style without copies, an unhashed file and the page manifest.
const INLINE = '!function(n){n.document.documentElement.style.fontSize="20px"}(window);'
const INDEX_HTML =
  '<!doctype html><html><head><title>书友</title>' +
  `<script>${INLINE}</script>` +
  '<script defer="defer" src="/js/app.1a2b3c4d.js"></script></head>' +
  '<body><div id="app"></div></body></html>'
const APP_JS = `console.log(${JSON.stringify('书友'.repeat(400))})\n`
const MANIFEST = {
  home: 'pages/index/index',
  pages: {
    'pages/index/index': ['js/72.0f0e0d0c.js', 'css/72.0a0b0c0d.css'],
    'pagesA/read/read': ['js/9.aaaabbbb.js'],
  },
}
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`

interface RawReply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A GET over HTTP that keeps the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) map.set(name, sources)
  }
  return map
}

let s: TestServer
before(async () => {
  s = await startServer()
  const dist = path.join(s.dir, 'h5')
  fs.mkdirSync(path.join(dist, 'js'), { recursive: true })
  fs.mkdirSync(path.join(dist, 'css'), { recursive: true })
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML)
  fs.writeFileSync(path.join(dist, 'js', 'app.1a2b3c4d.js'), APP_JS)
  fs.writeFileSync(path.join(dist, 'js', 'app.1a2b3c4d.js.br'), zlib.brotliCompressSync(APP_JS))
  fs.writeFileSync(path.join(dist, 'js', 'app.1a2b3c4d.js.gz'), zlib.gzipSync(APP_JS))
  fs.writeFileSync(path.join(dist, 'css', 'app.0a1b2c3d.css'), 'body{margin:0}')
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n')
  fs.writeFileSync(path.join(dist, 'page-chunks.json'), JSON.stringify(MANIFEST))
})
after(() => s.close())

describe('the H5 app: compression and caching', () => {
  test('a hashed script comes as brotli, gzip or plain as the request accepts, cached a year', async () => {
    const url = `${s.base}/js/app.1a2b3c4d.js`
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    assert.equal(br.status, 200)
    assert.equal(br.headers['content-encoding'], 'br')
    assert.match(br.headers['content-type'] ?? '', /javascript/)
    assert.equal(zlib.brotliDecompressSync(br.body).toString(), APP_JS)
    assert.ok(br.body.length < Buffer.byteLength(APP_JS) / 4, 'the compressed copy is sent')
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.match(br.headers.vary ?? '', /accept-encoding/i)
    assert.equal(br.headers['x-content-type-options'], 'nosniff')

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' })
    assert.equal(gz.headers['content-encoding'], 'gzip')
    assert.equal(zlib.gunzipSync(gz.body).toString(), APP_JS)
    assert.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable')

    const plain = await rawGet(url)
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.body.toString(), APP_JS)
    assert.match(plain.headers.vary ?? '', /accept-encoding/i)
  })

  test('an encoding the request refuses (q=0) is not sent', async () => {
    const url = `${s.base}/js/app.1a2b3c4d.js`
    const gz = await rawGet(url, { 'accept-encoding': 'br;q=0, gzip' })
    assert.equal(gz.headers['content-encoding'], 'gzip')
    const none = await rawGet(url, { 'accept-encoding': 'identity, *;q=0' })
    assert.equal(none.headers['content-encoding'], undefined)
    assert.equal(none.body.toString(), APP_JS)
  })

  test('a hashed file without compressed copies is sent as it is, immutable', async () => {
    const css = await rawGet(`${s.base}/css/app.0a1b2c3d.css`, { 'accept-encoding': 'br, gzip' })
    assert.equal(css.status, 200)
    assert.equal(css.headers['content-encoding'], undefined)
    assert.equal(css.body.toString(), 'body{margin:0}')
    assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable')
  })

  test('index.html and unhashed files are revalidated on every use', async () => {
    for (const url of ['/', '/index.html', '/pagesA/read/read?id=3']) {
      const res = await rawGet(s.base + url, { 'accept-encoding': 'br, gzip' })
      assert.equal(res.status, 200, url)
      assert.equal(res.headers['cache-control'], 'no-cache', url)
      assert.equal(res.body.toString(), INDEX_HTML, url)
    }
    const robots = await rawGet(`${s.base}/robots.txt`)
    assert.equal(robots.headers['cache-control'], 'no-cache')
  })

  test('a script the build does not have is a 404, not the document', async () => {
    const res = await rawGet(`${s.base}/js/gone.99999999.js`)
    assert.equal(res.status, 404)
    assert.doesNotMatch(res.body.toString(), /<html/)
  })

  test("the document names its page's chunks in a preload Link header", async () => {
    const home = await rawGet(`${s.base}/`)
    assert.equal(
      home.headers.link,
      '</js/72.0f0e0d0c.js>; rel=preload; as=script, </css/72.0a0b0c0d.css>; rel=preload; as=style',
    )
    const read = await rawGet(`${s.base}/pagesA/read/read?id=3`)
    assert.equal(read.headers.link, '</js/9.aaaabbbb.js>; rel=preload; as=script')
    const unknown = await rawGet(`${s.base}/pagesA/nothing/here`)
    assert.equal(unknown.headers.link, undefined)
  })
})

describe('the H5 app: security headers', () => {
  test('the document has the CSP with the inline script hash, and the other headers', async () => {
    for (const url of ['/', '/pages/mine/index']) {
      const res = await rawGet(s.base + url)
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
      const csp = directives(res.headers['content-security-policy'] as string)
      assert.deepEqual(csp.get('base-uri'), ["'self'"])
      assert.deepEqual(csp.get('object-src'), ["'none'"])
      assert.deepEqual(csp.get('script-src'), ["'self'", INLINE_HASH])
      assert.deepEqual(csp.get('connect-src'), ["'self'", 'blob:'])
      assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:', 'https:'])
      assert.deepEqual(csp.get('media-src'), ["'self'", 'blob:'])
      assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"])
      assert.deepEqual(csp.get('frame-src'), ["'self'"])
      assert.deepEqual(csp.get('frame-ancestors'), ["'self'"])
    }
  })

  test('scripts and styles carry the base headers, not the CSP', async () => {
    const js = await rawGet(`${s.base}/js/app.1a2b3c4d.js`)
    assert.equal(js.headers['x-content-type-options'], 'nosniff')
    assert.equal(js.headers['x-frame-options'], 'SAMEORIGIN')
    assert.equal(js.headers['content-security-policy'], undefined)
  })

  test('the API origin, extra call origins and web-view hosts come from the environment', async () => {
    const set = {
      TARO_APP_API_BASE: 'https://api.example.com/',
      CSP_CONNECT_SRC: 'https://log.example.com, not a url',
      TARO_APP_WEBVIEW_HOSTS: 'activity.example.org',
    }
    const saved = Object.fromEntries(Object.keys(set).map((key) => [key, process.env[key]]))
    Object.assign(process.env, set)
    try {
      const res = await rawGet(`${s.base}/`)
      const csp = directives(res.headers['content-security-policy'] as string)
      assert.deepEqual(csp.get('connect-src'), [
        "'self'",
        'blob:',
        'https://api.example.com',
        'https://log.example.com',
      ])
      assert.deepEqual(csp.get('img-src'), [
        "'self'",
        'data:',
        'blob:',
        'https:',
        'https://api.example.com',
      ])
      assert.deepEqual(csp.get('media-src'), ["'self'", 'blob:', 'https://api.example.com'])
      assert.deepEqual(csp.get('frame-src'), [
        "'self'",
        'activity.example.org',
        '*.activity.example.org',
        'api.example.com',
        '*.api.example.com',
      ])
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  })

  test('a rebuilt index.html gets its new hash', async () => {
    const dist = path.join(s.dir, 'h5')
    const other = 'window.rebuilt=1'
    const html = INDEX_HTML.replace(INLINE, other)
    fs.writeFileSync(path.join(dist, 'index.html'), html)
    // A different size: the cache key changes even within the file system's time resolution.
    try {
      const res = await rawGet(`${s.base}/`)
      const expected = `'sha256-${createHash('sha256').update(other).digest('base64')}'`
      assert.deepEqual(
        directives(res.headers['content-security-policy'] as string).get('script-src'),
        ["'self'", expected],
      )
    } finally {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML)
    }
  })

  test('only inline scripts are hashed; the policy never allows unsafe-inline scripts', () => {
    const hashes = inlineScriptHashes(
      '<script src="/a.js"></script><script>one()</script><SCRIPT type="text/javascript">two()</SCRIPT><script></script>',
    )
    const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`
    assert.deepEqual(hashes, [sha('one()'), sha('two()')])
    const script = directives(contentSecurityPolicy(hashes, {})).get('script-src') ?? []
    assert.ok(!script.includes("'unsafe-inline'"))
    assert.ok(!script.includes("'unsafe-eval'"))
  })
})
