import fs from 'node:fs'
import path from 'node:path'

/** Written by the H5 build (config/h5Webpack.ts): each page's chunk files, and the home page. */
const MANIFEST = 'page-chunks.json'

interface PageChunks {
  home: string | null
  pages: Record<string, string[]>
}

const cache = new Map<string, { key: string; manifest: PageChunks | null }>()

/** The build's page-chunks.json, read again only when it changes; null when absent or unreadable. */
function pageChunks(h5Dist: string): PageChunks | null {
  const file = path.join(h5Dist, MANIFEST)
  let key: string
  try {
    const stat = fs.statSync(file)
    key = `${stat.mtimeMs}:${stat.size}`
  } catch {
    return null
  }
  const cached = cache.get(file)
  if (cached && cached.key === key) return cached.manifest
  let manifest: PageChunks | null = null
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PageChunks>
    if (data && typeof data.pages === 'object' && data.pages !== null) {
      manifest = { home: typeof data.home === 'string' ? data.home : null, pages: data.pages }
    }
  } catch {
    manifest = null
  }
  cache.set(file, { key, manifest })
  return manifest
}

const SAFE_FILE = /^[\w./-]+\.(js|css)$/

/**
 * The preload Link header for the document of a path (`/` is the home page): the chunks of that
 * page's code and styles, so the browser fetches them with the app's own scripts. Null for a
 * path that is no page of the build.
 */
export function preloadLinks(h5Dist: string, pathname: string): string | null {
  const manifest = pageChunks(h5Dist)
  if (!manifest) return null
  const route = pathname.replace(/^\/+|\/+$/g, '').replace(/\.html$/, '')
  const page = route === '' ? manifest.home : route
  const files = page ? manifest.pages[page] : undefined
  if (!Array.isArray(files)) return null
  const links = files
    .filter((file) => typeof file === 'string' && SAFE_FILE.test(file) && !file.includes('..'))
    .map((file) => `</${file}>; rel=preload; as=${file.endsWith('.css') ? 'style' : 'script'}`)
  return links.length > 0 ? links.join(', ') : null
}
