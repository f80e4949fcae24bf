import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../test/http-adapter.ts';
import { createApiClient, createHttpClient } from './http-client.ts';
import { UPLOAD_TIMEOUT_MS, uploadFiles } from './upload.ts';

function client(reply: Parameters<typeof fakeHttp>[0]) {
  const fake = fakeHttp(reply);
  return { client: createApiClient(createHttpClient({ adapter: fake.adapter })), requests: fake.requests };
}

describe('upload helper', () => {
  it('posts files[] with the default namespace and a 100000 ms timeout, returning the first item', async () => {
    const { client: api, requests } = client(() => ({
      status: 200,
      body: { data: [{ id: 7, name: 'foto.jpg' }, { id: 8 }] },
    }));
    const file = new File(['abc'], 'foto.jpg', { type: 'image/jpeg' });
    await expect(uploadFiles(file, { client: api })).resolves.toEqual({ id: 7, name: 'foto.jpg' });
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.fullUrl).toBe('/api/cms/files/upload?namespace=default');
    expect(request.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(UPLOAD_TIMEOUT_MS).toBe(100_000);
    expect(request.headers['X-Requested-With']).toBe('XMLHttpRequest');
    const form = request.data as FormData;
    expect(form.getAll('files[]')).toHaveLength(1);
    expect((form.get('files[]') as File).name).toBe('foto.jpg');
  });

  it('uses the given namespace and sends several files', async () => {
    const { client: api, requests } = client(() => ({ status: 200, body: { data: [{ id: 1 }] } }));
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')];
    await uploadFiles(files, { client: api, namespace: 'articles' });
    expect(requests[0]?.fullUrl).toBe('/api/cms/files/upload?namespace=articles');
    expect((requests[0]!.data as FormData).getAll('files[]')).toHaveLength(2);
  });

  it("raises 'Response is null' when the answer holds no file", async () => {
    const nothing = client(() => ({ status: 200, body: { data: null } }));
    await expect(uploadFiles(new File(['a'], 'a.txt'), { client: nothing.client })).rejects.toThrow(
      'Response is null',
    );
    const empty = client(() => ({ status: 200, body: { data: [] } }));
    await expect(uploadFiles(new File(['a'], 'a.txt'), { client: empty.client })).rejects.toThrow(
      'Response is null',
    );
  });

  it('reports upload progress in percent', async () => {
    const seen: number[] = [];
    const fake = fakeHttp(() => ({ status: 200, body: { data: [{ id: 1 }] } }));
    const api = createApiClient(
      createHttpClient({
        adapter: async (config) => {
          config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
          config.onUploadProgress?.({ loaded: 200, total: 200, bytes: 150, lengthComputable: true });
          return fake.adapter(config);
        },
      }),
    );
    await uploadFiles(new File(['a'], 'a.txt'), { client: api, onProgress: (percent) => seen.push(percent) });
    expect(seen).toEqual([25, 100]);
  });
});
