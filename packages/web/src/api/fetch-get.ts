import { serializeQuery } from '@klubovna/shared';
import { ApiError, BadRequestError, ForbiddenError, NetworkError, UnauthorizedError } from './api-errors.ts';
import { unwrap } from './envelope.ts';

/** The error the API client would give for this answer, so screens cannot tell the two paths apart. */
function errorOf(response: { status: number; data: unknown }): ApiError {
  if (response.status === 400) return new BadRequestError(response);
  if (response.status === 401) return new UnauthorizedError(response);
  if (response.status === 403) return new ForbiddenError(response);
  return new ApiError(`Request failed with status code ${response.status}`, response);
}

/**
 * A GET of the API through the browser's own `fetch`, with the headers the API client sends and its
 * `{ data }` envelope unwrapped, failures mapped onto the same error catalogue. It lets a screen's first
 * answers be asked for before the API client (axios, a chunk of its own) has loaded.
 */
export async function fetchGet<T>(url: string, params?: object | null): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${url}${params ? serializeQuery(params as Record<string, unknown>) : ''}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
  } catch (error) {
    throw new NetworkError({ cause: error });
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorOf({ status: response.status, data });
  return unwrap<T>(data);
}
