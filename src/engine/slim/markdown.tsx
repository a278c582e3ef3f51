// Stands in for markdown-to-jsx inside rjsf: our screens never enable markdown
// descriptions (ui:enableMarkdownInDescription), so plain text is exact and
// saves the parser from every form's bundle.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <span>{children}</span>;
}
