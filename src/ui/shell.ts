// The home page's first screen, in index.html: its header and hero, drawn before any module has
// loaded (src/app/boot.ts fills in the texts). #root stays hidden under it until React has drawn
// the same thing, then the shell goes, in the same frame.
export const SHELL_ID = 'shell';

/** Removes index.html's form shell (a captcha form's outline and captcha, src/widgets/captcha/bootCaptcha.ts) once the app draws. */
export function releaseFormShell(): void {
  document.getElementById('form-shell')?.remove();
}

/** Removes the shell; React's tree below it shows. Called once the route's own screen is drawn (or has failed). */
export function releaseShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}
