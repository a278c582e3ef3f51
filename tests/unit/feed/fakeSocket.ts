// A fake WebSocket with a scriptable server side. Server frames are gzip-compressed JSON in
// ArrayBuffers, as the HTX market feed sends them.
import { gzip } from 'pako';
import type { WebSocketLike } from '../../../src/feed';

export function gzipFrame(msg: unknown): ArrayBuffer {
  const bytes = gzip(JSON.stringify(msg));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export class FakeSocket implements WebSocketLike {
  static instances: FakeSocket[] = [];
  static reset(): void {
    FakeSocket.instances = [];
  }
  static get last(): FakeSocket {
    const s = FakeSocket.instances.at(-1);
    if (!s) throw new Error('no socket was created');
    return s;
  }

  readonly url: string;
  binaryType = 'blob';
  /** Frames the client sent, parsed. */
  readonly sent: Array<Record<string, unknown>> = [];
  closedByClient = false;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.closedByClient) throw new Error('send after close');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.closedByClient = true;
  }

  // ---- server side ----
  accept(): this {
    this.onopen?.(new Event('open'));
    return this;
  }
  push(msg: unknown): void {
    this.onmessage?.({ data: gzipFrame(msg) } as MessageEvent);
  }
  pushText(msg: unknown): void {
    this.onmessage?.({ data: JSON.stringify(msg) } as MessageEvent);
  }
  /** Network failure: error then close, as browsers report it. */
  fail(): void {
    this.onerror?.(new Event('error'));
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  serverClose(): void {
    this.onclose?.({ code: 1000 } as CloseEvent);
  }
  /** Sent frames having a key (e.g. 'sub', 'ping'). */
  frames(key: string): Array<Record<string, unknown>> {
    return this.sent.filter((f) => key in f);
  }
}
