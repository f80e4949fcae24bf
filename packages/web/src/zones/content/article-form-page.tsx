import { API_PATHS, apiPath, findRoute } from '@klubovna/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';

/** The generic article form, with the preview of the saved article as the public site will show it. */
export function ArticleFormPage() {
  return (
    <EntityFormPage
      alias="article"
      createTitle={findRoute('article.create')?.title ?? ''}
      editTitle={findRoute('article.edit')?.title ?? ''}
      related={(article) => (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" gap="sm">
            <Text>
              Náhled ukazuje uložený článek tak, jak bude vypadat na webu, i když ještě není zveřejněný.
            </Text>
            <Button
              component="a"
              href={apiPath(API_PATHS.contentPreview, { id: article.id })}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconEye size={18} aria-hidden />}
            >
              Náhled článku
            </Button>
          </Group>
        </Paper>
      )}
    />
  );
}
