// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { credentialIdOf, mayOfferPasskeyAutofill, passkeyUnknown, passkeyWorked, signInOptionsSeen } from './unknown-passkeys'

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

  it('tells a browser that can forget, for the relying party of the challenge', () => {
    const signalUnknownCredential = vi.fn(async () => {})
    vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { signalUnknownCredential }))
    signInOptionsSeen({ options: { rpId: 'shop.test', challenge: 'x' } })
    passkeyUnknown(body)
    expect(signalUnknownCredential).toHaveBeenCalledWith({ rpId: 'shop.test', credentialId: 'cred-ID_1' })
    // The browser forgets it, so the autofill may still offer the passkeys it keeps.
    expect(mayOfferPasskeyAutofill()).toBe(true)
  })

  it('stops the autofill on a browser that cannot forget, until a passkey signs in', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    expect(mayOfferPasskeyAutofill()).toBe(true)
    passkeyUnknown(body)
    expect(mayOfferPasskeyAutofill()).toBe(false)
    passkeyWorked()
    expect(mayOfferPasskeyAutofill()).toBe(true)
  })
})
