import { API_PATHS, type EntityRecord, findRoute, type PaymentRemindersSent } from '@klubovna/shared';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { api } from '../../api/api.ts';
import { errorMessageOrGeneric } from '../../api/error-message.ts';
import { useDatagridSchema } from '../../engine/engine-api.ts';
import { EntityListPage } from '../../engine/pages/entity-list-page.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { czechPlural } from '../../ui/format/plural.ts';

const ALIAS = 'payment';

const mails = (count: number) => `${count} ${czechPlural(count, ['upomínka', 'upomínky', 'upomínek'])}`;
const requests = (count: number) => `${count} ${czechPlural(count, ['platbě', 'platbám', 'platbám'])}`;

/** What the office hears after sending: how many mails went out about how many overdue requests. */
export function remindersMessage({ sent, overdue }: PaymentRemindersSent): string {
  if (overdue === 0) return 'Žádná z plateb není po splatnosti: upomínka nešla nikomu.';
  if (sent === 0)
    return `Upomínky k ${requests(overdue)} po splatnosti už dnes odešly nebo nemají komu (chybí e-mail, nebo si je vypnuli).`;
  return `Odesláno: ${mails(sent)} k ${requests(overdue)} po splatnosti.`;
}

/**
 * Payment requests in the engine's list, with „Poslat upomínky“: the overdue reminder (with the QR
 * Platba) to the member and guardians of every overdue request of the list as searched and filtered
 * (a group's, a fee's), or of the selected requests.
 */
export function PaymentListPage() {
  const { data: schema } = useDatagridSchema(ALIAS);
  const confirm = useConfirm();
  const flash = useFlash();
  const send = async (body: { ids: number[] } | { list: string }) => {
    try {
      const answer = await api.post<PaymentRemindersSent>(API_PATHS.paymentReminders, body);
      flash.show({ message: remindersMessage(answer) });
    } catch (error) {
      flash.show({ variant: 'error', message: errorMessageOrGeneric(error) });
    }
  };
  const sendToList = ({ query, narrowed }: { query: string; narrowed: boolean }) =>
    confirm({
      title: narrowed
        ? 'Poslat upomínky platbám po splatnosti v tomto seznamu?'
        : 'Poslat upomínky všem platbám po splatnosti?',
      message: `${narrowed ? 'Jen platbám, které odpovídají hledání a filtrům seznamu. ' : ''}Členům a jejich zákonným zástupcům odejde e-mail s QR Platbou. Kdo ji dnes už dostal, další nedostane.`,
      confirmLabel: 'Poslat upomínky',
      onConfirm: () => send({ list: query }),
    });
  return (
    <EntityListPage
      alias={ALIAS}
      title={findRoute('payment.list')?.title ?? 'Platby'}
      listActions={(list) =>
        schema?.canDelete && (
          <Button
            variant="default"
            leftSection={<IconMailForward size={18} />}
            onClick={() => sendToList(list)}
          >
            Poslat upomínky
          </Button>
        )
      }
      bulkActions={(selected: EntityRecord[], clear) => (
        <BusyButton
          size="xs"
          variant="light"
          leftSection={<IconMailForward size={16} />}
          onClick={async () => {
            await send({ ids: selected.map((record) => record.id) });
            clear();
          }}
        >
          Poslat upomínky vybraným
        </BusyButton>
      )}
    />
  );
}
