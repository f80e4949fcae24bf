import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { storedJobs } from './jobs-fixtures.ts';

const retryPath = (id: number) => `/api/cms/action/job/${id}/retry`;

describe.each(testEngines())('the jobs screen on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let failedId: number;
  let doneId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    let broken = true;
    t.app.jobs.define({
      kind: 'housekeeping-test',
      maxAttempts: 1,
      run: async () => {
        if (broken) throw new Error('Server pošty neodpovídá');
      },
    });
    await t.app.jobs.enqueue({ kind: 'housekeeping-test', payload: { n: 1 } });
    await t.app.jobs.runDue();
    broken = false;
    await t.app.jobs.enqueue({ kind: 'housekeeping-test', payload: { n: 2 } });
    await t.app.jobs.runDue();
    const jobs = await storedJobs(t, 'housekeeping-test');
    failedId = jobs.find((job) => job.state === 'failed')!.id;
    doneId = jobs.find((job) => job.state === 'done')!.id;
  });
  afterAll(() => t.close());

  it('lists recent runs and failures to the office, with kinds and states in Czech, read-only', async () => {
    const schema = await root.get('/api/cms/datagrid/schema/job');
    expect(schema.status, schema.text).toBe(200);
    expect(schema.body.data).toMatchObject({ canCreate: false, canDelete: false, rowActions: ['edit'] });
    const columns = schema.body.data.columns as Array<{ key: string; options?: Array<{ label: string }> }>;
    expect(columns.find((column) => column.key === 'kind')?.options?.[0]?.label).toBe(
      'Úklid databáze a souborů',
    );
    expect(columns.find((column) => column.key === 'state')?.options?.map((option) => option.label)).toEqual([
      'Čeká',
      'Běží',
      'Hotovo',
      'Selhala',
    ]);
    const list = await root.get('/api/cms/datagrid/job?limit=100');
    expect(list.status, list.text).toBe(200);
    const failed = (list.body.data.items as Array<Record<string, unknown>>).find(
      (row) => row.id === failedId,
    );
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'Server pošty neodpovídá' });
    const form = await root.get('/api/cms/form/job/schema');
    expect(form.status, form.text).toBe(200);
    expect(form.body.data).toMatchObject({ canWrite: false, canCreate: false, canDelete: false });
    const office = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    expect((await office.client.get('/api/cms/datagrid/job')).status).toBe(200);
  });

  it('retries a failed job: queued again with its attempts back, and run at the next poll', async () => {
    const answer = await root.post(retryPath(failedId), {});
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toMatchObject({ id: failedId, state: 'queued', attempts: 0 });
    expect(await t.app.jobs.runDue()).toBe(1);
    const job = (await storedJobs(t, 'housekeeping-test')).find((row) => row.id === failedId);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('refuses to retry a job that did not fail, one that does not exist, and any write', async () => {
    const notFailed = await root.post(retryPath(doneId), {});
    expect(notFailed.status).toBe(400);
    expect(notFailed.body.error.message).toBe('Znovu lze spustit jen úlohu, která selhala.');
    expect((await root.post(retryPath(999_999), {})).status).toBe(404);
    const created = await root.post('/api/cms/form/job', { kind: 'housekeeping', state: 'queued' });
    expect(created.status).toBe(403);
    const changed = await root.put(`/api/cms/form/job/${doneId}`, { version: 1, state: 'queued' });
    expect(changed.status).toBe(403);
    expect((await storedJobs(t, 'housekeeping-test')).find((row) => row.id === doneId)?.state).toBe('done');
  });

  it('answers 401 to the anonymous and 403 to whom the users area is closed', async () => {
    expect((await t.client().get('/api/cms/datagrid/job')).status).toBe(401);
    expect((await t.client().post(retryPath(failedId), {})).status).toBe(401);
    const member = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await member.client.get('/api/cms/datagrid/job')).status).toBe(403);
    expect((await member.client.get(`/api/cms/form/job/${failedId}`)).status).toBe(403);
    expect((await member.client.post(retryPath(failedId), {})).status).toBe(403);
  });
});
