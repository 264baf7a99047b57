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

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  }
})

/** Returns html with everything outside the allow-list removed. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, config)
}
