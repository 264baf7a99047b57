import '@testing-library/jest-dom/vitest'

// jsdom loads no pictures and has no HTMLImageElement.decode (the reader decodes the next pages' pictures ahead).
if (typeof HTMLImageElement !== 'undefined' && !('decode' in HTMLImageElement.prototype)) {
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: () => Promise.resolve(), configurable: true })
}
