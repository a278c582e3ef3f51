// The browser side of passkeys: whether this browser has WebAuthn, the ceremonies through
// @simplewebauthn/browser (loaded when one starts, so it is in no screen's first chunk), the
// passkey sign-in (options, the device, POST /base/loginPasskey) and the message of a failure.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Session, WebauthnOptions } from '../../../contract/generated/types';
import { endpoint as loginPasskey } from '../../api/generated/screens/passkey-login';
import { endpoint as signInOptions } from '../../api/generated/screens/passkey-signin-options';
import type { AppDispatch } from '../../store';

/** Whether this browser can create and use passkeys at all. */
export function hasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.create === 'function';
}

/** The device makes a new credential for the options of GET /user/passkey/options. */
export async function createCredential(options: WebauthnOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** Options (for the ticket's account, or any discoverable passkey), the device's assertion, and the session it starts. */
export async function signInWithPasskey(dispatch: AppDispatch, ticket?: string): Promise<Session> {
  const options = await dispatch(signInOptions.initiate(ticket ? { ticket } : {})).unwrap();
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return dispatch(loginPasskey.initiate(ticket ? { response, ticket } : { response })).unwrap();
}

/**
 * What to tell the customer when a step failed: the server's refusal (already translated), or
 * what the browser's WebAuthn error means (cancelled or timed out, already registered, other).
 */
export function failureMessage(error: unknown, t: (key: string) => string): string {
  const e = (error ?? {}) as { kind?: string; message?: string; name?: string; code?: string };
  if (e.kind && e.message) return e.message;
  if (e.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e.name === 'InvalidStateError') return t('passkey.alreadyRegistered');
  if (e.name === 'NotAllowedError' || e.name === 'AbortError' || e.code === 'ERROR_CEREMONY_ABORTED') return t('passkey.cancelled');
  return t('passkey.failed');
}
