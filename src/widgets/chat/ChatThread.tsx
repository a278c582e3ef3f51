// A support conversation drawn as chat bubbles: the reader's own messages on the right, the other
// side's on the left, each with who wrote it, its time, its text (plain text: React escapes it;
// nothing is ever rendered as HTML) and its image. New messages scroll into view while the reader
// is at the end; a reader who scrolled back to read is left where they are. Its styles (./chat.css)
// are imported by the pages that draw it (the contact page through content.css, the back office at
// start), so that this shared chunk brings no stylesheet of its own.
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../upload/AuthImage';

export interface ChatMessage {
  id: number;
  from: 'customer' | 'operator';
  /** The operator's name (the back office's view), else '' */
  author: string;
  text: string;
  image: string;
  at: string;
}

/** How near the end (px) still counts as "reading the latest". */
const AT_END_PX = 48;

function timeOf(at: string, locale: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const today = d.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(locale, today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }).format(d);
}

export function ChatThread({ messages, mine, empty }: { messages: ChatMessage[]; mine: ChatMessage['from']; empty?: string }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  const lastId = messages.length ? messages[messages.length - 1].id : 0;

  useLayoutEffect(() => {
    const el = box.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const who = (m: ChatMessage) => {
    if (m.from === mine) return m.author || t('service.chat.you');
    return m.from === 'operator' ? m.author || t('service.chat.support') : t('service.chat.customer');
  };

  if (messages.length === 0) return empty ? <p className="chat-empty muted">{empty}</p> : null;
  return (
    <ol
      ref={box}
      className="chat-thread"
      aria-live="polite"
      aria-label={t('service.chat.title')}
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
      }}
    >
      {messages.map((m) => (
        <li key={m.id} className={`chat-message ${m.from === mine ? 'chat-mine' : 'chat-theirs'}`}>
          <p className="chat-meta">
            <span>{who(m)}</span> <time dateTime={m.at}>{timeOf(m.at, i18n.language)}</time>
          </p>
          {m.text && <p className="chat-text">{m.text}</p>}
          {m.image && <AuthImage src={m.image} alt={t('service.chat.imageAlt')} className="chat-image" />}
        </li>
      ))}
    </ol>
  );
}
