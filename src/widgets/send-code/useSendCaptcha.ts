import { useRef, useState } from 'react';
import { type Captcha, endpoint as captchaEndpoint } from '../../api/generated/screens/captcha';

/** The image captcha a send needs once the server asks for one: the picture, the typed answer and its input. */
export function useSendCaptcha() {
  const [fetchCaptcha, { isLoading }] = captchaEndpoint.useMutation();
  const [asked, setAsked] = useState(false);
  const [picture, setPicture] = useState<Captcha | undefined>();
  const [answer, setAnswer] = useState('');
  const answerInput = useRef<HTMLInputElement>(null);

  const refresh = async () => {
    setAnswer('');
    const res = await fetchCaptcha();
    setPicture('data' in res ? res.data : undefined);
  };

  const ask = async () => {
    setAsked(true);
    await refresh();
    answerInput.current?.focus();
  };

  /** After a code was sent the next send needs no captcha, until the server asks again. */
  const reset = () => {
    setAsked(false);
    setPicture(undefined);
    setAnswer('');
  };

  /** The captcha fields the next send carries (none when no captcha was asked for). */
  const solved = () => (asked && picture ? { captcha: answer.trim(), captchaId: picture.captchaId } : {});

  return { asked, picture, loading: isLoading, answer, setAnswer, answerInput, refresh, ask, reset, solved };
}
