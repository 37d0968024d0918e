import { z } from 'zod';

/**
 * The bus topic of market stream events: built and serialized once, in the process elected to
 * build them (stream-source.ts), then delivered by every process's hub to its own connections.
 * `data` is the event's JSON text, sent to a client as it is (or wrapped as `{stream, data}`).
 */
export const STREAMS_TOPIC = 'market.streams';

export const streamEvents = z.array(z.object({ stream: z.string(), data: z.string() }));
export type StreamEvent = z.infer<typeof streamEvents>[number];

/** Whether anyone may be listening to a stream: the source skips building an event nobody would receive. */
export type StreamAudience = (stream: string) => boolean;
