import DOMPurify from 'dompurify'

/**
 * The blog article's HTML, cleaned by DOMPurify before it reaches
 * dangerouslySetInnerHTML. The article is ours, but only the tags and
 * attributes below survive, and links may only point to http(s), mailto, our
 * own paths or a section of the page; external links open in a new tab.
 * (This module, with DOMPurify, loads only with the article.)
 */
const config = {
  ALLOWED_TAGS: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'blockquote', 'a', 'br', 'hr', 'figure', 'figcaption'],
  ALLOWED_ATTR: ['href', 'title'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
}

/** A DOMPurify that sanitizes with `config` and marks external links. */
function purifier(purify: typeof DOMPurify) {
  if (!purify.isSupported) return purify // Node, until sanitizeWithWindow
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
  return purify
}

let purify = purifier(DOMPurify)

/**
 * Gives DOMPurify a DOM where there is none: the build prerenders the
 * article in Node (web/scripts/prerender.mjs passes jsdom's window). Without
 * one, DOMPurify would hand the HTML back untouched.
 */
export function sanitizeWithWindow(window: Parameters<typeof DOMPurify>[0]) {
  purify = purifier(DOMPurify(window))
}

/** Returns html with everything outside the allow-list removed. */
export function sanitizeHtml(html: string): string {
  if (!purify.isSupported) throw new Error('sanitizeHtml: DOMPurify has no DOM to work with')
  return purify.sanitize(html, config)
}
