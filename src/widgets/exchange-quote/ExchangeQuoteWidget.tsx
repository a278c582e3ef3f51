// PLACEHOLDER: to be written (funds issue).
import type { WidgetProps } from '@rjsf/utils';

export function ExchangeQuoteWidget(props: WidgetProps) {
  return <input id={props.id} className="input" value={(props.value as string | undefined) ?? ''} onChange={(e) => props.onChange(e.target.value || undefined)} />;
}
