/**
 * “Export CSV”: a class's students as a spreadsheet file (docs/rules.md M9). The file is fetched with the
 * signed-in token, so a plain link would not do; it is then saved under the name the server gives it.
 */
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { showToast } from '@/lib/toasts';

export function ExportClassButton({ klass }: { klass: { id: number; name: string } }) {
  const exportCsv = useMutation({
    mutationFn: () => download('exportClassStudents', { params: { id: klass.id } }),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? `${klass.name}-students.csv`),
    onError: (error) =>
      showToast({ type: 'negative', message: `${klass.name} could not be exported: ${error.message}` }),
  });
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
    >
      Export CSV
    </Button>
  );
}
