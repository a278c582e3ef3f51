// The feed frames each push once (server/platform/feed/wire.ts); the bytes must be exactly what
// ws itself would put on the wire for the same binary message, at every length encoding.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { binaryMessage } from '../../../../server/platform/feed/wire.ts';

const { Sender } = createRequire(import.meta.url)('ws') as { Sender: { frame(data: Buffer, options: object): Buffer[] } };
const wsFrame = (payload: Buffer) => Buffer.concat(Sender.frame(payload, { fin: true, opcode: 2, mask: false, readOnly: true, rsv1: false }));

describe('binaryMessage', () => {
  it.each([0, 1, 125, 126, 1000, 65_535, 65_536, 200_000])('frames %i bytes as ws does', (n) => {
    const payload = Buffer.alloc(n, 7);
    expect(binaryMessage(payload).equals(wsFrame(payload))).toBe(true);
  });
});
