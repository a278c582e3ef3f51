// What a refused call says, for the hand-written sign-in and security screens: the server's
// (already translated) message, else the fallback.
export function errorText(error: unknown, fallback: string): string {
  return (error as { message?: string } | undefined)?.message ?? fallback;
}
