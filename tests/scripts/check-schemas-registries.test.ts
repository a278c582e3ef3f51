// check:schemas fails on a name a screen file uses that no registry has: field formats, filter
// kinds and row-action kinds (src/engine), widgets (src/widgets/registry.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScreens, type LoadedScreen } from '../../contract/loader';
import { checkScreens, REGISTRIES, unregisteredNames } from '../../scripts/check-schemas';
import { FILTER_KIND_NAMES } from '../../src/engine/filters';
import { FORMAT_NAMES } from '../../src/engine/formats';
import { ROW_ACTION_KIND_NAMES } from '../../src/engine/rowActions';
import { WIDGET_NAMES } from '../../src/widgets/registry';

const dir = join(import.meta.dirname, 'fixtures/registries');
const raw = JSON.parse(readFileSync(join(dir, 'unknown-names.json'), 'utf8'));
const fixture: LoadedScreen = { source: 'fixtures/unknown-names.json', dir, raw, screen: raw };

describe('check:schemas and the registries', () => {
  it('reads the names from the registries', () => {
    expect(FORMAT_NAMES).toEqual([
      'text',
      'datetime',
      'amount',
      'decimal',
      'signedAmount',
      'percent',
      'status',
      'coin',
      'pair',
      'masked',
      'image',
      'iban',
      'html',
      'countdown',
      'duration',
      'country',
    ]);
    expect(FILTER_KIND_NAMES).toEqual(['select', 'coin', 'pair', 'text', 'date']);
    expect(ROW_ACTION_KIND_NAMES).toEqual(['mutation', 'copy']);
    for (const w of WIDGET_NAMES) expect(REGISTRIES.widgets).toContain(w);
  });

  it('reports every unknown format, filter kind, row-action kind and widget, and only those', () => {
    const problems = unregisteredNames(fixture.screen);
    expect(problems).toHaveLength(5);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^list\.fields\[1\] \(mood\): format "emoji" is not registered/),
        expect.stringMatching(/^detail\.titleFormat: format "rainbow" is not registered/),
        expect.stringMatching(/^filters\[1\] \(region\): filter kind "continent" is not registered/),
        expect.stringMatching(/^list\.rowActions\[1\] \(share\): row action kind "share" is not registered/),
        expect.stringMatching(/^ui\.note: widget "sparkles" is not registered/),
      ]),
    );
  });

  it('fails checkScreens on the fixture, naming its file', () => {
    const problems = checkScreens([fixture]);
    expect(problems).toContain(`fixtures/unknown-names.json: ui.note: widget "sparkles" is not registered (known: ${REGISTRIES.widgets.join(', ')})`);
    expect(problems.some((p) => p.includes('format "emoji" is not registered'))).toBe(true);
  });

  it('passes a name once it is registered', () => {
    const problems = unregisteredNames(fixture.screen, {
      ...REGISTRIES,
      formats: [...REGISTRIES.formats, 'emoji', 'rainbow'],
      filterKinds: [...REGISTRIES.filterKinds, 'continent'],
      rowActionKinds: [...REGISTRIES.rowActionKinds, 'share'],
      widgets: [...REGISTRIES.widgets, 'sparkles'],
    });
    expect(problems).toEqual([]);
  });

  it('finds no unregistered name in the real screen files', () => {
    expect(loadScreens().flatMap((s) => unregisteredNames(s.screen).map((p) => `${s.source}: ${p}`))).toEqual([]);
  });
});
