import type { z } from 'zod';
import { describeZodError } from '../../kernel/validation';
import { badRequest } from './errors';

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  return parsed.data;
}

/**
 * The query string as one value per key, as the API takes them. A key sent twice (`limit=5&limit=500`)
 * is refused: picking either value would answer a request the caller may not have meant.
 */
export function flattenQuery(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) throw badRequest(`${key}: sent more than once`);
    flat[key] = value;
  }
  return flat;
}
