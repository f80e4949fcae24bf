import type { MyClubMember } from '@klubovna/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ConsentSwitches } from './consent-switches.tsx';
import { ContactPanel } from './contact-panel.tsx';
import { fullName } from './member-name.ts';
import { MemberPayments } from './member-payments.tsx';
import { NextTrainings } from './next-trainings.tsx';

/** One of the person's own members: who, their groups, contact details, consents, next trainings and payments. */
export function MemberCard({ member, bankAccount }: { member: MyClubMember; bankAccount: string | null }) {
  const headingId = `member-${member.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="lg">
        <div>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={2} size="h3" id={headingId}>
              {fullName(member)}
            </Title>
            <Badge variant="light" color={member.relation === 'self' ? 'blue' : 'grape'}>
              {member.relation === 'self' ? 'vlastní účet' : 'dítě'}
            </Badge>
          </Group>
          <Text size="sm" mt={4}>
            {member.groups.length > 0
              ? `${member.groups.length === 1 ? 'Skupina' : 'Skupiny'}: ${member.groups.map((group) => group.name).join(', ')}`
              : 'Zatím není v žádné skupině.'}
          </Text>
        </div>
        <ContactPanel member={member} />
        <ConsentSwitches member={member} />
        <NextTrainings trainings={member.nextTrainings} />
        <MemberPayments payments={member.payments} bankAccount={bankAccount} />
      </Stack>
    </Card>
  );
}
