/**
 * A tiny allow-list HTML sanitizer for the blog's article body. The article
 * is ours, but HTML that reaches dangerouslySetInnerHTML is always cleaned:
 * only the tags and attributes below survive, and links may only point to
 * http(s), mailto or our own paths.
 */
const allowedTags = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'blockquote', 'a', 'br', 'hr', 'figure', 'figcaption'])

/** Elements dropped together with their content; anything else unknown is unwrapped. */
const droppedTags = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'textarea', 'select', 'title', 'head'])

const allowedAttributes: Record<string, Set<string>> = {
  a: new Set(['href', 'title']),
}

function safeHref(value: string): string | null {
  const v = value.trim()
  if (v.startsWith('/') && !v.startsWith('//')) return v
  if (v.startsWith('#')) return v
  try {
    const url = new URL(v)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

function clean(node: Node, into: Node, doc: Document) {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''))
      continue
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue // comments, processing instructions
    const el = child as Element
    const tag = el.tagName.toLowerCase()
    if (droppedTags.has(tag)) continue
    if (!allowedTags.has(tag)) {
      clean(el, into, doc) // keep the text, lose the tag
      continue
    }
    const out = doc.createElement(tag)
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase()
      if (!allowedAttributes[tag]?.has(name)) continue
      if (name === 'href') {
        const href = safeHref(attr.value)
        if (href === null) continue
        out.setAttribute('href', href)
        if (/^https?:/.test(href)) {
          out.setAttribute('target', '_blank')
          out.setAttribute('rel', 'noopener noreferrer')
        }
        continue
      }
      out.setAttribute(name, attr.value)
    }
    clean(el, out, doc)
    into.appendChild(out)
  }
}

/** Returns html with everything outside the allow-list removed. */
export function sanitizeHtml(html: string): string {
  // A parsed document of type text/html never runs scripts or loads images.
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const target = document.implementation.createHTMLDocument('')
  const root = target.createElement('div')
  clean(source.body, root, target)
  return root.innerHTML
}
