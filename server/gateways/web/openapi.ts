import { z } from 'zod';
import type { RouteSpec } from './route';

/**
 * A request schema is described as it is sent (before defaults and transforms), an answer as it is
 * sent back (after them): a field with a default is optional in a request and always in an answer.
 */
const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path') {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const ERROR_ANSWER = {
  description: 'Error',
  ...json({ type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] }),
};

/** The OpenAPI 3.1 description, built from the same declarations that validate requests. */
export function buildOpenApi(routes: RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = `/api${spec.path.replace(/:(\w+)/g, '{$1}')}`;
    const bodySchema = spec.body ?? spec.input;
    paths[path] ??= {};
    paths[path][spec.method] = {
      summary: spec.summary,
      tags: spec.tags,
      security: spec.access === 'public' ? [] : [{ bearer: [] }],
      'x-access': spec.access,
      parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query ?? spec.input, 'query')],
      ...(bodySchema && spec.method !== 'get'
        ? { requestBody: { required: !!spec.body, ...json(toJsonSchema(bodySchema, 'input')) } }
        : {}),
      responses: {
        [String(spec.status ?? 200)]: {
          description: 'Success',
          ...(spec.response ? json(toJsonSchema(spec.response, 'output')) : {}),
        },
        default: ERROR_ANSWER,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Exchange API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
