/** The class page's “Export CSV” (docs/rules.md M9): the class's file, fetched with the token and saved by name. */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { watchSaves } from '@/test/saved-files';
import { server } from '@/test/server';
import { maple, mia, teachers } from './test-roster';

const CSV = '\uFEFFName,Username,Level,Latest WPM,Latest WCPM,Books completed\r\nMia Lopez,mia.l,,,,0\r\n';

afterEach(() => vi.restoreAllMocks());

async function openClass() {
  await signedInAs({ login_role: 'owner' });
  answer('getClass', () => maple);
  answer('listClasses', () => ({ classes: [maple] }));
  answer('getClassStudents', () => ({ students: [mia] }));
  answer('listTeachers', () => ({ teacher: teachers }));
  const rendered = renderApp(paths.manage.class.getHref(maple.id));
  await screen.findByRole('heading', { name: 'Grade 3 Maple' });
  return rendered;
}

/**
 * The saved file's bytes. Under Node 20 the response's Blob is Node's own (it has arrayBuffer()); under Node 24 it is
 * jsdom's, which has no arrayBuffer() but which jsdom's FileReader reads.
 */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function')
    return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('Export CSV', () => {
  it('asks for this class’s file with the signed-in token and saves it under the server’s name', async () => {
    const asked: Request[] = [];
    server.use(
      http.get('/api/v1/classes/:id/export', ({ request }) => {
        asked.push(request);
        return new HttpResponse(CSV, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="Grade 3 Maple-students.csv"; filename*=UTF-8''Grade%203%20Maple-students.csv`,
          },
        });
      }),
    );
    const saved = watchSaves();
    const { user } = await openClass();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(new URL(asked[0]!.url).pathname).toBe('/api/v1/classes/3/export');
    expect(asked[0]!.headers.get('Authorization')).toMatch(/^Bearer .+/);
    expect(saved[0]!.name).toBe('Grade 3 Maple-students.csv');
    const bytes = await bytesOf(saved[0]!.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('says so when the export fails, and saves nothing', async () => {
    answer('exportClassStudents', () => errorAnswer(404, 'not_found', 'No such class.'));
    const saved = watchSaves();
    const { user } = await openClass();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(
      await screen.findByText('Grade 3 Maple could not be exported: No such class.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
