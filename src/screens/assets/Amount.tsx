// A formatted number that stays inside narrow columns: long values get a smaller size and may
// break before the decimal mark (never in the middle of the digits unless nothing else fits).
import { Fragment } from 'react';

/** Length above which a value is drawn smaller ('long') or smaller still ('longer'). */
const LONG = 13;
const LONGER = 16;

export function sizeClass(text: string): '' | 'num-long' | 'num-longer' {
  return text.length > LONGER ? 'num-longer' : text.length > LONG ? 'num-long' : '';
}

export function Amount({ text, className = '', testId }: { text: string; className?: string; testId?: string }) {
  // The last non-digit is the decimal mark (or, without decimals, a group separator): a break there reads well.
  const at = text.search(/[^0-9+\-−][0-9]*$/);
  return (
    <span className={`num ${sizeClass(text)} ${className}`.trim()} data-testid={testId}>
      {at > 0 ? (
        <Fragment>
          {text.slice(0, at)}
          <wbr />
          {text.slice(at)}
        </Fragment>
      ) : (
        text
      )}
    </span>
  );
}
