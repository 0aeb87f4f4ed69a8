import { z } from 'zod';
import { allEndpoints, apiPrefix } from '../../domain/api';
import { idempotencyHeader, xsrfHeader } from '../../domain/auth';
import { type Endpoint, isMutation, noBody, permissionsOfCall } from '../../domain/endpoint';
import { errorCatalogue } from '../../domain/errors';
import { type Permission, permissionTable } from '../../domain/permissions';

/** A JSON Schema (2020-12) object as zod writes it. */
type JsonSchema = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document Loupe writes (enough to type what we build; readers get plain JSON). */
export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
}

/** One operation, with Loupe's extensions: the permission(s) it needs and the roles that hold them. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security: Record<string, string[]>[];
  /** The permissions of the call ("any of"); empty for the auth calls and signed links. */
  'x-permission': Permission[];
  /** The roles that may call it (any role holding one of the permissions). */
  'x-roles': string[];
}

/** Answers that are not JSON: their media type (the invoice PDF behind a signed link). */
const binaryAnswers: Record<string, string> = {
  'charges.invoicePdf': 'application/pdf',
  'projects.downloadZip': 'application/zip',
  'audit.exportCsv': 'text/csv',
};

/**
 * A zod schema as JSON Schema for the request (`input`: what a caller sends, before coercion and transforms) or the
 * answer (`output`). What JSON Schema cannot say (a transform's result, custom checks) becomes `{}` (any).
 * `$defs` (recursive schemas) move to `components.schemas` under the operation's name so their `$ref`s resolve.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonSchema>) {
  const {
    $schema: _dialect,
    $defs,
    ...json
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return json;
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? `#/components/schemas/${name}.${inner.slice('#/$defs/'.length)}`
          : rename(inner),
      ]),
    );
  };
  for (const [key, definition] of Object.entries($defs))
    components[`${name}.${key}`] = rename(definition) as JsonSchema;
  return rename(json) as JsonSchema;
}

function rolesHolding(permissions: readonly Permission[]): string[] {
  return [...new Set(permissions.flatMap((permission) => permissionTable[permission]))];
}

function describe(endpoint: Endpoint, permissions: readonly Permission[]): string {
  const lines = [`${endpoint.summary}.`];
  if (endpoint.auth === 'none')
    lines.push(
      endpoint.id.startsWith('auth.') ? 'No session needed.' : 'No session: the signed link is the permission.',
    );
  if (endpoint.auth === 'refresh') lines.push('Authenticates with the **refresh token** as the bearer token.');
  for (const permission of permissions) {
    lines.push(`Permission \`${permission}\`: ${permissionTable[permission].join(', ')}.`);
  }
  if (permissions.length > 1) lines.push('Any one of these permissions is enough; the call decides what each allows.');
  if (endpoint.auth === 'access' && isMutation(endpoint)) lines.push(`Needs the \`${xsrfHeader}\` header.`);
  if (endpoint.money) {
    lines.push(`Moves money: needs an \`${idempotencyHeader}\`; a retry with the same key replays the first answer.`);
  }
  return lines.join('\n\n');
}

function parametersOf(endpoint: Endpoint, name: string, components: Record<string, JsonSchema>): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const location of ['path', 'query'] as const) {
    const schema = jsonSchemaOf(location === 'path' ? endpoint.params : endpoint.query, 'input', name, components);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [key, property] of Object.entries(properties)) {
      parameters.push({
        name: key,
        in: location,
        required: location === 'path' || required.has(key),
        schema: property,
      });
    }
  }
  if (endpoint.money) {
    parameters.push({
      name: idempotencyHeader,
      in: 'header',
      required: true,
      description: 'One key per intended action (1–200 visible ASCII characters): a retry sends the same key.',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    });
  }
  return parameters;
}

function requestBodyOf(endpoint: Endpoint, name: string, components: Record<string, JsonSchema>) {
  if (endpoint.body === noBody) return undefined;
  return {
    required: !endpoint.body.safeParse(undefined).success,
    content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input', name, components) } },
  };
}

function responsesOf(endpoint: Endpoint, name: string, components: Record<string, JsonSchema>) {
  const binary = binaryAnswers[endpoint.id];
  const content = binary
    ? { [binary]: { schema: { type: 'string', contentMediaType: binary } } }
    : { 'application/json': { schema: jsonSchemaOf(endpoint.answer, 'output', name, components) } };
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const responses: Record<string, JsonSchema> = {
    '200': { description: 'Done', content },
    '400': { description: 'Invalid input: `field` names what to correct', ...error },
  };
  if (endpoint.auth !== 'none' || !endpoint.id.startsWith('auth.')) {
    responses['401'] = {
      description: 'No valid session (an expired access token says "Signature has expired")',
      ...error,
    };
  }
  if (endpoint.auth === 'access') responses['403'] = { description: 'The role lacks the permission', ...error };
  responses.default = { description: 'Any other refusal (404, 409, 422, 429) with its reason', ...error };
  return responses;
}

function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (endpoint.auth === 'none') return [];
  if (endpoint.auth === 'access' && isMutation(endpoint)) return [{ bearer: [], xsrf: [] }];
  return [{ bearer: [] }];
}

/** The OpenAPI path of a catalogue path: `users/:user_id/actions/suspend` → `/admin/users/{user_id}/actions/suspend`. */
export function openApiPath(endpoint: Pick<Endpoint, 'path'>): string {
  return `${apiPrefix}/${endpoint.path.replace(/:([a-zA-Z_]+)/g, '{$1}')}`;
}

/** The OpenAPI 3.1 document of the whole catalogue, generated from the zod schemas of every call. */
export function openApiDocument(endpoints: readonly Endpoint[] = allEndpoints): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      required: ['detail'],
      properties: {
        detail: { type: 'string', description: 'What went wrong, for people' },
        code: { type: 'string', enum: Object.keys(errorCatalogue) },
        field: { type: 'string', description: 'The input to correct, when one is at fault' },
      },
    },
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const permissions = permissionsOfCall(endpoint);
    const name = endpoint.id;
    const requestBody = requestBodyOf(endpoint, name, schemas);
    const operation: OpenApiOperation = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: describe(endpoint, permissions),
      tags: [endpoint.id.split('.')[0] ?? 'other'],
      parameters: parametersOf(endpoint, name, schemas),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(endpoint, name, schemas),
      security: securityOf(endpoint),
      'x-permission': [...permissions],
      'x-roles': rolesHolding(permissions),
    };
    const path = openApiPath(endpoint);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Loupe admin API',
      version: '1',
      description:
        'Every call of the console, generated from the call catalogue. Sign in with `POST /admin/auth/login`, send the access token as the bearer token, and the cross-site token (`X-XSRF-TOKEN`, from the `XSRF-TOKEN` cookie) on every change. Each operation names its permission (`x-permission`) and the roles that hold it (`x-roles`).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [...new Set(endpoints.map((endpoint) => endpoint.id.split('.')[0] ?? 'other'))].map((tag) => ({ name: tag })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        xsrf: { type: 'apiKey', in: 'header', name: xsrfHeader },
      },
      schemas,
    },
  };
}
