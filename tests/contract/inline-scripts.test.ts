import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../contract/inline-scripts';

describe('inlineScripts', () => {
  it('is the bodies of the scripts a page runs inline: not those with src, not JSON data blocks', () => {
    const html = `<head><script type="module" crossorigin src="/assets/index.js"></script></head><body>
      <script type="application/json" id="boot-data">{"a":"<\\u002fscript>"}</script><script>boot()</script>
      <SCRIPT defer>
late()</SCRIPT></body>`;
    expect(inlineScripts(html)).toEqual(['boot()', '\nlate()']);
    expect(inlineScripts('<p>no scripts</p>')).toEqual([]);
  });
});
