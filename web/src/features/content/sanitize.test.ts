import { describe, expect, it } from 'vitest'
import { sanitizeHtml, sanitizeWithWindow } from './sanitize'

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong> and <em>soft</em> words.</p><ul><li>One</li></ul><blockquote>Quote</blockquote>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('drops scripts, styles and their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>Hi</p>')
  })

  it('removes event handlers and other attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" class="x" style="color:red">Hi</p>')).toBe('<p>Hi</p>')
  })

  it('removes images that could run code on error', () => {
    expect(sanitizeHtml('<p>a<img src=x onerror="alert(1)">b</p>')).toBe('<p>ab</p>')
  })

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<p><span>kept</span> <marquee>text</marquee></p>')).toBe('<p>kept text</p>')
  })

  it('allows safe links and opens external ones in a new tab', () => {
    expect(sanitizeHtml('<a href="/books/3">Book</a>')).toBe('<a href="/books/3">Book</a>')
    expect(sanitizeHtml('<a href="https://example.com/x">Ext</a>')).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">Ext</a>')
  })

  it('strips javascript: and protocol-relative links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>')
  })

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;</p>')).toBe('<p>&lt;script&gt;</p>')
  })

  it('sanitizes the same with a DOM it is given, as the build does in Node', () => {
    sanitizeWithWindow(window) // a DOMPurify of its own, on the given window
    expect(sanitizeHtml('<p onclick="x()">Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>')
    expect(sanitizeHtml('<a href="https://example.com/x">Ext</a>')).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">Ext</a>')
  })
})
