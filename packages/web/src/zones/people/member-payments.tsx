import { API_PATHS, apiPath, formatMoney, type MyClubPayment } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

const STATE_COLORS: Record<string, string> = {
  UNPAID: 'orange',
  PARTLY_PAID: 'yellow',
  PAID: 'green',
  OVERPAID: 'blue',
};

const money = (value: MyClubPayment['amount']) => formatMoney(value.amount, value.currency);

/** What to type into a bank's form: the account, the amount and the symbols. */
function PaymentDetails({ payment, bankAccount }: { payment: MyClubPayment; bankAccount: string | null }) {
  const rows: Array<[string, string]> = [
    ['Číslo účtu', bankAccount ?? 'klub ho zatím nezadal'],
    ['Částka', money(payment.amount)],
    ['Variabilní symbol', payment.variableSymbol],
    ...(payment.specificSymbol ? [['Specifický symbol', payment.specificSymbol] as [string, string]] : []),
    ['Splatnost', czechDate(payment.dueDate)],
    ['Zpráva pro příjemce', payment.message ?? payment.title],
  ];
  return (
    <dl style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed" miw={140}>
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </dl>
  );
}

function PaymentCard({ payment, bankAccount }: { payment: MyClubPayment; bankAccount: string | null }) {
  const settled = payment.state === 'PAID' || payment.state === 'OVERPAID';
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={payment.title}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{payment.title}</Text>
        <Badge variant="light" color={STATE_COLORS[payment.state] ?? 'gray'}>
          {payment.stateLabel}
        </Badge>
      </Group>
      {payment.paidAmount.amount > 0 && (
        <Text size="sm">
          Zaplaceno {money(payment.paidAmount)} z {money(payment.amount)}.
        </Text>
      )}
      {!settled && (
        <SimpleGrid cols={{ base: 1, xs: payment.hasQr ? 2 : 1 }} spacing="sm" mt="xs">
          <PaymentDetails payment={payment} bankAccount={bankAccount} />
          {payment.hasQr && (
            <Image
              src={apiPath(API_PATHS.paymentQr, { id: payment.id })}
              alt={`QR Platba ${payment.title}, ${money(payment.amount)}, variabilní symbol ${payment.variableSymbol}`}
              w={160}
              h={160}
            />
          )}
        </SimpleGrid>
      )}
    </Card>
  );
}

/** The member's payment requests: state, and for what is still to pay the details and the QR Platba. */
export function MemberPayments({
  payments,
  bankAccount,
}: {
  payments: MyClubPayment[];
  bankAccount: string | null;
}) {
  const headingId = useId();
  if (payments.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Platby
      </Title>
      {payments.map((payment) => (
        <PaymentCard key={payment.id} payment={payment} bankAccount={bankAccount} />
      ))}
    </Stack>
  );
}
