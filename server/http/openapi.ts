import { z } from 'zod';
import type { RouteSpec } from './route';

const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function queryParameters(schema: z.ZodType | undefined, location: 'query' | 'path') {
  if (!schema) return [];
  const json = toJsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The OpenAPI 3.1 description, built from the same declarations that validate requests. */
export function buildOpenApi(routes: RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = `/api${spec.path.replace(/:(\w+)/g, '{$1}')}`;
    const bodySchema = spec.body ?? spec.input;
    const security = spec.access === 'public' ? [] : [{ bearer: [] }];
    paths[path] ??= {};
    paths[path][spec.method] = {
      summary: spec.summary,
      tags: spec.tags,
      security,
      'x-access': spec.access,
      parameters: [...queryParameters(spec.params, 'path'), ...queryParameters(spec.query ?? spec.input, 'query')],
      ...(bodySchema && spec.method !== 'get'
        ? {
            requestBody: {
              required: !!spec.body,
              content: { 'application/json': { schema: toJsonSchema(bodySchema) } },
            },
          }
        : {}),
      responses: {
        [String(spec.status ?? 200)]: {
          description: 'Success',
          ...(spec.response ? { content: { 'application/json': { schema: toJsonSchema(spec.response) } } } : {}),
        },
        default: {
          description: 'Error',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
            },
          },
        },
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
