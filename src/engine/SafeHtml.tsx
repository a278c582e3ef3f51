// Operator HTML (announcements, terms) shown only after DOMPurify has sanitised it: scripts,
// event handlers, javascript: URLs, forms and frames never reach the DOM. DOMPurify loads
// lazily, when such content is first shown, so no route that shows none pays for it. Text with
// no markup keeps its line breaks.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './safe-html.css';

type Purify = typeof import('dompurify').default;
let purifier: Promise<Purify | null> | undefined;

// A payload DOMPurify must clean. Where it cannot (no trustworthy DOM: it then hands markup
// back as it came), nothing is drawn as HTML at all.
const PROBE = '<img src="x" onerror="x()"><script>x()</script><a href="javascript:x()">a</a>';

function loadPurifier(): Promise<Purify | null> {
  purifier ??= import('dompurify').then(({ default: DOMPurify }) => {
    if (!DOMPurify.isSupported || /onerror|<script|javascript:/i.test(DOMPurify.sanitize(PROBE))) return null;
    // links open outside the app and pass nothing of it on
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    return DOMPurify;
  });
  return purifier;
}

/** The markup DOMPurify keeps: plain HTML content, no forms, styles or embedded documents. */
const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
  FORBID_ATTR: ['style'],
};

/** The sanitised markup, or null where DOMPurify cannot work here. */
export async function sanitizeHtml(html: string): Promise<string | null> {
  const purify = await loadPurifier();
  return purify ? purify.sanitize(html, CONFIG) : null;
}

/** The words of markup, for where it cannot be sanitised: drawn as text, never as HTML. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

const HAS_MARKUP = /<[a-z!/]/i;

export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const { t } = useTranslation();
  const plain = !HAS_MARKUP.test(html);
  const [clean, setClean] = useState<{ source: string; html: string | null } | null>(null);
  useEffect(() => {
    if (plain) return;
    let live = true;
    void sanitizeHtml(html).then((out) => live && setClean({ source: html, html: out }));
    return () => {
      live = false;
    };
  }, [html, plain]);
  if (plain) return <div className={`${className} safe-html-plain`}>{html}</div>;
  if (clean?.source !== html) return <div className={className} aria-busy="true" aria-label={t('common.loading')} />;
  if (clean.html === null) return <div className={`${className} safe-html-plain`}>{textOf(html)}</div>;
  return <div className={`${className} safe-html`} dangerouslySetInnerHTML={{ __html: clean.html }} />;
}
