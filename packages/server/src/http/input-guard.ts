import type { ValidationError } from '@klubovna/shared';
import {
  FORBIDDEN_CHARACTER_MESSAGE,
  hasForbiddenCharacter,
  MAX_NESTING_DEPTH,
} from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationFailed } from '../errors/app-error.ts';

const TOO_DEEP_MESSAGE = `Data požadavku jsou vnořena příliš hluboko (nejvýše ${MAX_NESTING_DEPTH} úrovní).`;

/**
 * The first text in a parsed value (keys included) that no database could store, or nesting deeper
 * than MAX_NESTING_DEPTH. Walks without recursion, so no body can exhaust the stack.
 */
export function findUnstorable(value: unknown, basePath: string[] = []): ValidationError | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: basePath }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (hasForbiddenCharacter(current))
        return { path: path.join('.'), message: FORBIDDEN_CHARACTER_MESSAGE };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length - basePath.length >= MAX_NESTING_DEPTH)
      return { path: path.join('.'), message: TOO_DEEP_MESSAGE };
    for (const [key, child] of Object.entries(current)) {
      if (hasForbiddenCharacter(key)) return { path: path.join('.'), message: FORBIDDEN_CHARACTER_MESSAGE };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** The query string as the routes read it: decoded pairs, keys and values (repeated keys kept). */
function rawQueryPairs(request: FastifyRequest): Array<[string, string]> {
  const index = request.url.indexOf('?');
  return index < 0 ? [] : [...new URLSearchParams(request.url.slice(index + 1))];
}

function findInRequest(request: FastifyRequest): ValidationError | undefined {
  for (const [key, value] of rawQueryPairs(request)) {
    if (hasForbiddenCharacter(key) || hasForbiddenCharacter(value))
      return { path: key, message: FORBIDDEN_CHARACTER_MESSAGE };
  }
  return findUnstorable(request.params) ?? findUnstorable(request.body);
}

/**
 * Refuses, for every route, what no database engine can take before any schema or handler sees it:
 * NUL and broken surrogate pairs in any text of the path, the query or the body, and bodies nested
 * too deep to validate. A Czech 400 names where it was found.
 */
export function useInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = findInRequest(request);
    done(problem ? validationFailed([problem]) : undefined);
  });
}
