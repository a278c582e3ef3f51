import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** A flat list of fields: the payload's title is a type name, not a heading. */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <div className="fields">{properties.map((p) => p.content)}</div>;
}
