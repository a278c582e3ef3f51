// The inline scripts of an HTML page that a browser runs: <script> elements without src, JSON data
// blocks (type="application/json") left out since they never run. The server hashes these for its
// CSP (server/platform/http/security.ts); the budget counts them as the page's JavaScript (scripts/budget.ts).
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\s(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);
}
