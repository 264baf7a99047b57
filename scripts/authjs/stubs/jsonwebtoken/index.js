// jsonwebtoken's sign (HS256 only), which auth-js's test/lib/utils.ts and a
// few client-side tests use to make tokens, without the package.
const { createHmac } = require('crypto')

const b64 = (v) => Buffer.from(v).toString('base64url')

exports.sign = (payload, secret) => {
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const body = b64(JSON.stringify({ iat: Math.floor(Date.now() / 1000), ...payload }))
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`
}
