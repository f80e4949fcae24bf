import {
  API_PATHS,
  apiPath,
  type CampList,
  type CampParticipantRow,
  type CampParticipants,
  type EntityRecord,
  type ExportFormat,
  PAYMENT_STATE_LABELS,
} from '@klubovna/shared';
import { czechDate as formatDate } from '@klubovna/shared/time/prague';
import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { SignUpsPanel } from '../../engine/related/sign-ups-panel.tsx';
import type { SignUpColumn } from '../../engine/related/sign-ups-panel.types.ts';

const COLUMNS: SignUpColumn<CampParticipantRow, CampParticipants>[] = [
  { header: 'Datum narození', cell: (row) => (row.birthDate ? formatDate(row.birthDate) : '–') },
  {
    // The state of the participant's payment request (Platby); none to a person who may not read it.
    header: 'Platba',
    cell: (row) => (row.paymentState ? PAYMENT_STATE_LABELS[row.paymentState] : '–'),
  },
  { header: 'Poznámka', cell: (row) => row.note ?? '' },
];

/** Who goes and who waits for a place, added and removed here; exports for the accommodation. */
export function CampParticipantsPanel({ camp }: { camp: EntityRecord }) {
  return (
    <SignUpsPanel<CampParticipantRow, CampParticipants>
      alias="camp-participant"
      parentField="camp"
      owner={camp}
      url={apiPath(API_PATHS.campParticipants, { id: camp.id })}
      title="Účastníci"
      columns={COLUMNS}
      waitingList
      signedUp={(label, waiting) =>
        waiting ? `Soustředění je plné: ${label} čeká na uvolněné místo.` : `Přihlášeno: ${label}.`
      }
      headerActions={(list) => <ExportMenu campId={camp.id} hasWaiting={list.waiting.length > 0} />}
    />
  );
}

function ExportMenu({ campId, hasWaiting }: { campId: number; hasWaiting: boolean }) {
  const href = (list: CampList, format: ExportFormat) =>
    `${apiPath(API_PATHS.campExport, { id: campId })}?format=${format}&list=${list}`;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Účastníci pro ubytování</Menu.Label>
        <Menu.Item component="a" href={href('participants', 'xlsx')} download>
          Účastníci – Excel (XLSX)
        </Menu.Item>
        <Menu.Item component="a" href={href('participants', 'csv')} download>
          Účastníci – CSV
        </Menu.Item>
        <Menu.Label>Čekací listina</Menu.Label>
        <Menu.Item component="a" href={href('waiting', 'xlsx')} download disabled={!hasWaiting}>
          Čekací listina – Excel (XLSX)
        </Menu.Item>
        <Menu.Item component="a" href={href('waiting', 'csv')} download disabled={!hasWaiting}>
          Čekací listina – CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
