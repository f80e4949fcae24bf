import type { MyClub } from '@klubovna/shared';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useMyClub } from '../../api/use-my-club.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { MemberCard } from './member-card.tsx';
import { TrainerPanel } from './trainer-panel.tsx';

const TITLE = 'Můj klub';

/**
 * The own page of a member, a parent or a trainer: one card per own member (themselves, their
 * children) with groups, contact details, consents and next trainings; a trainer's tools above them.
 */
export function MyClubPage() {
  const { data, error, mutate } = useMyClub();
  if (error)
    return (
      <Stack gap="lg">
        <PageHeader title={TITLE} />
        <Alert color="red" title="Stránku se nepodařilo načíst">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Zkuste to prosím znovu.</Text>
            <Button variant="default" size="xs" onClick={() => void mutate()}>
              Načíst znovu
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  if (!data)
    return (
      <Stack gap="lg" aria-busy="true">
        <PageHeader title={TITLE} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  return <LoadedMyClub club={data} />;
}

function LoadedMyClub({ club }: { club: MyClub }) {
  return (
    <Stack gap="lg">
      <PageHeader title={TITLE} />
      {club.trains.length > 0 && <TrainerPanel groups={club.trains} />}
      {club.members.length === 0 ? (
        <NobodyPaired />
      ) : (
        <>
          <Text c="dimmed" maw={720}>
            Kontakty a souhlasy tu změníte sami, změna platí hned. Ostatní údaje upraví kancelář klubu.
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            {club.members.map((member) => (
              <MemberCard key={member.id} member={member} bankAccount={club.bankAccount} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function NobodyPaired() {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" component="section" aria-labelledby="nobody-paired">
      <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
        <IconUsersGroup size={30} />
      </ThemeIcon>
      <Title order={2} size="h4" id="nobody-paired">
        Váš účet zatím není spojený s žádným členem klubu
      </Title>
      <Text mt="xs" maw={560} mx="auto">
        Požádejte kancelář klubu, aby váš účet spárovala s vaším členským záznamem nebo se záznamy vašich
        dětí. Pak tu uvidíte jejich skupiny, tréninky a souhlasy.
      </Text>
    </Paper>
  );
}
