import type { z } from 'zod';

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
