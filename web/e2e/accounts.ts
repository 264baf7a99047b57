import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'

// Accounts for the journeys, made the way a parent makes one: sign-up through
// /auth/v1, then the confirmation link from the development mailbox (--dev).
// Each worker has its own server, so unique addresses keep journeys apart.

type Mail = { to: string; subject: string; text: string; created_at: string }

export const PASSWORD = 'Tiger123!'

/**
 * How often a journey asks the development mailbox for a mail (expect.poll's intervals): the
 * server delivers into it every 200 ms (internal/mail, --dev), and expect.poll's default
 * of up to a second between asks was most of a journey's wait for a confirmation link.
 */
export const MAIL_POLL = [100, 200]

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** The newest verify link mailed to `to` under a subject matching `subject` (sent at `notBefore` or later), once it arrives. */
export async function mailedLink(request: APIRequestContext, to: string, subject: RegExp, notBefore = 0): Promise<string> {
  let link = ''
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[]
        const mail = mails.find((m) => m.to === to && subject.test(m.subject) && Date.parse(m.created_at) >= notBefore)
        link = mail?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0] ?? ''
        return link
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: 10_000, intervals: MAIL_POLL },
    )
    .not.toBe('')
  return link
}

/** A confirmed account named `names` (Siso Tiger unless told), ready to sign in with PASSWORD. */
export async function confirmedAccount(request: APIRequestContext, tag: string, names = { first_name: 'Siso', last_name: 'Tiger' }) {
  const email = uniqueEmail(tag)
  const res = await request.post('/auth/v1/signup', { data: { email, password: PASSWORD, data: names } })
  expect(res.ok()).toBeTruthy()
  const link = await mailedLink(request, email, /confirm/i)
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(303)
  return email
}

/** A session as /auth/v1 hands it out, and as the app's auth client (auth-js) keeps it. */
export type Session = { access_token: string; refresh_token: string; expires_at: number; user: { id: string; email: string } }

/** A new session of the account from /auth/v1/token (password grant). */
export async function passwordSession(request: APIRequestContext, email: string, password = PASSWORD): Promise<Session> {
  const res = await request.post('/auth/v1/token?grant_type=password', { data: { email, password } })
  expect(res.ok()).toBeTruthy()
  return (await res.json()) as Session
}

/** A fresh access token for API calls made on the account's behalf. */
export async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  return (await passwordSession(request, email)).access_token
}

/**
 * Opens the browser signed in with `session` without the sign-in form, for journeys
 * about something else (the form's own journeys sign in with it: logIn). The session
 * goes where the app's auth client keeps it (localStorage `siso-auth`, src/lib/auth-storage.ts),
 * written on /api/health: a page of the shop's origin that runs no app, so no app
 * saves over it. The next page opened starts signed in.
 */
export async function seedSession(page: Page, session: Session, origin = '') {
  await page.goto(`${origin}/api/health`)
  await page.evaluate((value) => localStorage.setItem('siso-auth', value), JSON.stringify(session))
}

/** A new session of the account (password grant), seeded into the browser: seedSession. */
export async function signedInAs(page: Page, email: string, origin = '') {
  await seedSession(page, await passwordSession(page.request, email), origin)
}

/**
 * Adds a child (born in birthMonth, YYYY-MM) for the parent through the API, as the app does:
 * the parent's consent to the current children's privacy notice first. Returns the child's id.
 */
