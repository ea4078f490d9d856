import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';

// The browser's passkey prompts (@simplewebauthn/browser), fed with the options the server generated
// (@simplewebauthn/server): the contract types them only as WebAuthn JSON objects.

/** Whether this browser can use passkeys at all (the buttons are hidden otherwise). */
export const supportsPasskeys = (): boolean => browserSupportsWebAuthn();

/** Asks the browser for an assertion of one of the person's passkeys (navigator.credentials.get). */
export function promptPasskey(options: object): Promise<AuthenticationResponseJSON> {
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** Asks the browser to create a passkey (navigator.credentials.create). */
export function createPasskey(options: object): Promise<RegistrationResponseJSON> {
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

/**
 * The person closed the prompt, or it timed out: NotAllowedError (WebAuthnError keeps the browser's error
 * name) or an aborted ceremony. Not a failure to report, just nothing done.
 */
export const isPasskeyCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
