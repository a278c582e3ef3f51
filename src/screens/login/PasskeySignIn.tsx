// "Use a passkey" on the sign-in second step (with the ticket of the password step).
// Placeholder until the passkey work lands.
import type { Session } from '../../../contract/generated/types';

export interface PasskeySignInProps {
  /** The ticket of the password step */
  ticket: string;
  onSession: (session: Session) => void;
}

export function PasskeySignIn(_props: PasskeySignInProps) {
  return null;
}
