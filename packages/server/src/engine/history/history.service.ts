import { formatMoney, type HistoryEntry, type Money } from '@klubovna/shared';
import { czechDate, czechDateTime } from '@klubovna/shared/time/prague';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import { optionLabel, recordLabel, toRecord } from '../records/record-mapper.ts';
import { type DynamicDb, findRows } from '../records/records.repository.ts';
import { dynamic, type EngineContext } from '../records/records.service.ts';

const HISTORY_LIMIT = 200;

/** A record's audit trail, newest first, each change written the Czech way with labels, not ids. */
export async function recordHistory(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
): Promise<HistoryEntry[]> {
  const db = dynamic(context);
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.action',
      'a.changes',
      'a.created_at',
      'a.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('a.entity', '=', entity.declaration.alias)
    .where('a.record_id', '=', id)
    // Readings of sensitive data stay in the audit log for the office to inspect; history shows changes.
    .where('a.action', '!=', 'read')
    .orderBy('a.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const parsed = rows.map((row) => ({ row, changes: parseChanges(row.changes) }));
  const labels = await relationLabels(
    db,
    context,
    entity,
    parsed.map((entry) => entry.changes),
  );
  return parsed.map(({ row, changes }) => {
    const isAction = row.action === 'action';
    const fieldChanges = isAction ? {} : (changes as Record<string, { from: unknown; to: unknown }>);
    return {
      id: Number(row.id),
      action: row.action as HistoryEntry['action'],
      actionName: isAction ? String((changes as { action?: unknown }).action ?? '') : null,
      at: new Date(row.created_at).toISOString(),
      user: row.user_id
        ? {
            id: Number(row.user_id),
            name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || String(row.email ?? ''),
          }
        : null,
      changes: Object.entries(fieldChanges).flatMap(([name, change]) => {
        const field = entity.byName.get(name);
        if (!field) return [];
        return [
          {
            field: name,
            label: field.label,
            from: change.from,
            to: change.to,
            fromText: valueText(field, change.from, labels),
            toText: valueText(field, change.to, labels),
          },
        ];
      }),
    };
  });
}

function parseChanges(text: unknown): Record<string, unknown> {
  try {
    const value = JSON.parse(String(text));
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

type LabelsByAlias = Map<string, Map<number, string>>;

/** The current labels of every related record the entries name, by alias and id. */
async function relationLabels(
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  entries: Array<Record<string, unknown>>,
): Promise<LabelsByAlias> {
  const wanted = new Map<string, Set<number>>();
  for (const changes of entries) {
    for (const [name, change] of Object.entries(changes)) {
      const field = entity.byName.get(name);
      if (!field?.relation || !change || typeof change !== 'object') continue;
      const ids = wanted.get(field.relation.alias) ?? new Set<number>();
      for (const value of [(change as { from: unknown }).from, (change as { to: unknown }).to].flat()) {
        if (typeof value === 'number') ids.add(value);
      }
      wanted.set(field.relation.alias, ids);
    }
  }
  const labels: LabelsByAlias = new Map();
  for (const [alias, ids] of wanted) {
    const target = context.entities.get(alias)!;
    const rows = ids.size ? await findRows(db, target, [...ids]) : [];
    labels.set(
      alias,
      new Map(rows.map((row) => [Number(row.id), recordLabel(target, toRecord(target, row))])),
    );
  }
  return labels;
}

/** A stored value as a person reads it: Czech dates, option labels, related records' names. */
function valueText(field: CompiledField, value: unknown, labels: LabelsByAlias): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return '—';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Ano' : 'Ne';
    case 'enum':
      return optionLabel(field, value);
    case 'multiEnum':
      return (value as unknown[]).map((choice) => optionLabel(field, choice)).join(', ');
    case 'date':
      return czechDate(String(value));
    case 'dateTime':
      return Number.isNaN(Date.parse(String(value))) ? String(value) : czechDateTime(String(value));
    case 'money': {
      const money = value as Money;
      return formatMoney(money.amount, money.currency);
    }
    case 'relation':
    case 'relationMany': {
      const names = labels.get(field.relation!.alias);
      return [value]
        .flat()
        .map((id) => names?.get(Number(id)) ?? `záznam č. ${id} (smazaný)`)
        .join(', ');
    }
    default:
      return String(value);
  }
}
