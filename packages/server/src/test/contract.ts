import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
type Json = any;

/** One answer as the HTTP client received it. */
export interface ReceivedAnswer {
  method: string;
  /** The path with its query, as requested. */
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
  text: string;
}

/** Refusals of what never became a request (http/error-handler.ts, clientErrorHandler), on any path. */
const BEFORE_ANY_ROUTE = new Set([408, 431]);

interface DocumentedPath {
  template: string;
  segments: string[];
  operations: Record<string, Json>;
  /** An entity's own path, beside the registered generic route. */
  expansion: boolean;
}

const mediaType = (type: string | null) => (type ?? '').split(';')[0]!.trim().toLowerCase();

/** Templates of one length: at the first segment where they differ, a literal one wins (as the router decides). */
function moreLiteral(a: DocumentedPath, b: DocumentedPath): number {
  if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
  for (let index = 0; index < a.segments.length; index++) {
    const aParam = a.segments[index]!.startsWith('{');
    const bParam = b.segments[index]!.startsWith('{');
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

/**
 * The API's OpenAPI document as a contract: every answer must be one of the statuses its operation
 * documents, in a documented media type, with a JSON body its schema admits.
 */
export class Contract {
  private readonly paths: DocumentedPath[];
  private readonly byTemplate: Map<string, DocumentedPath>;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<Json, ValidateFunction>();
  private readonly responses: Record<string, Json>;

  constructor(document: Json) {
    this.responses = document.components.responses;
    this.paths = Object.entries(document.paths as Record<string, Record<string, Json>>)
      .map(([template, operations]) => ({
        template,
        segments: template.split('/'),
        operations,
        expansion: Object.values(operations).some((operation) => operation['x-entity'] !== undefined),
      }))
      .sort(moreLiteral);
    this.byTemplate = new Map(this.paths.map((documented) => [documented.template, documented]));
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
  }

  /**
   * The documented path of a request: the registered route the router picks (a literal segment wins
   * at the first difference), then the entity's own path for it when the document has one.
   */
  private operationOf(path: string, method: string): { template: string; operation: Json } | undefined {
    const segments = path.split('?')[0]!.split('/');
    const route = this.paths.find(
      (documented) =>
        !documented.expansion &&
        documented.segments.length === segments.length &&
        documented.segments.every(
          (segment, index) =>
            (segment.startsWith('{') && segments[index] !== '') || segment === segments[index],
        ),
    );
    const operation = route?.operations[method];
    if (!operation) return undefined;
    const entityIndex = route.segments.findIndex((segment) => segment === '{alias}' || segment === '{name}');
    const own =
      entityIndex < 0
        ? undefined
        : this.byTemplate.get(
            route.segments
              .map((segment, index) => (index === entityIndex ? segments[index] : segment))
              .join('/'),
          );
    // A read-only entity has no path of its own to write it: the generic route refuses.
    const owned = own?.operations[method];
    return owned ? { template: own.template, operation: owned } : { template: route.template, operation };
  }

  private validator(schema: Json): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      const local = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      validate = this.ajv.compile(local);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  private resolve(response: Json): Json {
    const name = response?.$ref?.replace('#/components/responses/', '');
    return name ? this.responses[name] : response;
  }

  /** Why the answer breaks the contract, or undefined when it keeps it. */
  violation(answer: ReceivedAnswer): string | undefined {
    const method = answer.method.toLowerCase();
    if (method === 'head' || method === 'options' || !answer.path.startsWith('/api')) return undefined;
    // Node's parser refuses a request too slow or with headers too large before any route sees it.
    if (BEFORE_ANY_ROUTE.has(answer.status))
      return this.bodyViolation(answer, { $ref: '#/components/schemas/Error' });
    const documented = this.operationOf(answer.path, method);
    if (!documented) {
      // No such route: the router's 404 (or 405) in the error envelope.
      if (answer.status >= 400) return this.bodyViolation(answer, { $ref: '#/components/schemas/Error' });
      return `${answer.status} of a route the document does not list`;
    }
    const { responses } = documented.operation;
    const status = String(answer.status);
    const response = this.resolve(responses[status] ?? responses[`${status[0]}XX`] ?? responses.default);
    if (!response)
      return `status ${status} is not documented for ${method.toUpperCase()} ${documented.template}`;
    const content = response.content as Record<string, Json> | undefined;
    if (!content) return answer.text === '' ? undefined : 'a body where the document says none';
    const type = mediaType(answer.contentType);
    const entry = Object.entries(content).find(([documentedType]) => mediaType(documentedType) === type);
    if (!entry) return `media type "${type}" is not among ${Object.keys(content).join(', ')}`;
    return type === 'application/json' && entry[1].schema
      ? this.bodyViolation(answer, entry[1].schema)
      : undefined;
  }

  private bodyViolation(answer: ReceivedAnswer, schema: Json): string | undefined {
    if (mediaType(answer.contentType) !== 'application/json')
      return `media type "${mediaType(answer.contentType)}" where the error envelope is JSON`;
    const validate = this.validator(schema);
    if (!validate(answer.body))
      return this.ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' });
    return answer.status >= 400 ? programmersWords(answer.body) : undefined;
  }
}

/** Words of Zod's (or any library's) own messages, which a person must never read. */
const PROGRAMMERS_WORDS =
  /\b(invalid|expected|received|required|must|undefined|NaN|null|string|number|object|array|boolean|enum|union)\b/i;

/** A refusal's messages in a programmer's words (what a person typed, quoted „…“, aside). */
function programmersWords(body: Json): string | undefined {
  const messages = [
    body?.error?.message,
    ...(body?.validationErrors ?? []).map((error: Json) => error.message),
  ];
  const found = messages.find(
    (message) => typeof message === 'string' && PROGRAMMERS_WORDS.test(message.replace(/„[^“]*“/g, '')),
  );
  return found === undefined ? undefined : `a message in programmers' words: "${found}"`;
}

const contracts = new Map<string, Contract>();
const documents = new Map<string, () => Json>();

/** Makes the answers of the app at `baseUrl` checked against the document `build` makes (once, when first needed). */
export function registerContract(baseUrl: string, build: () => Json): void {
  documents.set(baseUrl, build);
}

export function forgetContract(baseUrl: string): void {
  documents.delete(baseUrl);
  contracts.delete(baseUrl);
}

/** Shared between apps serving the same document, so that each schema compiles once per test file. */
const byDocument = new Map<string, Contract>();

function contractOf(baseUrl: string): Contract | undefined {
  const known = contracts.get(baseUrl);
  if (known) return known;
  const build = documents.get(baseUrl);
  if (!build) return undefined;
  const document = build();
  const digest = createHash('sha256').update(JSON.stringify(document)).digest('hex');
  const contract = byDocument.get(digest) ?? new Contract(document);
  byDocument.set(digest, contract);
  contracts.set(baseUrl, contract);
  return contract;
}

/** Throws when the answer of a registered app breaks its document. */
export function checkAnswer(baseUrl: string, answer: ReceivedAnswer): void {
  const violation = contractOf(baseUrl)?.violation(answer);
  if (violation === undefined) return;
  const body = answer.text.length > 600 ? `${answer.text.slice(0, 600)}…` : answer.text;
  throw new Error(
    `Answer outside the OpenAPI document: ${answer.method} ${answer.path} → ${answer.status} ` +
      `(${answer.contentType ?? 'no content type'}): ${violation}\n${body}`,
  );
}
