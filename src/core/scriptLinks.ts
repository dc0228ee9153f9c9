import { isH5 } from './platform'

/**
 * H5 only: clicks on `javascript:` links do nothing beyond their handlers. Taro's tab bar draws
 * its tabs as `<a href="javascript:;">` with a click handler; after the handler the browser would
 * follow the link, which the Content-Security-Policy (no inline script) refuses with an error on
 * every tab tap. Such a link's own navigation does nothing anyway, so it is not started.
 */
export function stopScriptLinkNavigation(doc: Document | null = h5Document()): void {
  doc?.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null
      const link = target?.closest('a[href]')
      if (link && /^\s*javascript:/i.test(link.getAttribute('href') ?? '')) event.preventDefault()
    },
    true,
  )
}

const h5Document = (): Document | null =>
  isH5() && typeof document !== 'undefined' ? document : null
