import type { EntityRecord, FieldSchema } from '@klubovna/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessageOrGeneric } from '../../api/error-message.ts';
import { conflictMessage, saveConflict, saveRecord } from '../../engine/engine-api.ts';
import { relationWidget } from '../../engine/kinds/relation/relation.widget.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';

const RelationPicker = relationWidget;

/** A bank transaction as a list row has it. */
export type TransactionRow = EntityRecord & { version: number; payment: number | null };

/**
 * Assigns a bank transaction to a payment request by the transaction's own `payment` field, with the
 * engine's picker of it (payment requests not cancelled, searched by the member's name, amount, title and
 * variable symbol, each with its member and amount);
 * the save settles the request through the entity's hooks.
 */
export function AssignDialog({
  transaction,
  field,
  onAssigned,
  onCancel,
}: {
  transaction: TransactionRow;
  field: FieldSchema;
  onAssigned: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [payment, setPayment] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assign = async () => {
    if (payment === null) {
      setError('Vyberte platbu, které pohyb patří.');
      return;
    }
    try {
      await saveRecord('bank-transaction', { version: transaction.version, payment }, transaction.id);
      await onAssigned();
    } catch (failure) {
      setError(saveConflict(failure)?.message ?? conflictMessage(failure) ?? errorMessageOrGeneric(failure));
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Hledejte platbu podle jména člena, částky (např. 1500 nebo 1500,50), názvu nebo variabilního symbolu.
      </Text>
      <RelationPicker
        field={{ ...field, required: true, help: undefined }}
        value={payment}
        onChange={(value) => {
          setPayment(value as number | null);
          setError(null);
        }}
        error={error}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Zrušit
        </Button>
        <BusyButton onClick={assign}>Přiřadit</BusyButton>
      </Group>
    </Stack>
  );
}
