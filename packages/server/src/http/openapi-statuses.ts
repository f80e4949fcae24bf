import type { FastifySchema } from 'fastify';
import { MEDIA_TYPES } from './api-answers.ts';
import { dataEnvelope, type JsonSchema, type SchemaWriter } from './openapi-schemas.ts';
import type { RouteAccess } from './route-access.ts';

/** Error statuses in the document, each a response of its own with the envelope and a Czech description. */
export const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'Neplatný požadavek; u ověření údajů `validationErrors` s českou zprávou ke každému poli.',
  },
  401: { name: 'Unauthorized', description: 'Nepřihlášen, nebo nesprávné přihlašovací údaje.' },
  403: {
    name: 'Forbidden',
    description:
      'Chybí oprávnění, požadavek z cizího původu, nebo je třeba nejdřív zapnout dvoufázové přihlášení.',
  },
  404: { name: 'NotFound', description: 'Záznam, entita nebo soubor neexistuje (nebo není pro vás).' },
  409: {
    name: 'Conflict',
    description:
      'Záznam mezitím změnil někdo jiný (nesouhlasí `version`), smazal související záznam, nebo je záznam ještě použit.',
  },
  413: { name: 'PayloadTooLarge', description: 'Odeslaná data nebo soubor jsou příliš velké.' },
  414: { name: 'UriTooLong', description: 'Adresa nebo její parametr je příliš dlouhý.' },
  415: { name: 'UnsupportedMediaType', description: 'Nepodporovaný typ těla požadavku.' },
  429: { name: 'TooManyRequests', description: 'Příliš mnoho pokusů; zkuste to za chvíli.' },
  503: { name: 'NotReady', description: 'Server není připraven (databáze, úložiště, vypínání).' },
  507: { name: 'InsufficientStorage', description: 'Na serveru došlo místo na disku; nic se neuložilo.' },
};

/**
 * What a route's kind implies it may be refused with: validation, sign-in, access, size and disk, and
 * for a signed-in write 409 (a record saved, deleted or still used meanwhile: the engine's writes).
 */
function impliedErrorStatuses(method: string, url: string, access: RouteAccess): number[] {
  const unsafe = method !== 'GET';
  const secured = access !== 'public';
  const withParams = url.includes('/:');
  return [
    400,
    ...(secured ? [401] : []),
    ...(secured || unsafe ? [403] : []),
    // A signed-in route works on records the person may not read, named in the path, query or body.
    ...(withParams || secured ? [404] : []),
    ...(withParams ? [414] : []),
    ...(unsafe ? [413, 415, 507] : []),
    ...(unsafe && secured ? [409] : []),
  ];
}

const TEXT_TYPES = /^text\/|\+xml$/;

const fileSchema = (type: string) => {
  if (type === MEDIA_TYPES.json) return { type: 'object' };
  return TEXT_TYPES.test(type) ? { type: 'string' } : { type: 'string', contentMediaType: type };
};

/** A file answer's content: text as a string, JSON as an object, anything else as bytes of its type. */
function fileContent(types: readonly string[]) {
  return Object.fromEntries(types.map((type) => [type, { schema: fileSchema(type) }]));
}

const GENERIC_DATA: JsonSchema = dataEnvelope({});

/**
 * Every status a route can answer: its declared successes (`schema.response` below 400, or any 2XX
 * with `{ data }` when it declares none) in JSON and the media types of `schema.produces`, then the
 * errors its kind implies and those it declares, each with the error envelope.
 */
export function routeResponses(
  writer: SchemaWriter,
  route: { method: string; url: string; access: RouteAccess; schema?: FastifySchema },
  owner: string,
) {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const produces = route.schema?.produces ?? [];
  const successes = Object.keys(declared).filter((status) => !/^[45]/.test(status));
  const json = (schema: JsonSchema) => ({ [MEDIA_TYPES.json]: { schema } });
  const responses: Record<string, unknown> = {};
  for (const status of successes.length > 0 ? successes : ['2XX']) {
    const schema = writer.write(declared[status], `${owner}_${status}`, 'output');
    const content = {
      ...(schema || produces.length === 0 ? json(schema ?? GENERIC_DATA) : {}),
      ...fileContent(produces),
    };
    responses[status] = {
      description: produces.length > 0 ? 'Úspěch: soubor, nebo `{ "data": … }`.' : 'Úspěch: `{ "data": … }`.',
      content,
    };
  }
  const declaredErrors = Object.keys(declared)
    .filter((status) => /^[45]/.test(status))
    .map(Number);
  const errors = new Set([...impliedErrorStatuses(route.method, route.url, route.access), ...declaredErrors]);
  for (const status of [...errors].sort()) {
    const known = ERROR_RESPONSES[status];
    if (!known)
      throw new Error(
        `Route ${route.method} ${route.url} declares status ${status} the document does not know`,
      );
    responses[String(status)] = { $ref: `#/components/responses/${known.name}` };
  }
  return responses;
}

/** The error responses of the document's components. */
export function errorResponseComponents() {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      { description, content: { [MEDIA_TYPES.json]: { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
}
