// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authErrorCode, credentialIdOf, mayOfferPasskeyAutofill, passkeyRefused, passkeyUnknown, passkeyWorked, signInOptionsSeen } from './unknown-passkeys'

describe('unknown passkeys', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    passkeyWorked()
  })

  const body = JSON.stringify({ challenge_id: 'c', credential: { id: 'cred-ID_1', rawId: 'cred-ID_1', response: {} } })

  it('reads the credential id of a sign-in, and nothing else', () => {
    expect(credentialIdOf(body)).toBe('cred-ID_1')
    expect(credentialIdOf('{')).toBeNull()
    expect(credentialIdOf(JSON.stringify({ credential: { id: 'not base64url!' } }))).toBeNull()
    expect(credentialIdOf(undefined)).toBeNull()
  })

  it('reads an error code in both of the server’s shapes', () => {
    // auth-js sends X-Supabase-Api-Version: 2024-01-01, so the server answers {code, message}.
    expect(authErrorCode({ code: 'webauthn_credential_not_found', message: 'Credential not found' })).toBe('webauthn_credential_not_found')
    expect(authErrorCode({ code: 400, error_code: 'webauthn_credential_not_found', msg: 'x' })).toBe('webauthn_credential_not_found')
    expect(authErrorCode({ code: 400 })).toBeNull()
    expect(authErrorCode(null)).toBeNull()
  })

  it('tells the browser about a refused sign-in, for the relying party of the challenge', async () => {
    const signalUnknownCredential = vi.fn(async () => {})
    vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { signalUnknownCredential }))
    signInOptionsSeen({ options: { rpId: 'shop.test', challenge: 'x' } })
    const answer = (code: string) => new Response(JSON.stringify({ code, message: 'm' }), { status: 400 })
    await passkeyRefused(answer('webauthn_challenge_expired'), body)
    expect(signalUnknownCredential).not.toHaveBeenCalled()
    expect(mayOfferPasskeyAutofill()).toBe(true)
    await passkeyRefused(answer('webauthn_credential_not_found'), body)
    expect(signalUnknownCredential).toHaveBeenCalledWith({ rpId: 'shop.test', credentialId: 'cred-ID_1' })
    // The signal is advice a passkey manager may ignore: the autofill stays off here.
    expect(mayOfferPasskeyAutofill()).toBe(false)
  })

  it('stops the autofill on a browser that cannot be told, until a passkey signs in', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    expect(mayOfferPasskeyAutofill()).toBe(true)
    passkeyUnknown(body)
    expect(mayOfferPasskeyAutofill()).toBe(false)
    passkeyWorked()
    expect(mayOfferPasskeyAutofill()).toBe(true)
  })
})
