import type { z } from 'zod';
import { endpoint, type AnyEndpoint } from './binance-endpoint';
import type { Weight } from './request-weight';

/** A public endpoint (market data) of Binance's `weight`: its parameters checked by `schema`, its answer from `answer`. */
export const publicEndpoint = <Shape extends z.ZodRawShape>(
  weight: Weight,
  schema: z.ZodObject<Shape>,
  answer: (params: z.output<z.ZodObject<Shape>>) => unknown,
): AnyEndpoint => endpoint({ security: 'NONE', weight, schema, answer: (params) => answer(params) });
