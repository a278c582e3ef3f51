// One client cannot stall the server: its messages wait in its queue and are handled in bounded
// slices (sliceMessages / sliceMs per event-loop turn, round robin over the clients, the next
// slice on setImmediate) so HTTP requests and ticks run in between.
import { type Client, meter } from './client.ts';
import type { FeedOptions } from './options.ts';
import type { Queued } from './client.ts';

export interface InboxHandlers {
  /** Answers one message of the client */
  handle(client: Client, message: Queued): void;
  /** The client flooded and its queue is answered: it is closed */
  flooded(client: Client): void;
}

export class Inbox {
  /** Clients with queued messages, in round-robin order */
  private readonly ready = new Set<Client>();
  private draining: NodeJS.Immediate | undefined;

  constructor(
    private readonly options: FeedOptions,
    private readonly handlers: InboxHandlers,
  ) {}

  /**
   * A message arrived: O(1) here, whatever the client sends. It takes a token (or is marked
   * over the rate; after maxExcessMessages of those in a row the client's queue is answered
   * and it is closed) and waits in the client's queue for drain().
   */
  receive(client: Client, data: unknown, isBinary: boolean): void {
    if (client.closing || client.flooded) return;
    const verdict = meter(client, this.options);
    if (verdict === 'flood') {
      client.flooded = true;
      // read no more of what it sends: its queue is answered, then it is closed
      client.socket.pause();
      if (client.queue.length === 0) this.handlers.flooded(client);
      return;
    }
    client.queue.push({ data, isBinary, limited: verdict === 'limited' });
    if (client.admitted === true) this.wake(client);
  }

  /** The client's waiting messages are handled from the next slice on (it was admitted). */
  wake(client: Client): void {
    if (client.queue.length === 0) return;
    this.ready.add(client);
    this.draining ??= setImmediate(() => this.drain());
  }

  /** The client is gone: it gets no more slices. */
  forget(client: Client): void {
    this.ready.delete(client);
  }

  /**
   * Handles queued messages for at most sliceMessages messages or sliceMs, one message per
   * client in turn; what is left waits for the next event-loop turn (HTTP requests, ticks and
   * the other sockets' I/O run in between).
   */
  drain(): void {
    this.draining = undefined;
    const { sliceMessages, sliceMs } = this.options;
    const started = performance.now();
    let handled = 0;
    while (this.ready.size > 0 && handled < sliceMessages && performance.now() - started < sliceMs) {
      const client = this.ready.values().next().value as Client;
      this.ready.delete(client);
      const next = client.queue.shift();
      if (client.queue.length > 0) this.ready.add(client);
      if (!next || client.closing) continue;
      handled++;
      this.handlers.handle(client, next);
      if (client.flooded && client.queue.length === 0 && !client.closing) this.handlers.flooded(client);
    }
    if (this.ready.size > 0) this.draining = setImmediate(() => this.drain());
  }

  close(): void {
    if (this.draining) clearImmediate(this.draining);
    this.ready.clear();
  }
}
