import { isAxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../test/http-adapter.ts';
import { BadRequestError, ForbiddenError, NetworkError, UnauthorizedError } from './api-errors.ts';
import { createApiClient, createHttpClient } from './http-client.ts';

function clientAnswering(reply: Parameters<typeof fakeHttp>[0]) {
  const fake = fakeHttp(reply);
  return { api: createApiClient(createHttpClient({ adapter: fake.adapter })), requests: fake.requests };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail');
}

describe('API client', () => {
  it('unwraps data and sends the CSRF header', async () => {
    const { api, requests } = clientAnswering(() => ({ status: 200, body: { data: { status: 'ok' } } }));
    await expect(api.get('/api/health')).resolves.toEqual({ status: 'ok' });
    expect(requests[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('sends JSON bodies', async () => {
    const { api, requests } = clientAnswering(() => ({ status: 200, body: { data: null } }));
    await expect(api.post('/api/login', { email: 'a@b.cz', password: 'x' })).resolves.toBeNull();
    expect(requests[0]?.headers['Content-Type']).toMatch(/application\/json/);
    expect(JSON.parse(String(requests[0]?.data))).toEqual({ email: 'a@b.cz', password: 'x' });
  });

  it('serialises query parameters, skipping nulls and repeating arrays', async () => {
    const { api, requests } = clientAnswering(() => ({ status: 200, body: { data: [] } }));
    await api.get('/api/cms/datagrid/member', { page: 2, s: null, tag: ['a', 'b'], q: 'Novák' });
    const url = new URL(requests[0]!.fullUrl, 'http://x');
    expect(url.pathname).toBe('/api/cms/datagrid/member');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('s')).toBe(false);
    expect(url.searchParams.getAll('tag')).toEqual(['a', 'b']);
    expect(url.searchParams.get('q')).toBe('Novák');
  });

  it('turns 400 into a bad-request error carrying the whole body', async () => {
    const body = {
      error: { message: 'Některé údaje nejsou vyplněny správně.', code: 'VALIDATION_FAILED', status: 400 },
      validationErrors: [{ message: 'Zadejte e-mail.', path: 'email' }],
    };
    const { api } = clientAnswering(() => ({ status: 400, body }));
    const error = await failure(api.post('/api/login', {}));
    expect(error).toBeInstanceOf(BadRequestError);
    const bad = error as BadRequestError;
    expect(bad.message).toBe('Některé údaje nejsou vyplněny správně.');
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(body);
    expect(bad.validationErrors).toEqual([{ message: 'Zadejte e-mail.', path: 'email' }]);
  });

  it("turns 401 into an unauthorized error with the message 'Unauthorized.'", async () => {
    const { api } = clientAnswering(() => ({
      status: 401,
      body: { error: { message: 'Nesprávný e-mail nebo heslo.', code: 'INVALID_CREDENTIALS', status: 401 } },
    }));
    const error = (await failure(api.post('/api/login', {}))) as UnauthorizedError;
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe('Unauthorized.');
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Nesprávný e-mail nebo heslo.');
  });

  it("turns 403 into a forbidden error, 'Unauthorized.' unless the server says otherwise", async () => {
    const bare = clientAnswering(() => ({ status: 403 }));
    const plain = (await failure(bare.api.get('/api/cms/users'))) as ForbiddenError;
    expect(plain).toBeInstanceOf(ForbiddenError);
    expect(plain.message).toBe('Unauthorized.');
    expect(plain.status).toBe(403);

    const described = clientAnswering(() => ({
      status: 403,
      body: { error: { message: 'K této akci nemáte oprávnění.', code: 'FORBIDDEN', status: 403 } },
    }));
    const error = (await failure(described.api.get('/api/cms/users'))) as ForbiddenError;
    expect(error.message).toBe('K této akci nemáte oprávnění.');
    expect(error.code).toBe('FORBIDDEN');
  });

  it("turns a request without response into 'Network error.'", async () => {
    const { api } = clientAnswering(() => 'network-error');
    const error = await failure(api.get('/api/health'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error.');
  });

  it('rethrows other failures unchanged', async () => {
    const body = { error: { message: 'Záznam mezitím změnil někdo jiný.', code: 'CONFLICT', status: 409 } };
    const { api } = clientAnswering(() => ({ status: 409, body }));
    const error = await failure(api.put('/api/cms/me', {}));
    expect(isAxiosError(error)).toBe(true);
    expect(isAxiosError(error) && error.response?.status).toBe(409);
    expect(isAxiosError(error) && error.response?.data).toEqual(body);
  });
});
