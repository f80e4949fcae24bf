import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { API_PATHS, type EntityRecord, findRoute } from '@klubovna/shared';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api } from '../../api/api.ts';
import { useErrorHandler } from '../../api/api-provider.tsx';
import { useDatagridPage, useFormSchema } from '../../engine/engine-api.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

/** A team is a handful of people: one page of the largest size holds it. */
const TEAM_PAGE = { sort: 'position', direction: 'asc', limit: 100, page: 1 };

type Person = EntityRecord & { name: string; role: string | null };

/** What a screen reader hears while a person is moved with the keyboard, in Czech. */
const ANNOUNCEMENTS = (names: Map<string, string>) => {
  const name = (id: string | number) => names.get(String(id)) ?? '';
  return {
    onDragStart: ({ active }: { active: { id: string | number } }) => `Zvednuto: ${name(active.id)}.`,
    onDragOver: ({
      active,
      over,
    }: {
      active: { id: string | number };
      over: { id: string | number } | null;
    }) => (over ? `${name(active.id)} je na místě, kde byl(a) ${name(over.id)}.` : undefined),
    onDragEnd: ({
      active,
      over,
    }: {
      active: { id: string | number };
      over: { id: string | number } | null;
    }) =>
      over ? `Položeno: ${name(active.id)} na místo ${name(over.id)}.` : `Položeno: ${name(active.id)}.`,
    onDragCancel: ({ active }: { active: { id: string | number } }) =>
      `Přesun zrušen, ${name(active.id)} zůstává na svém místě.`,
  };
};

function PersonRow({ person, canWrite }: { person: Person; canWrite: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: String(person.id), disabled: !canWrite });
  return (
    <Paper
      ref={setNodeRef}
      component="li"
      withBorder
      p="sm"
      radius="md"
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 1 : undefined }}
      data-testid="team-row"
    >
      <Group gap="sm" wrap="nowrap">
        {canWrite && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Přesunout: ${person.name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={appPath('team-member.edit', { id: person.id })} fw={600}>
            {person.name}
          </Anchor>
          {person.role && (
            <Text size="sm" c="dimmed">
              {person.role}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The team in the order the public site shows it. A person is moved by dragging the handle, or with
 * the keyboard: the handle focused, Space picks up, arrows move, Space puts down, Escape cancels.
 * Each move is saved at once.
 */
export function TeamOrderPage() {
  const title = findRoute('team-member.list')?.title ?? '';
  const flash = useFlash();
  const handleError = useErrorHandler();
  const { data: schema } = useFormSchema('team-member');
  const { data: page, error, mutate } = useDatagridPage('team-member', TEAM_PAGE);
  const [people, setPeople] = useState<Person[]>([]);
  useEffect(() => setPeople((page?.items ?? []) as Person[]), [page]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const canWrite = schema?.canWrite ?? false;

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = people.findIndex((person) => String(person.id) === active.id);
    const to = people.findIndex((person) => String(person.id) === over.id);
    const moved = arrayMove(people, from, to);
    setPeople(moved);
    try {
      await api.put(API_PATHS.teamOrder, { ids: moved.map((person) => person.id) });
      flash.show({ message: 'Pořadí týmu uloženo' });
    } catch (failure) {
      // Someone else changed the team meanwhile, or the save failed: the stored order comes back.
      setPeople(people);
      handleError(failure);
    }
    void mutate();
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        actions={
          canWrite && (
            <Button
              component={Link}
              to={appPath('team-member.create')}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {findRoute('team-member.create')?.title}
            </Button>
          )
        }
      />
      {error && <Alert color="red">Tým se nepodařilo načíst.</Alert>}
      {!page && !error && <Skeleton h={200} radius="md" />}
      {page && people.length === 0 && <Text>V týmu zatím nikdo není.</Text>}
      {page && people.length > 0 && (
        <>
          {canWrite && (
            <Text size="sm" c="dimmed" id="team-order-help">
              Pořadí změníte přetažením za úchyt, nebo klávesnicí: na úchytu mezerník, šipky, mezerník.
            </Text>
          )}
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={(event) => void onDragEnd(event)}
            accessibility={{
              announcements: ANNOUNCEMENTS(new Map(people.map((person) => [String(person.id), person.name]))),
              screenReaderInstructions: {
                draggable:
                  'Mezerníkem člena týmu zvednete, šipkami ho přesunete, mezerníkem položíte, klávesou Escape přesun zrušíte.',
              },
            }}
          >
            <SortableContext
              items={people.map((person) => String(person.id))}
              strategy={verticalListSortingStrategy}
            >
              <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
                {people.map((person) => (
                  <PersonRow key={person.id} person={person} canWrite={canWrite} />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        </>
      )}
    </Stack>
  );
}
