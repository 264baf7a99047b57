// Drives a running `bookshop serve --dev` through the account flows with the
// official @supabase/auth-js client, as the web app uses it (PKCE flow).
//
//   node web/scripts/auth-smoke.mjs http://localhost:8080
//
// It reads e-mails from the development mailbox (/api/dev/mail), so the
// server must run with --dev, and with a high RATE_LIMIT_PER_MINUTE.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { GoTrueClient } = require('@supabase/auth-js')

const base = (process.argv[2] || 'http://localhost:8080').replace(/\/$/, '')

function memoryStorage() {
  const items = new Map()
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  }
}

function newClient() {
  return new GoTrueClient({
    url: `${base}/auth/v1`,
    flowType: 'pkce',
    storage: memoryStorage(),
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  })
}

// latestLink returns the newest link sent to an address, for the given
// verification type.
async function latestLink(email, type) {
  const res = await fetch(`${base}/api/dev/mail`)
  assert.equal(res.status, 200, 'development mailbox (is the server running with --dev?)')
  for (const m of await res.json()) {
    if (m.to !== email) continue
    const link = (m.text.match(/https?:\/\/\S+/g) || []).find((l) => l.includes(`type=${type}`))
    if (link) return link
  }
  throw new Error(`no ${type} e-mail for ${email}`)
}

// openLink follows a verify link like a browser and returns the URL the
// server redirects to.
async function openLink(link) {
  const res = await fetch(link, { redirect: 'manual' })
  assert.equal(res.status, 303, `verify link answers 303, got ${res.status}`)
  return new URL(res.headers.get('location'))
}

async function step(name, fn) {
  try {
    await fn()
    console.log(`ok   ${name}`)
  } catch (err) {
    console.error(`FAIL ${name}\n     ${err.stack || err}`)
    process.exitCode = 1
    throw err
  }
}

const email = `smoke-${Date.now()}@example.com`
const password = 'Sm0ke!test'
const newPassword = 'N3w!password'
const client = newClient()

await step('settings says e-mail sign-in is enabled', async () => {
  const res = await fetch(`${base}/auth/v1/settings`)
  const s = await res.json()
  assert.equal(s.external.email, true)
})

await step('signUp creates an unconfirmed user, no session', async () => {
  const { data, error } = await client.signUp({
    email,
    password,
    options: {
      emailRedirectTo: `${base}/auth/email/callback`,
      data: { first_name: 'Smoke', last_name: 'Test', account_status: 'Pending Verification' },
    },
  })
  assert.equal(error, null)
  assert.equal(data.user.email, email)
  assert.equal(data.session, null)
})

await step('weak password is refused with reasons', async () => {
  const { error } = await newClient().signUp({ email: `weak-${email}`, password: 'short' })
  assert.equal(error.code, 'weak_password')
  assert.ok(error.reasons.includes('length'))
})

await step('signing in before confirming: email_not_confirmed', async () => {
  const { error } = await newClient().signInWithPassword({ email, password })
  assert.equal(error.code, 'email_not_confirmed')
})

await step('resend within 60 s: over_email_send_rate_limit with seconds', async () => {
  // Another client (another tab): a failed PKCE request in auth-js drops the
  // latest code verifier, which here belongs to the sign-up.
  const { error } = await newClient().resend({ type: 'signup', email })
  assert.equal(error.code, 'over_email_send_rate_limit')
  assert.match(error.message, /after \d+ seconds/)
})

await step('confirmation link redirects with ?code=, exchanged for a session', async () => {
  const target = await openLink(await latestLink(email, 'signup'))
  assert.equal(target.pathname, '/auth/email/callback')
  const code = target.searchParams.get('code')
  assert.ok(code, `no code in ${target}`)
  const { data, error } = await client.exchangeCodeForSession(code)
  assert.equal(error, null)
  assert.ok(data.session.access_token)
  assert.ok(data.user.email_confirmed_at)
})

await step('the confirmation link works only once', async () => {
  const target = await openLink(await latestLink(email, 'signup'))
  const fragment = new URLSearchParams(target.hash.slice(1))
  assert.equal(fragment.get('error_code'), 'otp_expired')
  assert.equal(target.searchParams.get('error_code'), 'otp_expired')
})

await step('profile is Active after verification', async () => {
  const { data } = await client.getSession()
  const res = await fetch(`${base}/api/profile`, { headers: { Authorization: `Bearer ${data.session.access_token}` } })
  const p = await res.json()
  assert.equal(p.email_verification_status, 'Active')
  assert.equal(p.account_status, 'Active')
  assert.equal(p.first_name, 'Smoke')
})

