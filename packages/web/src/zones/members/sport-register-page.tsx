import { API_PATHS, type SportRegisterProblem } from '@klubovna/shared';
import { Alert, Anchor, Button, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import useSWR from 'swr';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { czechPlural } from '../../ui/format/plural.ts';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

const TITLE = 'Rejstřík sportu';
const MEMBERS = ['člena', 'členy', 'členů'] as const;

/**
 * The national sport register's export: what the register would refuse (each member linked to their
 * form to correct it), and the download of the CSV it takes.
 */
export function SportRegisterPage() {
  const { data: problems } = useSWR<SportRegisterProblem[]>(API_PATHS.sportRegisterProblems);
  return (
    <Stack>
      <PageHeader
        title={TITLE}
        actions={
          <Button
            component="a"
            href={API_PATHS.sportRegisterExport}
            download
            leftSection={<IconDownload size={16} />}
          >
            Stáhnout CSV pro rejstřík
          </Button>
        }
      />
      <Text>
        Export obsahuje aktivní závodníky a trenéry: jméno, rodné číslo, státní občanství, datum narození a od
        kdy do kdy závodí. Každé stažení se zapíše jako čtení rodných čísel.
      </Text>
      {!problems ? (
        <Skeleton height={120} />
      ) : problems.length === 0 ? (
        <Alert color="green" title="Vše v pořádku">
          Rejstřík by nikoho neodmítl.
        </Alert>
      ) : (
        <>
          <Alert
            color="orange"
            title={`Rejstřík by odmítl ${problems.length} ${czechPlural(problems.length, MEMBERS)}`}
          >
            Opravte údaje ve formuláři člena a stáhněte export znovu.
          </Alert>
          <Table aria-label="Co by rejstřík odmítl">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Člen</Table.Th>
                <Table.Th>Co chybí nebo nesouhlasí</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.map((problem) => (
                <Table.Tr key={problem.memberId}>
                  <Table.Td>
                    <Anchor component={Link} to={routerPath(`/admin/clenove/edit?id=${problem.memberId}`)}>
                      {problem.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <List size="sm">
                      {problem.problems.map((text) => (
                        <List.Item key={text}>{text}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
