import { API_PATHS, apiPath, type EntityRecord } from '@klubovna/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUserOff } from '@tabler/icons-react';
import { api } from '../../api/api.ts';
import { downloadByPost } from '../../api/download.ts';
import type { RelatedPage } from '../../engine/pages/entity-form-page.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';

const memberAction = (id: number, action: string) =>
  apiPath(API_PATHS.recordAction, { alias: 'member', id, action });

const fullName = (member: EntityRecord) => `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim();

/**
 * The office's work with a member's personal data: everything held about them as one file (an access
 * request), and the anonymisation of a former member (the record stays for attendance and results).
 */
export function MemberPersonalDataPanel({ member, page }: { member: EntityRecord; page: RelatedPage }) {
  const confirm = useConfirm();
  const reported = useReported();
  const erase = () =>
    confirm({
      title: 'Anonymizovat bývalého člena?',
      message: `Anonymizovat člena ${fullName(member)}? Jméno, datum narození, kontakty, fotografie a poznámky se smažou i z historie změn, stejně jako zákonní zástupci, souhlasy a spárování s účty. Docházka a výsledky zůstanou bez jména. Tento krok nelze vrátit.`,
      confirmLabel: 'Anonymizovat',
      danger: true,
      onConfirm: () =>
        reported(async () => {
          page.replace(await api.post<EntityRecord>(memberAction(member.id, 'erase'), {}));
        }, 'Člen je anonymizován.'),
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="member-personal-data">
      <Stack gap="sm">
        <Title order={2} size="h3" id="member-personal-data">
          Ochrana osobních údajů
        </Title>
        <Text size="sm">
          Na žádost člena mu klub předá vše, co o něm vede, v jednom souboru. Bývalého člena lze anonymizovat.
        </Text>
        <Group gap="sm">
          <BusyButton
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() =>
              reported(() =>
                downloadByPost(memberAction(member.id, 'personal-data'), `osobni-udaje-${member.id}.json`),
              )
            }
          >
            Stáhnout osobní údaje
          </BusyButton>
          {member.active === false && (
            <Button
              variant="outline"
              color="red"
              leftSection={<IconUserOff size={18} aria-hidden />}
              onClick={() => void erase()}
            >
              Anonymizovat
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
