// Bank cards in forms.
//
// The card picker (bank withdrawal): the user's saved cards from a source over the bank-card list (getBankCards)
// (ui:options.source), each with its bank, holder and IBAN in groups of four. Picking one
// fills the payload's card fields (bankname, accountname, ibna, payeeaddress, country through
// setField, and this field, bankcard); the server accepts only the details of one of the
// caller's own cards. With no card saved it links to the add-card screen
// (ui:options.addRoute). With ui:options.quote (a getBankWithdrawOptions source),
// amountField and coinField it also shows what the withdrawal will cost as the user types:
// the fee (the coin's feeRate of the amount, rounded up to its decimals, as the server
// charges it) and the total frozen until review.
//
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BankCard, BankWithdrawOptions } from '../../../contract/generated/types';
import { add, multiply, tryScaled } from '../../../contract/decimal';
import { groupIban } from '../../../contract/iban';
import { displayDecimals } from '../../../contract/display-rule';
import { formatAmount, formatPercent } from '../../../contract/number-format';
import { type FormContext, formContextOf } from '../formContext';
import './bank-card.css';

/** The payload fields a card fills, besides the widget's own (bankcard). */
export const CARD_FIELDS = ['bankname', 'accountname', 'ibna', 'payeeaddress', 'country'] as const;

type Option = BankWithdrawOptions['list'][number];

function cardsOf(ctx: FormContext, source: unknown): BankCard[] | undefined {
  const data = typeof source === 'string' ? ctx.sources[source] : undefined;
  const list = data && typeof data === 'object' ? (data as { list?: unknown }).list : undefined;
  return Array.isArray(list) ? (list as BankCard[]) : undefined;
}

function optionOf(ctx: FormContext, source: unknown, coin: unknown): Option | undefined {
  const data = typeof source === 'string' ? (ctx.sources[source] as BankWithdrawOptions | undefined) : undefined;
  return Array.isArray(data?.list) ? data.list.find((o) => o.coin === coin) : undefined;
}

/** Whether the form holds exactly this card's details. */
function isChosen(card: BankCard, data: Record<string, unknown>, value: unknown): boolean {
  return value === card.bankcard && CARD_FIELDS.every((f) => data[f] === card[f]);
}

/** Fee and total of a withdrawal of `amount` with the coin's option; undefined until an amount is typed. */
export function withdrawalCost(amount: unknown, option: Option | undefined): { fee: string; total: string } | undefined {
  if (!option || typeof amount !== 'string' || amount === '' || tryScaled(amount, 18) === null) return undefined;
  const fee = multiply(amount, option.feeRate, option.decimals, 'up');
  return { fee, total: add(amount, fee) };
}

function Cost({ ctx, options }: { ctx: FormContext; options: WidgetProps['options'] }) {
  const { t, i18n } = useTranslation();
  const coin = typeof options.coinField === 'string' ? ctx.formData[options.coinField] : undefined;
  const option = optionOf(ctx, options.quote, coin);
  if (!option) return null;
  const amount = typeof options.amountField === 'string' ? ctx.formData[options.amountField] : undefined;
  const cost = withdrawalCost(amount, option);
  const rate = formatPercent(multiply(option.feeRate, 100, 4), i18n.language);
  const show = (v: string) => `${formatAmount(v, displayDecimals(option.coin, option.decimals), i18n.language)} ${option.coin}`;
  return (
    <div className="bank-cost field-hint" aria-live="polite" data-testid="bank-cost">
      {cost ? (
        <>
          <p>{t('bankWithdraw.feeAmount', { rate, fee: show(cost.fee) })}</p>
          <p>{t('bankWithdraw.frozenAmount', { total: show(cost.total) })}</p>
        </>
      ) : (
        <p>{t('bankWithdraw.feeRate', { rate })}</p>
      )}
    </div>
  );
}

export function BankCardWidget({ id, value, options, onChange, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(registry);
  const cards = cardsOf(ctx, options.source);
  const addRoute = typeof options.addRoute === 'string' ? options.addRoute : undefined;
  const choose = (card: BankCard) => {
    for (const f of CARD_FIELDS) ctx.setField(f, card[f]);
    onChange(card.bankcard);
  };
  return (
    <div className="bank-card-widget">
      {cards === undefined && <p className="field-hint">{t('common.loading')}</p>}
      {cards?.length === 0 && (
        <div className="bank-card-empty">
          <p className="field-hint">{t('bankWithdraw.noCards')}</p>
          {addRoute && (
            <Link className="btn btn-ghost btn-block" to={addRoute}>
              + {t('bankWithdraw.addCard')}
            </Link>
          )}
        </div>
      )}
      {cards !== undefined && cards.length > 0 && (
        <div className="bank-cards" role="radiogroup" id={id} aria-label={t('bankWithdraw.card')}>
          {cards.map((card) => {
            const chosen = isChosen(card, ctx.formData, value);
            return (
              <button
                key={card.ID}
                type="button"
                role="radio"
                aria-checked={chosen}
                className={`bank-card-choice${chosen ? ' active' : ''}`}
                disabled={disabled || readonly}
                onClick={() => choose(card)}
              >
                <span className="bank-card-bank">{card.bankname}</span>
                <span className="bank-card-holder">{t('bankWithdraw.holder', { name: card.accountname })}</span>
                <span className="bank-card-iban" data-testid="bank-card-iban">
                  {groupIban(card.ibna)}
                </span>
              </button>
            );
          })}
          {addRoute && (
            <Link className="bank-card-add" to={addRoute}>
              + {t('bankWithdraw.addCard')}
            </Link>
          )}
        </div>
      )}
      {options.quote !== undefined && <Cost ctx={ctx} options={options} />}
    </div>
  );
}
