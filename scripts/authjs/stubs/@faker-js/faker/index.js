// The few @faker-js/faker calls of auth-js's test/lib/utils.ts, without the
// package. Passwords meet the shop's rule (an upper-case letter, a digit
// and a special character), which GoTrue's test server does not have.
const { randomBytes } = require('crypto')

const alnum = (n) => randomBytes(n).toString('hex').slice(0, n)

exports.faker = {
  internet: {
    email: () => `authjs-${Date.now()}-${alnum(8)}@example.com`,
    password: () => `Pw1!${alnum(12)}`,
    domainName: () => `${alnum(8)}.example.com`,
  },
  image: { avatarGitHub: () => `https://avatars.githubusercontent.com/u/${parseInt(alnum(6), 16)}`, url: () => 'https://example.com/logo.png' },
  string: { alphanumeric: (n) => alnum(n) },
}
