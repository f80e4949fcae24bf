import type { Db } from '../../db/database.ts';
import { compileEntity } from '../../engine/declaration/compile-entity.ts';
import { toRow } from '../../engine/records/record-mapper.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './czech-names.ts';
import { memberEntity } from './member.entity.ts';

const entity = compileEntity(memberEntity);

/** A deterministic pseudo-random sequence, so demo data and benchmarks are the same every run. */
export function demoSequence(seed = 42) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function demoMember(index: number, next: () => number) {
  const female = next() < 0.5;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const surname = pick(SURNAMES)[female ? 1 : 0];
  const firstName = pick(female ? FEMALE_NAMES : MALE_NAMES);
  const year = 1960 + Math.floor(next() * 60);
  const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
  const kind = next();
  return {
    firstName,
    lastName: surname,
    birthDate: `${year}-${month}-${day}`,
    gender: female ? 'FEMALE' : 'MALE',
    memberType: kind < 0.03 ? 'HEAD_TRAINER' : kind < 0.12 ? 'TRAINER' : 'ATHLETE',
    email: `${ascii(firstName)}.${ascii(surname)}${index}@example.cz`,
    phone: `+420 ${600 + Math.floor(next() * 200)} ${String(Math.floor(next() * 1_000_000))
      .padStart(6, '0')
      .replace(/(\d{3})(\d{3})/, '$1 $2')}`,
    address: null,
    registrationNumber: `CZ${String(100_000 + index).padStart(7, '0')}`,
    photo: null,
    note: null,
    active: next() < 0.9,
  };
}

/** Inserts `count` members in batches inside transactions, shadow columns included. */
export async function seedMembers(db: Db, count: number, seed = 42): Promise<void> {
  const next = demoSequence(seed);
  const now = new Date().toISOString();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows: Record<string, unknown>[] = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      rows.push({ ...toRow(entity, demoMember(index, next)), version: 1, created_at: now, updated_at: now });
    }
    await db
      .transaction()
      .execute((trx) => (trx as unknown as DynamicDb).insertInto('members').values(rows).execute());
  }
}