export async function addChildFor(request: APIRequestContext, token: string, name: string, birthMonth = '2019-05'): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` }
  const { noticeVersion } = (await (await request.get('/api/consents', { headers })).json()) as { noticeVersion: string }
  expect((await request.post('/api/consents', { headers, data: { noticeVersion, guardian: true } })).status()).toBe(201)
  const kid = await request.post('/api/kids', { headers, data: { name, birth_month: birthMonth } })
  expect(kid.status()).toBe(201)
  return ((await kid.json()) as { id: string }).id
}

/** On the fake Google's account chooser (scripts/e2e.sh), sign in as `email`. */
export async function chooseGoogleAccount(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** The newest 6-digit code mailed to `to` under a subject matching `subject`, once it arrives. */
export async function mailedCode(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[]
        code = mails.find((m) => m.to === to && subject.test(m.subject))?.text.match(/code: (\d{6})/)?.[1] ?? ''
        return code
      },
      { message: `a code mailed to ${to}`, timeout: 10_000, intervals: MAIL_POLL },
    )
    .not.toBe('')
  return code
}

/**
 * Gives the account a staff role the honest way: the shop's own CLI
 * (`bookshop admin grant EMAIL ROLE`) on this worker's database (see
 * playwright.config.ts).
 */
export function grantRole(workerIndex: number, email: string, role: 'owner' | 'manager' | 'editor' | 'support') {
  const servers = (process.env.E2E_PORTS ?? process.env.E2E_PORT ?? '18090').split(',').length
  execFileSync(process.env.BOOKSHOP_BIN ?? '../bin/bookshop', ['admin', 'grant', email, role], {
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATA_DIR ?? '/tmp/bookshop-e2e'}/bookshop-${workerIndex % servers}.db` },
  })
}

/** The RFC 6238 code an authenticator app shows for a base32 secret, `offset` seconds from now. */
export function totpCode(secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor((Date.now() / 1000 + offset) / 30)))
  const mac = createHmac('sha1', key).update(counter).digest()
  const at = mac[mac.length - 1] & 0xf
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** Signs in on /login with the form, as a parent does (on another origin of the shop when given: localhost for passkeys). */
export async function logIn(page: Page, email: string, password = PASSWORD, origin = '') {
  await page.goto(`${origin}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** Turns two-step sign-in on for the account through /auth/v1, as the profile page does; returns the app's secret. */
export async function withTwoStep(request: APIRequestContext, email: string): Promise<string> {
  return (await twoStepSession(request, email)).secret
}

/**
 * A staff member with `role` for API calls to /api/admin: the CLI grants the
 * role on this worker's database, two-step sign-in is turned on; returns the
 * access token of the two-step (aal2) session.
 */
export async function staffToken(request: APIRequestContext, workerIndex: number, role: 'owner' | 'manager' | 'editor' | 'support'): Promise<string> {
  const email = await confirmedAccount(request, role)
  grantRole(workerIndex, email, role)
  return (await twoStepSession(request, email)).accessToken
}

/**
 * A staff member with `role` whose browser is signed in at aal2 (seedSession), for journeys about
 * the back office: the CLI grants the role, two-step sign-in is turned on through /auth/v1 (the
 * profile's own journeys turn it on on the page: admin.spec.ts). Returns the account's e-mail.
 */
export async function staffSignedIn(page: Page, workerIndex: number, role: 'owner' | 'manager' | 'editor' | 'support', names?: { first_name: string; last_name: string }): Promise<string> {
  const email = await confirmedAccount(page.request, role, names)
  grantRole(workerIndex, email, role)
  await seedSession(page, (await twoStepSession(page.request, email)).session)
  return email
}

/** Two-step sign-in turned on: the app's secret and the access token of the two-step session it completes (whole: session). */
export async function twoStepSession(request: APIRequestContext, email: string): Promise<{ secret: string; accessToken: string; session: Session }> {
  const headers = { Authorization: `Bearer ${await accessToken(request, email)}` }
  const enrolled = await request.post('/auth/v1/factors', { headers, data: { factor_type: 'totp', friendly_name: 'Authenticator app' } })
  expect(enrolled.ok()).toBeTruthy()
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } }
  const challenge = await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers })
  expect(challenge.ok()).toBeTruthy()
  const { id } = (await challenge.json()) as { id: string }
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, { headers, data: { challenge_id: id, code: totpCode(factor.totp.secret) } })
  expect(verified.ok()).toBeTruthy()
  const session = (await verified.json()) as Session
  return { secret: factor.totp.secret, accessToken: session.access_token, session }
}
