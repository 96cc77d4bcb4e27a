import { Alert, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { TRANSLATION_LANGUAGES } from '@readalong/contracts';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useClassTranslation, useSetClassTranslation, type LanguageCode } from '../api/class-translation';

const OFF = 'off';
const CHOICES = [
  { value: OFF, label: 'Off: no translation' },
  ...TRANSLATION_LANGUAGES.map((language) => ({ value: language.code, label: language.name })),
];
const nameOf = (code: string | null) =>
  TRANSLATION_LANGUAGES.find((language) => language.code === code)?.name ?? 'off';

/**
 * The class's translation language (docs/rules.md F12): when one is set, the class's students may have a book's
 * words translated into it while they read. Saved as soon as it is chosen.
 */
export function TranslationCard({ classId }: { classId: number }) {
  const setting = useClassTranslation(classId);
  const save = useSetClassTranslation(classId);
  const choose = (value: string) =>
    save.mutate(value === OFF ? null : (value as LanguageCode), {
      onSuccess: (saved) =>
        showToast({
          type: 'positive',
          message: saved.target_lang
            ? `Translation into ${nameOf(saved.target_lang)} is on for this class.`
            : 'Translation is off for this class.',
        }),
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="translation-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="translation-heading">
          Translation while reading
        </Title>
        <Text size="sm" c="dimmed">
          Students who are learning English can see a book’s words in their home language. Choose the language
          your class needs, or leave it off.
        </Text>
        {setting.isPending ? (
          <Loading label="Loading the class’s translation setting" />
        ) : setting.isError ? (
          <QueriesError title="The translation setting could not be loaded" queries={[setting]} />
        ) : (
          <>
            <NativeSelect
              label="Translate into"
              data={CHOICES}
              value={setting.data.target_lang ?? OFF}
              onChange={(event) => choose(event.currentTarget.value)}
              disabled={save.isPending}
              error={fieldErrorsOf(save.error).target_lang ?? (save.isError ? save.error.message : undefined)}
              maw={360}
            />
            {!setting.data.available && setting.data.target_lang && (
              <Alert color="yellow.9" variant="outline" title="Not available yet">
                No translation service is set up on this server, so students will not see a Translate button
                until your administrator sets one up. Your choice is kept.
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
