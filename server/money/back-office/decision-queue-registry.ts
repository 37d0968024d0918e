import type { DecisionQueue } from './decision-queue';

/**
 * The queues administrators decide, one entry each, in the order the admin page shows them. Their
 * admin routes, the counters of GET /admin/stats and their decision events all come from here.
 */
export class DecisionQueueRegistry {
  readonly queues: readonly DecisionQueue[];

  constructor(queues: DecisionQueue[]) {
    for (const field of ['kind', 'pendingCounter'] as const) {
      const names = queues.map((queue) => queue[field]);
      const repeated = names.find((name, i) => names.indexOf(name) !== i);
      if (repeated !== undefined) throw new Error(`Two decision queues share the ${field} '${repeated}'`);
    }
    this.queues = queues;
  }
}
