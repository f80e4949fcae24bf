import { type EntityRecord, findRoute, formatMoney, type Money } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { ActionIcon, Button } from '@mantine/core';
import { IconFileUpload, IconLink, IconListSearch } from '@tabler/icons-react';
import { useFormSchema } from '../../engine/engine-api.ts';
import { EntityListPage } from '../../engine/pages/entity-list-page.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { HoverTooltip } from '../../ui/hover-tooltip.tsx';
import { useModal } from '../../ui/modal/modal-provider.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { AssignDialog, type TransactionRow } from './assign-dialog.tsx';
import { unmatchedQueuePath } from './unmatched-queue.ts';

const ALIAS = 'bank-transaction';

/** How a transaction is named in sentences: `platba 500,00 Kč ze dne 3. 11. 2026`. */
const describe = (row: TransactionRow) =>
  `${formatMoney((row.amount as Money).amount, (row.amount as Money).currency)} ze dne ${czechDate(String(row.date))}`;

/**
 * Bank transactions in the engine's list, with the statement's upload, the unmatched queue (the list
 * filtered to rows with no payment) and, on each unmatched row, its assignment to a payment.
 */
export function BankTransactionListPage() {
  const assignAction = useAssignAction();
  return (
    <EntityListPage
      alias={ALIAS}
      title={findRoute('bank-transaction.list')?.title ?? 'Bankovní pohyby'}
      actions={
        <>
          <Button
            component={Link}
            to={unmatchedQueuePath()}
            variant="default"
            leftSection={<IconListSearch size={18} />}
          >
            Nespárované
          </Button>
          <Button
            component={Link}
            to={appPath('payments.statementUpload')}
            variant="default"
            leftSection={<IconFileUpload size={18} />}
          >
            Nahrát výpis
          </Button>
        </>
      }
      extraActions={assignAction}
      extraButtons={1}
    />
  );
}

/** The row button „Přiřadit platbě“ of a transaction no payment has, opening the assign dialog. */
function useAssignAction() {
  const { data: form } = useFormSchema(ALIAS);
  const modal = useModal();
  const flash = useFlash();
  const field = form?.fields.find((candidate) => candidate.name === 'payment');
  return (row: EntityRecord, reload: () => Promise<unknown>) => {
    const record = row as TransactionRow;
    if (record.payment !== null || !field || !form?.canWrite) return null;
    const open = () => {
      const id = modal.open({
        title: `Přiřadit platbě: ${describe(record)}`,
        content: (
          <AssignDialog
            transaction={record}
            field={field}
            onCancel={() => modal.close(id)}
            onAssigned={async () => {
              modal.close(id);
              flash.show({ message: `Pohyb ${describe(record)} je přiřazen platbě.` });
              await reload();
            }}
          />
        ),
      });
    };
    return (
      <HoverTooltip label="Přiřadit platbě">
        <ActionIcon variant="subtle" aria-label={`Přiřadit platbě pohyb ${describe(record)}`} onClick={open}>
          <IconLink size={18} />
        </ActionIcon>
      </HoverTooltip>
    );
  };
}
