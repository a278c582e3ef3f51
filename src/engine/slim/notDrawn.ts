// Stands in for rjsf's fields and widgets that no screen draws, in the customer build (vite.config.ts
// slimRjsfDefaults): the layout fields (drawn only for a ui:field that names them; no screen file
// names a ui:field) and the widgets only a ui:widget check:schemas refuses or a JSON Schema format no
// screen uses selects (alt-date, color, file, radio, range, rating). Drawn anyway, it says so.
export default function NotDrawn(): never {
  throw new Error('this rjsf field or widget is not in the customer build (src/engine/slim/notDrawn.ts)');
}
