import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { EventBus } from '../../platform/bus/event-bus';
import { route } from './route';
import { RETRY_AFTER_SECONDS } from '../../platform/health/outages';

const status = z.enum(['ok', 'down']);

/** The same body comes with 200 when both are up, and with 503 when either is down. */
const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status, kind: z.enum(['embedded', 'postgres']) }),
  bus: z.object({ status, kind: z.enum(['memory', 'redis']) }),
});

export function healthRoutes(dataSource: DataSource, embedded: boolean, bus: EventBus) {
  return [
    route({
      method: 'get',
      path: '/health',
      summary: 'Database and bus status (503 when either is down)',
      tags: ['operations'],
      access: 'public',
      response: healthAnswer,
      handler: async ({ ctx }) => {
        const database = await dataSource.query('SELECT 1').then(
          () => 'ok' as const,
          () => 'down' as const,
        );
        const busStatus = (await bus.isHealthy()) ? ('ok' as const) : ('down' as const);
        const healthy = database === 'ok' && busStatus === 'ok';
        const body: z.infer<typeof healthAnswer> = {
          status: healthy ? 'ok' : 'degraded',
          database: { status: database, kind: embedded ? 'embedded' : 'postgres' },
          bus: { status: busStatus, kind: bus.kind },
        };
        // Answered here rather than returned: the status depends on the checks.
        ctx.status = healthy ? 200 : 503;
        // As every 503 says: when to ask again (a load balancer's probe may ignore it).
        if (!healthy) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        ctx.body = body;
        return undefined;
      },
    }),
  ];
}
