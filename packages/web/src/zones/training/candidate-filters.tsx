import { type GroupSetupCandidates, MEMBER_TYPE_LABELS, MEMBER_TYPES } from '@klubovna/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DROPDOWN_ON_OPEN } from '../../ui/form/dropdown-on-open.ts';
import { type CandidateFilter, categoryBirthYears } from './member-filter.ts';

const NO_GROUP = 'none';

type Category = GroupSetupCandidates['categories'][number];

/** `Žáci (ročníky 2012–2015)`, `Veteráni (ročník 1986 a starší)`; a category without ages cannot filter. */
function categoryOption(category: Category, day: string) {
  const years = categoryBirthYears(category, day);
  const value = String(category.id);
  if (!years) return { value, label: `${category.name} (bez věkového rozmezí)`, disabled: true };
  const { earliest, latest } = years;
  const span =
    earliest === null
      ? `ročník ${latest} a starší`
      : latest === null
        ? `ročník ${earliest} a mladší`
        : earliest === latest
          ? `ročník ${earliest}`
          : `ročníky ${earliest}–${latest}`;
  return { value, label: `${category.name} (${span})` };
}

/** The filters above the member list of the bulk group setup. */
export function CandidateFilters({
  data,
  filter,
  onChange,
}: {
  data: GroupSetupCandidates;
  filter: CandidateFilter;
  onChange: (next: CandidateFilter) => void;
}) {
  const set = (patch: Partial<CandidateFilter>) => onChange({ ...filter, ...patch });
  const years = [...new Set(data.members.map((member) => member.birthYear).filter((year) => year !== null))]
    .sort((a, b) => b - a)
    .map(String);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      <TextInput
        type="search"
        label="Hledat člena"
        placeholder="Jméno nebo příjmení"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
      />
      <Select
        comboboxProps={DROPDOWN_ON_OPEN}
        label="Kategorie"
        placeholder="Všechny"
        clearable
        data={data.categories.map((category) => categoryOption(category, data.from))}
        value={filter.categoryId === null ? null : String(filter.categoryId)}
        onChange={(value) => set({ categoryId: value === null ? null : Number(value) })}
      />
      <Select
        comboboxProps={DROPDOWN_ON_OPEN}
        label="Typ člena"
        placeholder="Všechny"
        clearable
        data={MEMBER_TYPES.map((type) => ({ value: type, label: MEMBER_TYPE_LABELS[type] }))}
        value={filter.memberType}
        onChange={(value) => set({ memberType: value })}
      />
      <Select
        comboboxProps={DROPDOWN_ON_OPEN}
        label="Rok narození"
        placeholder="Všechny"
        clearable
        searchable
        data={years}
        value={filter.birthYear === null ? null : String(filter.birthYear)}
        onChange={(value) => set({ birthYear: value === null ? null : Number(value) })}
      />
      <Select
        comboboxProps={DROPDOWN_ON_OPEN}
        label="Ve skupině"
        placeholder="Kdekoli"
        clearable
        data={[
          { value: NO_GROUP, label: 'V žádné skupině' },
          ...data.groups.map((group) => ({ value: String(group.id), label: group.name })),
        ]}
        value={filter.currentGroup === null ? null : String(filter.currentGroup)}
        onChange={(value) =>
          set({ currentGroup: value === null ? null : value === NO_GROUP ? 'none' : Number(value) })
        }
      />
    </SimpleGrid>
  );
}
