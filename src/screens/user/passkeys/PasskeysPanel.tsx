// The customer's passkeys on /user/security: add one (named), list them, remove one.
// Placeholder until the passkey work lands.
export default function PasskeysPanel() {
  return null;
}
