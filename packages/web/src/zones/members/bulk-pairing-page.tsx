import { can } from '@klubovna/shared';
import { Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { PairedProfiles } from './bulk-pairing-paired.tsx';
import { UnpairedProfiles } from './bulk-pairing-unpaired.tsx';
import { useBulkPairing } from './use-bulk-pairing.ts';

/** Unpaired profiles with the members they probably are, paired one by one or all sure ones at once. */
export function BulkPairingPage() {
  const pairing = useBulkPairing();
  const { roles } = useCurrentUser();
  const canPair = can(roles, 'members', 'write');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Hromadné párování"
        actions={
          canPair && (
            <BusyButton
              leftSection={<IconChecks size={18} />}
              disabled={pairing.sureCount === 0}
              onClick={pairing.acceptAllSure}
            >
              Přijmout všechny jisté návrhy ({pairing.sureCount})
            </BusyButton>
          )
        }
      />
      <Text c="dimmed" maw={720}>
        Profil je přihlašovací účet člověka mimo kancelář (sportovce, rodiče). Jeden profil může patřit k více
        členům a člen může mít více profilů. Návrhy vycházejí ze shodného e-mailu nebo ze shodného jména bez
        ohledu na velikost písmen a diakritiku. Profil s e-mailem zákonného zástupce, který ještě nemá účet,
        se nabízí jako tento zástupce: po přijetí spravuje údaje dítěte.
      </Text>
      <UnpairedProfiles
        profiles={pairing.unpaired}
        canPair={canPair}
        pair={pairing.pair}
        acceptGuardian={pairing.acceptGuardian}
      />
      <PairedProfiles query={pairing.paired} canPair={canPair} unpair={pairing.unpair} />
    </Stack>
  );
}