await step('signInWithPassword', async () => {
  const { data, error } = await client.signInWithPassword({ email, password })
  assert.equal(error, null)
  assert.equal(data.user.email, email)
})

await step('wrong password: invalid_credentials', async () => {
  const { error } = await newClient().signInWithPassword({ email, password: 'Wr0ng!pass' })
  assert.equal(error.code, 'invalid_credentials')
})

await step('refreshSession rotates the refresh token', async () => {
  const before = (await client.getSession()).data.session
  const { data, error } = await client.refreshSession()
  assert.equal(error, null)
  assert.notEqual(data.session.refresh_token, before.refresh_token)
})

await step('getUser', async () => {
  const { data, error } = await client.getUser()
  assert.equal(error, null)
  assert.equal(data.user.email, email)
})

await step('updateUser changes metadata and password', async () => {
  const { data, error } = await client.updateUser({ password: newPassword, data: { first_name: 'Smokey' } })
  assert.equal(error, null)
  assert.equal(data.user.user_metadata.first_name, 'Smokey')
  const other = await newClient().signInWithPassword({ email, password: newPassword })
  assert.equal(other.error, null)
})

await step('signOut ends the session on the server', async () => {
  const token = (await client.getSession()).data.session.access_token
  const { error } = await client.signOut()
  assert.equal(error, null)
  const res = await fetch(`${base}/auth/v1/user`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01' },
  })
  assert.equal(res.status, 403)
  assert.equal((await res.json()).code, 'session_not_found')
})

await step('resetPasswordForEmail: recovery link, PASSWORD_RECOVERY session, new password', async () => {
  const recovering = newClient()
  const events = []
  recovering.onAuthStateChange((event) => events.push(event))
  // Each e-mail type has its own cooldown, as in GoTrue: no wait after the sign-up's e-mail.
  const { error } = await recovering.resetPasswordForEmail(email, { redirectTo: `${base}/update-password` })
  assert.equal(error, null)
  const target = await openLink(await latestLink(email, 'recovery'))
  assert.equal(target.pathname, '/update-password')
  const { error: exErr } = await recovering.exchangeCodeForSession(target.searchParams.get('code'))
  assert.equal(exErr, null)
  assert.ok(events.includes('PASSWORD_RECOVERY'), `events: ${events}`)
  const upd = await recovering.updateUser({ password: 'Rec0very!pw' })
  assert.equal(upd.error, null)
  const login = await newClient().signInWithPassword({ email, password: 'Rec0very!pw' })
  assert.equal(login.error, null)
})

await step('recover for an unknown address answers like a known one', async () => {
  const { error } = await newClient().resetPasswordForEmail(`nobody-${email}`)
  assert.equal(error, null)
})

await step('magic link with shouldCreateUser false answers an unknown address like a known one', async () => {
  const { error } = await newClient().signInWithOtp({ email: `ghost-${email}`, options: { shouldCreateUser: false } })
  assert.equal(error, null)
})

await step('signUp of a confirmed address answers like a new one, and e-mails the owner', async () => {
  const { data, error } = await newClient().signUp({ email, password: 'An0ther!pw' })
  assert.equal(error, null)
  assert.equal(data.session, null)
  assert.equal(data.user.identities.length, 1)
  const res = await fetch(`${base}/api/dev/mail`)
  assert.match(await res.text(), /Someone tried to sign up with your e-mail/)
  const login = await newClient().signInWithPassword({ email, password: 'Rec0very!pw' })
  assert.equal(login.error, null, 'the password did not change')
})

await step('a NUL byte in the e-mail is a clear 400 validation_failed, not a 500', async () => {
  const { error } = await newClient().signInWithPassword({ email: `nul\u0000${email}`, password })
  assert.equal(error.status, 400)
  assert.equal(error.code, 'validation_failed')
})

await step('ten wrong passwords for one account: over_request_rate_limit, even with the right one', async () => {
  const target = `locked-${email}`
  for (let i = 0; i < 10; i++) {
    const { error } = await newClient().signInWithPassword({ email: target, password: `Wr0ng!${i}` })
    assert.equal(error.code, 'invalid_credentials')
  }
  const { error } = await newClient().signInWithPassword({ email: target, password })
  assert.equal(error.status, 429)
  assert.equal(error.code, 'over_request_rate_limit')
})

console.log(process.exitCode ? 'auth smoke: FAILED' : 'auth smoke: all flows passed')
