import type { DataSource } from 'typeorm';
import type { EventBus } from '../bus/event-bus';
import { route } from '../http/route';

export function healthRoutes(dataSource: DataSource, embedded: boolean, bus: EventBus) {
  return [
    route({
      method: 'get',
      path: '/health',
      summary: 'Database and bus status',
      tags: ['operations'],
      access: 'public',
      handler: async ({ ctx }) => {
        const database = await dataSource.query('SELECT 1').then(
          () => 'ok',
          () => 'down',
        );
        const busStatus = (await bus.isHealthy()) ? 'ok' : 'down';
        const healthy = database === 'ok' && busStatus === 'ok';
        ctx.status = healthy ? 200 : 503;
        ctx.body = {
          status: healthy ? 'ok' : 'degraded',
          database: { status: database, kind: embedded ? 'embedded' : 'postgres' },
          bus: { status: busStatus, kind: bus.kind },
        };
        return undefined;
      },
    }),
  ];
}
