// The chat with support on /user/service: the conversation, fetched again every few seconds
// while the screen is open so answers arrive without reloading, and a composer for text and
// one image (the upload rules of every image: src/widgets/upload). A double tap sends one
// message (one Idempotency-Key per message: src/api/actionKey.ts).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { createActionKey } from '../../api/actionKey';
import type { ApiError } from '../../api/baseQuery';
import { endpoint as sendMessage } from '../../api/generated/screens/support-send';
import { endpoint as thread } from '../../api/generated/screens/support-thread';
import type { RootState } from '../../store';
import { ChatThread } from '../../widgets/chat/ChatThread';
import { useImageUpload } from '../../widgets/upload/useImageUpload';
import { UPLOAD_IMAGE_MIMES } from '../../../contract/upload-images';

/** How often an open chat asks for new messages. */
const POLL_MS = 3000;
/** The longest message (the server's schema says the same). */
const MAX_TEXT = 1000;

/** Picks an image and uploads it (the composer's image then holds its URL). */
function AttachButton({ upload }: { upload: ReturnType<typeof useImageUpload> }) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept={UPLOAD_IMAGE_MIMES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload.send(file);
        }}
      />
      <button type="button" className="btn btn-ghost" disabled={upload.phase.step !== 'idle'} onClick={() => picker.current?.click()}>
        {upload.phase.step === 'idle' ? t('service.chat.attach') : t('upload.uploading')}
      </button>
    </>
  );
}

function Composer({ closed, onSent }: { closed: boolean; onSent: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [image, setImage] = useState('');
  const [error, setError] = useState<string>();
  const [send, { isLoading }] = sendMessage.useMutation();
  const upload = useImageUpload(setImage);
  const actionKey = useRef(createActionKey()).current;
  const empty = text.trim() === '' && image === '';

  const submit = async () => {
    if (empty || isLoading) return;
    setError(undefined);
    const payload = { text: text.trim(), ...(image ? { image } : {}) };
    const res = await send({ ...payload, idempotencyKey: actionKey.keyFor(payload) });
    actionKey.settle(res);
    if ('error' in res) return setError((res.error as ApiError).message);
    setText('');
    setImage('');
    onSent();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {closed && <p className="muted chat-note">{t('service.chat.closed')}</p>}
      {image && (
        <p className="chat-attached">
          {upload.local?.for === image ? <img className="auth-image" src={upload.local.url} alt={t('service.chat.imageAlt')} /> : null}
          <button type="button" className="btn btn-ghost" onClick={() => setImage('')}>
            {t('service.chat.removeImage')}
          </button>
        </p>
      )}
      <label className="sr-only" htmlFor="chat-text">
        {t('service.chat.placeholder')}
      </label>
      <textarea
        id="chat-text"
        className="chat-input"
        rows={2}
        maxLength={MAX_TEXT}
        value={text}
        placeholder={t('service.chat.placeholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <span className="muted chat-count">
        {text.length}/{MAX_TEXT}
      </span>
      {(error ?? upload.error) && (
        <p className="field-error" role="alert">
          {error ?? upload.error}
        </p>
      )}
      <div className="chat-actions">
        <AttachButton upload={upload} />
        <button type="submit" className="btn btn-primary" disabled={empty || isLoading}>
          {t('service.chat.send')}
        </button>
      </div>
    </form>
  );
}

export function SupportChat() {
  const { t } = useTranslation();
  const token = useSelector((s: RootState) => s.session.token);
  const q = thread.useQuery(undefined, { skip: !token, pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  if (!token) {
    return (
      <section className="content-card">
        <p className="chat-note">{t('service.chat.signIn')}</p>
        <Link className="btn btn-primary" to="/login/login">
          {t('service.chat.signInAction')}
        </Link>
      </section>
    );
  }
  return (
    <section className="content-card chat-card">
      {q.data ? (
        <ChatThread messages={q.data.messages} mine="customer" empty={t('service.chat.empty')} />
      ) : (
        <p className={`state${q.isError ? ' state-error' : ''}`}>{q.isError ? t('common.loadFailed') : t('common.loading')}</p>
      )}
      {/* the thread is fetched again at once (it has no cache tag: the home bundle carries every tag name) */}
      <Composer closed={q.data?.status === 'closed'} onSent={() => void q.refetch()} />
    </section>
  );
}
