// Which clients are subscribed to which topic: a topic's state lives while it has subscribers.
import type { Client } from './client.ts';
import type { Topic } from './topics.ts';

export interface TopicState {
  topic: Topic;
  clients: Set<Client>;
  /** For kline: the last live bar pushed, to push only changes */
  last?: string;
}

export class Subscriptions {
  private readonly byName = new Map<string, TopicState>();

  /** Subscribes `client` to `topic`; the topic's state (new with its first subscriber). */
  add(topic: Topic, client: Client): TopicState {
    client.topics.add(topic.name);
    let state = this.byName.get(topic.name);
    if (!state) {
      state = { topic, clients: new Set() };
      this.byName.set(topic.name, state);
    }
    state.clients.add(client);
    return state;
  }

  /** Unsubscribes `client` from the topic `name`. */
  unsubscribe(name: string, client: Client): void {
    client.topics.delete(name);
    this.remove(name, client);
  }

  private remove(name: string, client: Client): void {
    const state = this.byName.get(name);
    if (!state) return;
    state.clients.delete(client);
    if (state.clients.size === 0) this.byName.delete(name);
  }

  /** Takes `client` out of every topic it is subscribed to. */
  removeClient(client: Client): void {
    for (const name of client.topics) this.remove(name, client);
    client.topics.clear();
  }

  /** The subscribed topics (a topic left during the iteration is skipped, as Map iteration does). */
  states(): IterableIterator<TopicState> {
    return this.byName.values();
  }

  clear(): void {
    this.byName.clear();
  }
}
