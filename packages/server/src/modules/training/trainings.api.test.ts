import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { getBytes, readFirstSheet } from '../../test/xlsx-reader.ts';

describe.each(testEngines())('trainings, series, attendance and calendar feeds on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const member = (firstName: string, lastName: string, memberType = 'ATHLETE') =>
    created('member', { firstName, lastName, memberType });
  const series = (body: Record<string, unknown>) => root.post('/api/cms/action/training/create-series', body);

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('stores a training in UTC from Prague time, titles it and keeps the end after the start', async () => {
    const group = await created('group', { name: 'Dorost' });
    const wrong = await root.post('/api/cms/form/training', {
      group: group.id,
      startsAt: '2026-11-24T17:30:00+01:00',
      endsAt: '2026-11-24T16:00:00+01:00',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual([
      { path: 'endsAt', message: '„Konec“ musí být později než „Začátek“ (24. 11. 2026 17:30).' },
    ]);
    const training = await created('training', {
      group: group.id,
      startsAt: '2026-11-24T17:30:00+01:00',
      endsAt: '2026-11-24T19:00:00+01:00',
      place: 'Hala Sokol',
    });
    expect(training).toMatchObject({
      startsAt: '2026-11-24T16:30:00.000Z',
      endsAt: '2026-11-24T18:00:00.000Z',
      title: 'Dorost 24. 11. 2026 17:30',
      cancelled: false,
    });
  });

  it('plans a series on chosen weekdays, skipping Czech public holidays and listed dates, previewing first', async () => {
    const group = await created('group', { name: 'Žáci' });
    const body = {
      groupId: group.id,
      weekdays: [1, 3],
      startTime: '17:00',
      endTime: '18:30',
      from: '2027-03-22',
      to: '2027-04-07',
      place: 'Stadion',
      skipDates: ['2027-03-24'],
    };
    const preview = await series({ ...body, preview: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.skipped).toEqual([
      { date: '2027-03-24', reason: 'Vynecháno podle seznamu' },
      { date: '2027-03-29', reason: 'Státní svátek: Velikonoční pondělí' },
    ]);
    expect(preview.body.data.trainings.map((training: { date: string }) => training.date)).toEqual([
      '2027-03-22',
      '2027-03-31',
      '2027-04-05',
      '2027-04-07',
    ]);
    // Summer time starts on 28. 3. 2027: 17:00 in Prague is 16:00 UTC before, 15:00 after.
    expect(preview.body.data.trainings[0].startsAt).toBe('2027-03-22T16:00:00.000Z');
    expect(preview.body.data.trainings[1].startsAt).toBe('2027-03-31T15:00:00.000Z');
    const countTrainings = async () =>
      (await root.get(`/api/cms/datagrid/training?filter[group]=${group.id}`)).body.data.total;
    const before = await countTrainings();

    const saved = await series(body);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.created).toBe(4);
    expect(await countTrainings()).toBe(before + 4);
  });

  it('skips 28. 10. and 17. 11. in autumn and refuses a series with wrong times or nothing in it', async () => {
    const group = await created('group', { name: 'Přípravka' });
    const autumn = await series({
      groupId: group.id,
      weekdays: [3, 4, 5],
      startTime: '16:00',
      endTime: '17:00',
      from: '2027-10-27',
      to: '2027-11-19',
      preview: true,
    });
    const skipped = autumn.body.data.skipped.map((day: { date: string }) => day.date);
    expect(skipped).toEqual(['2027-10-28', '2027-11-17']);

    // The series form sent without a group: told what to pick, in words, on the group's field.
    const noGroup = await series({
      groupId: null,
      weekdays: [1],
      startTime: '17:00',
      endTime: '18:00',
      from: '2027-02-01',
      to: '2027-01-01',
    });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.validationErrors).toEqual([
      { path: 'groupId', message: 'Vyberte skupinu.' },
      { path: 'to', message: '„Do“ nesmí být dřív než „Od“ (1. 2. 2027).' },
    ]);

    const wrongTime = await series({
      groupId: group.id,
      weekdays: [1],
      startTime: '18:00',
      endTime: '17:00',
      from: '2027-01-01',
      to: '2027-01-31',
    });
    expect(wrongTime.status).toBe(400);
    expect(wrongTime.body.validationErrors).toContainEqual({
      path: 'endTime',
      message: 'Konec musí být až po začátku.',
    });
    const empty = await series({
      groupId: group.id,
      weekdays: [1],
      startTime: '17:00',
      endTime: '18:00',
      from: '2027-01-02',
      to: '2027-01-03',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors).toEqual([
      { path: 'weekdays', message: 'V zadaném období nevychází žádný trénink.' },
    ]);
  });

  it('carries a change of one training to the later ones of its series, keeping their dates', async () => {
    const group = await created('group', { name: 'Junioři' });
    const saved = await series({
      groupId: group.id,
      weekdays: [2],
      startTime: '17:00',
      endTime: '18:00',
      from: '2027-01-05',
      to: '2027-01-26',
      place: 'Hala',
    });
    expect(saved.body.data.created).toBe(4);
    const list = await root.get(
      `/api/cms/datagrid/training?filter[group]=${group.id}&sort=startsAt&direction=asc`,
    );
    const rows = list.body.data.items;
    const second = (await root.get(`/api/cms/form/training/${rows[1].id}`)).body.data;
    const moved = await root.put(`/api/cms/form/training/${second.id}`, {
      ...second,
      startsAt: '2027-01-12T18:00:00+01:00',
      endsAt: '2027-01-12T19:30:00+01:00',
      place: 'Stadion',
    });
    expect(moved.status, moved.text).toBe(200);
    const applied = await root.post(`/api/cms/action/training/${second.id}/apply-to-series`, {
      fields: ['time', 'place'],
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data).toEqual({ updated: 2 });
    const after = await Promise.all(
      rows.map((row: { id: number }) => root.get(`/api/cms/form/training/${row.id}`)),
    );
    expect(after.map((response) => [response.body.data.startsAt, response.body.data.place])).toEqual([
      ['2027-01-05T16:00:00.000Z', 'Hala'],
      ['2027-01-12T17:00:00.000Z', 'Stadion'],
      ['2027-01-19T17:00:00.000Z', 'Stadion'],
      ['2027-01-26T17:00:00.000Z', 'Stadion'],
    ]);
  });

  it('marks attendance as the trainer taps, counts it per member and group, and exports it', async () => {
    const group = await created('group', { name: 'Kadeti' });
    const [ada, bob, cyril] = [
      await member('Ada', 'Adamová'),
      await member('Bob', 'Bílý'),
      await member('Cyril', 'Černý'),
    ];
    for (const person of [ada, bob])
      await created('group-member', { group: group.id, member: person.id, validFrom: '2027-01-01' });
    await series({
      groupId: group.id,
      weekdays: [4],
      startTime: '17:00',
      endTime: '18:00',
      from: '2027-02-04',
      to: '2027-02-11',
    });
    const list = await root.get(
      `/api/cms/datagrid/training?filter[group]=${group.id}&sort=startsAt&direction=asc`,
    );
    const [first, second] = list.body.data.items;

    const sheet = await root.get(`/api/cms/action/attendance/sheet?trainingId=${first.id}`);
    expect(sheet.status, sheet.text).toBe(200);
    expect(
      sheet.body.data.members.map((row: { lastName: string; status: null }) => [row.lastName, row.status]),
    ).toEqual([
      ['Adamová', null],
      ['Bílý', null],
    ]);
    const mark = (trainingId: number, memberId: number, status: string | null, note?: string) =>
      root.post('/api/cms/action/attendance/mark', { trainingId, memberId, status, note });
    expect((await mark(first.id, ada.id, 'PRESENT')).body.data).toEqual({ status: 'PRESENT', note: null });
    expect((await mark(first.id, bob.id, 'ABSENT')).status).toBe(200);
    expect((await mark(first.id, bob.id, 'EXCUSED', 'nemoc')).body.data).toEqual({
      status: 'EXCUSED',
      note: 'nemoc',
    });
    expect((await mark(second.id, ada.id, 'PRESENT')).status).toBe(200);
    expect((await mark(second.id, bob.id, 'PRESENT')).status).toBe(200);
    expect((await mark(second.id, bob.id, null)).body.data).toEqual({ status: null, note: null });
    const outsider = await mark(first.id, cyril.id, 'PRESENT');
    expect(outsider.status).toBe(400);
    expect(outsider.body.validationErrors[0].path).toBe('memberId');

    const stats = await root.get(
      `/api/cms/action/attendance/stats?groupId=${group.id}&from=2027-02-01&to=2027-02-28`,
    );
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.data).toMatchObject({ trainings: 2, share: 0.5 });
    expect(
      stats.body.data.members.map((row: Record<string, unknown>) => [
        row.lastName,
        row.present,
        row.excused,
        row.unmarked,
        row.share,
      ]),
    ).toEqual([
      ['Adamová', 2, 0, 0, 1],
      ['Bílý', 0, 1, 1, 0],
    ]);

    const xlsx = await getBytes(
      root,
      `/api/cms/action/attendance/export?groupId=${group.id}&from=2027-02-01&to=2027-02-28&format=xlsx`,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain(encodeURIComponent('Docházka Kadeti'));
    const workbook = await readFirstSheet(xlsx.bytes);
    expect(['A1', 'D1', 'H1', 'A2', 'D2', 'H2', 'H3'].map((ref) => workbook.getCell(ref).value)).toEqual([
      'Příjmení',
      'Přítomen',
      'Účast %',
      'Adamová',
      2,
      100,
      0,
    ]);
    const csv = await root.get(
      `/api/cms/action/attendance/export?groupId=${group.id}&from=2027-02-01&to=2027-02-28&format=csv`,
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[1]).toMatch(/^Adamová;Ada;2;2;0;0;0;100/);
  });

  it('lists a week of trainings in Prague time with the colour of their category', async () => {
    const category = await created('category', { name: 'Mládež', color: '#e8590c' });
    const group = await created('group', { name: 'Týdenní', category: category.id });
    await created('training', {
      group: group.id,
      startsAt: '2027-06-07T00:30:00+02:00',
      endsAt: '2027-06-07T01:30:00+02:00',
    });
    await created('training', {
      group: group.id,
      startsAt: '2027-06-13T23:30:00+02:00',
      endsAt: '2027-06-14T00:30:00+02:00',
    });
    await created('training', {
      group: group.id,
      startsAt: '2027-06-14T00:30:00+02:00',
      endsAt: '2027-06-14T01:30:00+02:00',
    });
    const week = await root.get(`/api/cms/action/training/calendar?from=2027-06-07&groupId=${group.id}`);
    expect(week.status, week.text).toBe(200);
    expect(
      week.body.data.map((training: { startsAt: string; color: string }) => [
        training.startsAt,
        training.color,
      ]),
    ).toEqual([
      ['2027-06-06T22:30:00.000Z', '#e8590c'],
      ['2027-06-13T21:30:00.000Z', '#e8590c'],
    ]);
  });

  it('deletes a training with its attendance', async () => {
    const group = await created('group', { name: 'Veteráni' });
    const ada = await member('Věra', 'Stará');
    await created('group-member', { group: group.id, member: ada.id, validFrom: '2026-01-01' });
    const training = await created('training', {
      group: group.id,
      startsAt: '2026-12-01T17:00:00+01:00',
      endsAt: '2026-12-01T18:00:00+01:00',
    });
    await root.post('/api/cms/action/attendance/mark', {
      trainingId: training.id,
      memberId: ada.id,
      status: 'PRESENT',
    });
    expect((await root.delete(`/api/cms/form/training/${training.id}`)).status).toBe(200);
    const left = await t.db
      .selectFrom('attendances' as never)
      .selectAll()
      .where('training_id' as never, '=', training.id as never)
      .execute();
    expect(left).toEqual([]);
  });

  it('serves a group’s trainings as an iCalendar feed at a secret address, cancelled ones marked, revocable', async () => {
    const group = await created('group', { name: 'Elita' });
    // Next week's, so that they stay within the feed's reach (it drops trainings of months ago).
    const [first, second] = [addDays(pragueToday(), 7), addDays(pragueToday(), 14)];
    await created('training', {
      group: group.id,
      startsAt: `${first}T16:00:00Z`,
      endsAt: `${first}T17:30:00Z`,
      place: 'Hala',
    });
    await created('training', {
      group: group.id,
      startsAt: `${second}T16:00:00Z`,
      endsAt: `${second}T17:30:00Z`,
      cancelled: true,
      cancelReason: 'sněhová kalamita',
    });
    expect((await root.get(`/api/cms/action/group/${group.id}/calendar-link`)).body.data).toEqual({
      token: null,
    });
    const link = await root.post(`/api/cms/action/group/${group.id}/new-calendar-link`, {});
    expect(link.status, link.text).toBe(200);
    const token = link.body.data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const anonymous = t.client();
    const feed = await anonymous.get(`/api/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(
      events.map((event) => [event.summary, event.startDate.toJSDate().toISOString(), event.location]),
    ).toEqual([
      ['Trénink Elita', `${first}T16:00:00.000Z`, 'Hala'],
      ['ZRUŠENO: Trénink Elita', `${second}T16:00:00.000Z`, null],
    ]);
    expect(events[1]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events[1]!.description).toContain('sněhová kalamita');

    const renewed = await root.post(`/api/cms/action/group/${group.id}/new-calendar-link`, {});
    expect((await anonymous.get(`/api/calendar/${token}.ics`)).status).toBe(404);
    expect((await anonymous.get(`/api/calendar/${renewed.body.data.token}.ics`)).status).toBe(200);
    await root.post(`/api/cms/action/group/${group.id}/revoke-calendar-link`, {});
    const revoked = await anonymous.get(`/api/calendar/${renewed.body.data.token}.ics`);
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.message).toBe('Kalendář neexistuje nebo jeho adresa byla zrušena.');
    expect((await anonymous.get('/api/calendar/vymysleny-token-ktery-neexistuje.ics')).status).toBe(404);
    expect((await root.delete(`/api/cms/form/group/${group.id}`)).status).not.toBe(500);
  });

  it('asks for a session and the training area on every training call', async () => {
    const anonymous = t.client();
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    const calls: Array<[string, string]> = [
      ['POST', '/api/cms/action/training/create-series'],
      ['GET', '/api/cms/action/training/calendar?from=2027-01-04'],
      ['POST', '/api/cms/action/training/1/apply-to-series'],
      ['GET', '/api/cms/action/attendance/sheet?trainingId=1'],
      ['POST', '/api/cms/action/attendance/mark'],
      ['GET', '/api/cms/action/attendance/stats?groupId=1&from=2027-01-01&to=2027-01-31'],
      ['GET', '/api/cms/action/attendance/export?groupId=1&from=2027-01-01&to=2027-01-31'],
      ['GET', '/api/cms/action/group/1/calendar-link'],
      ['POST', '/api/cms/action/group/1/new-calendar-link'],
      ['POST', '/api/cms/action/group/1/revoke-calendar-link'],
    ];
    for (const [method, path] of calls) {
      expect((await anonymous.request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(
        401,
      );
      expect((await salesman.request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(
        403,
      );
    }
  });
});
