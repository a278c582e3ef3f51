// A withdrawal address: a text input whose format is checked for the form's network as the
// user types (schemas/config/networks.json: the same pattern the server checks, and its
// example as the hint), and with ui:options.book a picker of the user's saved addresses
// filtered to the form's coin and network. ui:options:
//   coinField, networkField   the sibling fields holding the coin and the network
//   book                      the form source with the saved addresses (getAddressBook)
//   status                    the form source with the withdrawal status (whitelist mode)
// With ui:options.mode "whitelist" the field is the address book's whitelist switch instead:
// On / Off, starting from the current mode read from the status source.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WithdrawalAddress } from '../../../contract/generated/types';
import { Icon } from '../../ui/Icon';
import { type FormContext, formContextOf } from '../formContext';
import { addressValid, type NetworkFormat, networkFormat, sameAddress } from './format';
import './address-book.css';

function sourceOf(ctx: FormContext, name: unknown): Record<string, unknown> | undefined {
  const data = typeof name === 'string' ? ctx.sources[name] : undefined;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
}

function savedOf(ctx: FormContext, book: unknown): WithdrawalAddress[] {
  const list = sourceOf(ctx, book)?.list;
  return Array.isArray(list) ? (list as WithdrawalAddress[]) : [];
}

function dateTime(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function AddressBookWidget(props: WidgetProps) {
  return props.options.mode === 'whitelist' ? <WhitelistSwitch {...props} /> : <AddressInput {...props} />;
}

interface AddressNote {
  text: string;
  bad?: boolean;
}

interface NoteInput {
  format: NetworkFormat | undefined;
  typed: string;
  valid: boolean | undefined;
  /** The saved address the typed one is */
  match: WithdrawalAddress | undefined;
  whitelist: boolean;
  withBook: boolean;
}

/** The line under the input: the network's format while it is empty, a format error, or what the address book says of the address. */
function useAddressNote({ format, typed, valid, match, whitelist, withBook }: NoteInput): AddressNote | undefined {
  const { t, i18n } = useTranslation();
  if (format && typed === '') return { text: t('address.formatHint', { network: format.name, example: format.example }) };
  if (format && valid === false) return { text: t('address.formatInvalid', { network: format.network, example: format.example }), bad: true };
  if (match && !match.active && match.activeAt)
    return { text: t('address.inactiveUntil', { name: match.name, until: dateTime(match.activeAt, i18n.language) }), bad: whitelist };
  if (match) return { text: t('address.savedAs', { name: match.name }) };
  if (valid && whitelist && withBook) return { text: t('address.notSavedWhitelist'), bad: true };
  return undefined;
}

interface BookPanelProps {
  id: string;
  /** The saved addresses of the form's coin and network */
  saved: WithdrawalAddress[];
  coin: unknown;
  network: unknown;
  whitelist: boolean;
  selected: WithdrawalAddress | undefined;
  onPick: (address: WithdrawalAddress) => void;
}

/** The saved addresses to pick from (in whitelist mode only the active ones), or a link to add one when there are none. */
function AddressBookPanel({ id, saved, coin, network, whitelist, selected, onPick }: BookPanelProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="address-book-panel" id={id}>
      <p className="address-book-title">{t('address.book')}</p>
      {saved.length === 0 ? (
        <p className="field-hint">
          {t('address.noSaved', { coin: String(coin ?? ''), network: String(network ?? '') })} <Link to="/user/addAddress">{t('address.addNew')}</Link>
        </p>
      ) : (
        <ul className="address-book-list" role="listbox" aria-label={t('address.book')}>
          {saved.map((a) => {
            const blocked = whitelist && !a.active;
            return (
              <li key={a.ID}>
                <button
                  type="button"
                  role="option"
                  aria-selected={selected?.ID === a.ID}
                  className="address-book-item"
                  disabled={blocked}
                  onClick={() => onPick(a)}
                >
                  <span className="address-book-name">{a.name}</span>
                  <code className="address-book-addr">{a.addr}</code>
                  {!a.active && a.activeAt && (
                    <span className="address-book-when">{t('address.usableFrom', { until: dateTime(a.activeAt, i18n.language) })}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function AddressInput({ id, value, options, onChange, onBlur, onFocus, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(registry);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const coin = ctx.formData[typeof options.coinField === 'string' ? options.coinField : 'coin'];
  const network = ctx.formData[typeof options.networkField === 'string' ? options.networkField : 'czline'];
  const format = networkFormat(network);
  const text = typeof value === 'string' ? value : '';
  const typed = text.trim();
  const valid = typed === '' ? undefined : addressValid(network, typed);
  const withBook = typeof options.book === 'string';
  const saved = savedOf(ctx, options.book).filter((a) => a.coin === coin && a.czline === network);
  const whitelist = sourceOf(ctx, options.status)?.whitelist === true;
  const match = typed ? saved.find((a) => sameAddress(a.addr, typed)) : undefined;
  const off = disabled || readonly;
  const note = useAddressNote({ format, typed, valid, match, whitelist, withBook });

  const pick = (a: WithdrawalAddress) => {
    onChange(a.addr);
    setOpen(false);
  };

  return (
    <div className="address-book">
      <div className="input-row">
        <input
          id={id}
          name={id}
          className="input address-input"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={100}
          value={text}
          disabled={off}
          placeholder={format?.example ?? ''}
          aria-describedby={note ? `${id}__format` : undefined}
          aria-invalid={valid === false || undefined}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={(e) => onBlur(id, e.target.value)}
          onFocus={(e) => onFocus(id, e.target.value)}
        />
        {withBook && (
          <button
            type="button"
            className="input-addon address-book-toggle"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t('address.pick')}
            title={t('address.pick')}
            disabled={off}
            onClick={() => setOpen((o) => !o)}
          >
            <Icon name="layers" />
          </button>
        )}
      </div>
      {note && (
        <p id={`${id}__format`} className={note.bad ? 'field-message address-note' : 'field-hint address-note'} role={note.bad ? 'alert' : undefined}>
          {note.text}
        </p>
      )}
      {withBook && open && <AddressBookPanel id={listId} saved={saved} coin={coin} network={network} whitelist={whitelist} selected={match} onPick={pick} />}
    </div>
  );
}

/** Whitelist mode on or off, starting from the mode the status source reports. */
function WhitelistSwitch({ id, value, options, onChange, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(registry);
  const current = sourceOf(ctx, options.status)?.whitelist;
  const known = typeof current === 'boolean';
  // once the mode is known the switch starts from it (rjsf may have put false there already)
  const synced = useRef(false);
  useEffect(() => {
    if (synced.current || !known) return;
    synced.current = true;
    if (value !== current) onChange(current);
  }, [value, known, current, onChange]);

  const choices = [
    { on: true, label: t('address.whitelistOn') },
    { on: false, label: t('address.whitelistOff') },
  ];
  return (
    <div className="whitelist-switch">
      <div className="chips" role="radiogroup" id={id} aria-label={t('address.whitelistMode')}>
        {choices.map((c) => (
          <button
            key={String(c.on)}
            type="button"
            role="radio"
            aria-checked={value === c.on}
            className={`chip${value === c.on ? ' active' : ''}`}
            disabled={disabled || readonly || !known}
            onClick={() => onChange(c.on)}
          >
            {c.label}
          </button>
        ))}
      </div>
      <p className="field-hint whitelist-state" role="status">
        {known ? t(current ? 'address.whitelistIsOn' : 'address.whitelistIsOff') : t('common.loading')}
      </p>
    </div>
  );
}
