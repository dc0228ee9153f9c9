/**
 * Operator-written rich text (agreements, notices) reaches the app's RichText, which on H5 sets
 * innerHTML. Only plain structural tags without attributes survive; everything else is shown as
 * text. Escaping all and then restoring exact allowed tags cannot let an attribute or script
 * through, whatever the input looks like.
 */
const ALLOWED = ['p', 'h3', 'h4', 'b', 'strong', 'em', 'i', 'u', 'ul', 'ol', 'li', 'blockquote']

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

const restore = new RegExp(`&lt;(/?)(${ALLOWED.join('|')})&gt;`, 'gi')

export function sanitizeRichText(html: string): string {
  return html
    .replace(/[&<>"']/g, (ch) => ESCAPES[ch])
    .replace(restore, (_m, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`)
    .replace(/&lt;br\s*\/?&gt;/gi, '<br/>')
}
