import { HttpClient } from '../test/http-client.ts';
import type { StoredMember } from './database-check.ts';

/** A write the server answered with success: it must survive anything that happens afterwards. */
export interface AcknowledgedWrite {
  lastName: string;
  /** The note `#n` of the last acknowledged save; a later unacknowledged one may have landed too. */
  noteNumber: number;
  version: number;
}

export type Acknowledged = Map<number, AcknowledgedWrite>;

/**
 * Writers creating members and saving their own ones again, one request at a time each, until the
 * server stops answering. Any answer other than success (a 5xx above all) fails the run.
 */
export async function writeUntilGone(
  url: string,
  cookie: string,
  writers: number,
  acknowledged: Acknowledged,
) {
  const unexpected: string[] = [];
  let writes = 0;
  const writer = async (index: number) => {
    const client = new HttpClient(url);
    const [name, value] = cookie.split('=') as [string, string];
    client.cookies.set(name, value);
    const own: number[] = [];
    for (let sequence = 0; ; sequence += 1) {
      const update = own.length > 0 && sequence % 3 === 0;
      const id = own[sequence % Math.max(own.length, 1)]!;
      const previous = acknowledged.get(id);
      try {
        if (update && previous) {
          const noteNumber = previous.noteNumber + 1;
          const response = await client.put(`/api/cms/form/member/${id}`, {
            version: previous.version,
            note: `#${noteNumber}`,
          });
          if (response.status !== 200) unexpected.push(`PUT ${response.status} ${response.text}`);
          else {
            acknowledged.set(id, { ...previous, noteNumber, version: response.body.data.version });
            writes += 1;
          }
        } else {
          const lastName = `Pádová ${index}-${sequence}`;
          const response = await client.post('/api/cms/form/member', {
            firstName: 'Jana',
            lastName,
            note: '#0',
          });
          if (response.status !== 201) unexpected.push(`POST ${response.status} ${response.text}`);
          else {
            acknowledged.set(response.body.data.id, {
              lastName,
              noteNumber: 0,
              version: response.body.data.version,
            });
            own.push(response.body.data.id);
            writes += 1;
          }
        }
      } catch {
        return; // the connection broke: the server is gone
      }
      if (unexpected.length > 0) return;
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  return { unexpected, writes };
}

/** Acknowledged writes missing from what is stored, or stored older than acknowledged. */
export function lostWrites(acknowledged: Acknowledged, stored: Map<number, StoredMember>): string[] {
  const lost: string[] = [];
  for (const [id, write] of acknowledged) {
    const row = stored.get(id);
    const noteNumber = Number(row?.note?.slice(1));
    if (
      !row ||
      row.last_name !== write.lastName ||
      row.version < write.version ||
      noteNumber < write.noteNumber
    )
      lost.push(`member ${id}: acknowledged ${JSON.stringify(write)}, stored ${JSON.stringify(row ?? null)}`);
  }
  return lost;
}
