import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';

const GUIDES = [
  {
    id: 'how-levels-work',
    title: 'How levels work',
    description: 'Series and colour bands on one chart.',
    category: 'Guide',
    blocks: [
      {
        kind: 'colour_bands' as const,
        caption: 'Colour bands',
        bands: [{ id: 3, name: 'rose', colour: '#E8738F', lexile: '190L–240L', series: ['BR'] }],
      },
    ],
  },
  {
    id: 'letter-to-families',
    title: 'Letter to families',
    description: 'A one-page letter.',
    category: 'Families',
    blocks: [{ kind: 'paragraph' as const, text: 'Dear family,' }],
  },
];

describe('district resources', () => {
  it('offers a department head the staff guides, the letter to families and the band chart', async () => {
    await signedInAs({ login_role: 'department_head' });
    answer('getStaticSchools', () => ({ schools: [] }));
    answer('getTeacherResources', () => ({ resources: GUIDES }));
    const { user } = renderApp(paths.district.resources.getHref());
    expect(await screen.findByText(/Printable guides to share with your schools/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Letter to families' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open How levels work' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('190L–240L')).toBeInTheDocument();
  });
});
