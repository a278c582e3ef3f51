// The chosen pair's price for screen readers: a polite live region that takes the shown price at
// most every ANNOUNCE_MS, so the price is heard as it moves without a message on every tick.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const ANNOUNCE_MS = 10_000;

/** Starts over when the first price arrives, so it holds a price rather than a placeholder from then on. */
export function PriceAnnouncer({ price }: { price: string }) {
  return <Announcer key={/\d/.test(price) ? 'price' : 'none'} price={price} />;
}

function Announcer({ price }: { price: string }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState(price);
  const latest = useRef(price);
  useEffect(() => {
    latest.current = price;
  });
  useEffect(() => {
    const timer = setInterval(() => setSaid(latest.current), ANNOUNCE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="sr-only price-announcer" role="status" aria-atomic="true">
      {t('trade.price')}: {said}
    </span>
  );
}
