import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Messages written for people (e.g. 'Please enter a valid amount') are shown as they are;
 * zod's own messages get the field name in front so the client knows what was wrong.
 */
const standaloneMessages = new Set<string>();

export function standalone(message: string): string {
  standaloneMessages.add(message);
  return message;
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  if (standaloneMessages.has(issue.message)) return issue.message;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

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
