import { PROFILE_ROLE } from '@klubovna/shared';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { getBytes } from '../../test/xlsx-reader.ts';
import { REGISTER_COLUMNS } from './register-columns.ts';

const EXPORT = '/api/cms/rejstrik-sportu.csv';
const PROBLEMS = '/api/cms/rejstrik-sportu/problemy';

describe.each(testEngines())('the sport register export on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const member: Record<string, number> = {};

  const created = async (body: Record<string, unknown>) => {
    const answer = await root.post('/api/cms/form/member', body);
    if (answer.status !== 201) throw new Error(answer.text);
    return answer.body.data.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    member.athlete = await created({
      firstName: 'Šárka Marie',
      lastName: 'Řehořová',
      birthDate: '1990-01-01',
      gender: 'FEMALE',
      birthNumber: '905101/1233',
      competingFrom: '2024-03-05',
    });
    member.trainer = await created({ firstName: 'Tomáš', lastName: 'Žák', memberType: 'TRAINER' });
    // An athlete who also coaches: a trainer of the register by the dates alone.
    member.coach = await created({
      firstName: 'Eva',
      lastName: 'Adamová',
      citizenship: 'SK',
      birthDate: '2001-07-09',
      coachingFrom: '2025-09-01',
      coachingTo: '2026-06-30',
    });
    member.recreational = await created({
      firstName: 'Pavel',
      lastName: 'Rekreant',
      birthNumber: '9001011239',
    });
  });
  afterAll(() => t.close());

  it('answers the register’s CSV in Windows-1250: athletes and trainers, dates without leading zeros', async () => {
    const answer = await getBytes(root, EXPORT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=windows-1250');
    const text = iconv.decode(answer.bytes, 'win1250');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^JMENO;DALSI_JMENA;PRIJMENI;RODNE_CISLO;STATNI_OBCANSTVI;DATUM_NAROZENI;/);
    expect(lines[0]!.split(';')).toEqual(REGISTER_COLUMNS.map((column) => column.header));
    expect(lines.slice(1)).toEqual([
      'Eva;;Adamová;;SK;9.7.2001;0;;;1;1.9.2025;30.6.2026',
      'Šárka;Marie;Řehořová;9051011233;CZ;1.1.1990;1;5.3.2024;;0;;',
      'Tomáš;;Žák;;CZ;;0;;;1;;',
    ]);
    // Each full reading of a birth number is recorded, as the form's are.
    const readings = await t.db
      .selectFrom('audit_log')
      .select('record_id')
      .where('action', '=', 'read')
      .execute();
    expect(readings.map((row) => Number(row.record_id))).toEqual([member.athlete]);
  });

  it('lists what the register would refuse, naming the member', async () => {
    const answer = await root.get(PROBLEMS);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        memberId: member.trainer,
        name: 'Žák Tomáš',
        problems: ['Chybí rodné číslo.', 'Chybí datum narození.'],
      },
    ]);
  });

  it('is the office’s alone: 401 without a session, 403 to anyone else, trainers included', async () => {
    for (const path of [EXPORT, PROBLEMS]) {
      expect((await t.client().get(path)).status).toBe(401);
      for (const roles of [[PROFILE_ROLE], ['ROLE_SALESMAN']] as const) {
        const { client } = await signedInClient(t, { roles: [...roles] });
        expect((await client.get(path)).status).toBe(403);
      }
    }
  });
});
