/**
 * Translation in the reader (docs/rules.md C37): where a student's class has a translation language, each page
 * offers its text in that language, shown under the text and kept for the session. A school without a translation
 * service is offered none; a service that fails to answer (503) is named in words and the book reads on as before.
 */
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { LoadError } from '@/components/load-error';

/** A class's language changes seldom: asked again after this long at most. */
const CLASS_LANGUAGE_FRESH_MS = 5 * 60_000;

/**
 * The language the signed-in student's class translates into, or null: off, no translation service at the school,
 * no class, or not known (the reader then simply offers no translation).
 */
export function useClassTranslationLanguage(enabled: boolean): string | null {
  const classId = useAuth().user?.class_id ?? null;
  const config = useQuery({
    queryKey: ['classes', classId, 'translation'],
    queryFn: () => api('getClassTranslation', { params: { id: classId ?? 0 } }),
    enabled: enabled && classId !== null,
    staleTime: CLASS_LANGUAGE_FRESH_MS,
  });
  return config.data?.available ? config.data.target_lang : null;
}

/** "Spanish" for `es`; the code itself where the browser has no name for it. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const isUnavailable = (error: Error) => error instanceof ApiError && error.status === 503;

/** The Translate button of one page and, once asked for, the page's text in the class's language. */
export function PageTranslation({ text, language }: { text: string; language: string }) {
  const [shown, setShown] = useState(false);
  const name = languageName(language);
  const translation = useQuery({
    queryKey: ['translation', language, text],
    queryFn: () => api('translate', { body: { text, target_lang: language } }).then(({ result }) => result),
    enabled: shown,
    staleTime: Infinity,
  });

  return (
    <Stack gap="sm" align="flex-start">
      <Button
        variant="light"
        size="md"
        radius="xl"
        leftSection={<IconLanguage size={20} aria-hidden />}
        aria-expanded={shown}
        loading={shown && translation.isFetching}
        onClick={() => setShown((was) => !was)}
      >
        {shown ? `Hide ${name}` : `Translate into ${name}`}
      </Button>
      {shown && translation.data !== undefined && (
        <Paper withBorder radius="md" p="md" w="100%">
          <Text size="sm" c="dimmed" fw={600}>
            In {name}
          </Text>
          <Text size="lg" lang={language}>
            {translation.data}
          </Text>
        </Paper>
      )}
      {shown && translation.error && isUnavailable(translation.error) && (
        <Alert color="yellow" variant="light" title="Translation is not available at your school right now">
          You can keep reading the book in English.
        </Alert>
      )}
      {shown && translation.error && !isUnavailable(translation.error) && (
        <LoadError
          title="The translation could not be loaded"
          error={translation.error}
          retry={() => void translation.refetch()}
        />
      )}
    </Stack>
  );
}
