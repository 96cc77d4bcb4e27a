import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';

const willow = {
  id: 1,
  name: 'Willow Creek',
  district_id: 1,
  student_count: 120,
  teacher_count: 6,
  class_count: 5,
};

async function openSchool() {
  await signedInAs({ login_role: 'owner' });
  answer('listSchools', () => ({ schools: [willow] }));
  answer('getLicensePackUsage', () => ({
    school_id: 1,
    seats_total: 150,
    seats_used: 120,
    seats_free: 30,
    next_end_date: '2030-03-20',
  }));
  answer('getLicensePacks', () => ({
    license_packs: [
      {
        id: 2,
        school_id: 1,
        name: 'Willow Creek 2029–30',
        seats: 150,
        seats_used: 120,
        start_date: '2029-09-01',
        end_date: '2030-03-20',
        active: true,
      },
    ],
  }));
  answer('getLicensePackUsageHistory', () => ({
    history: [
      { month: '2030-01', seats_total: 150, seats_used: 104 },
      { month: '2030-02', seats_total: 150, seats_used: 120 },
    ],
  }));
  renderApp(paths.manage.school.getHref());
  await screen.findByRole('heading', { name: 'Willow Creek' });
}

describe('school and licences', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2030-03-01T09:00:00'), toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('shows the seats used and free, and warns of a pack ending within 30 days', async () => {
    await openSchool();
    expect(await screen.findByText('120 of 150 seats used')).toBeInTheDocument();
    expect(screen.getByText('30 seats free')).toBeInTheDocument();
    expect(screen.getByText('A licence pack ends soon')).toBeInTheDocument();
    expect(screen.getByText(/in 20 days/)).toBeInTheDocument();
    const packs = screen.getByRole('table', { name: 'Licence packs, newest first' });
    expect(within(packs).getByRole('row', { name: /Willow Creek 2029–30/ })).toHaveTextContent(
      '120 of 150 used',
    );
  });

  it('draws each month’s use with the numbers in a table beside it', async () => {
    await openSchool();
    const table = await screen.findByRole('table', { name: 'Seats each month' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['MonthUsedBought', 'Jan 2030104150', 'Feb 2030120150']);
    expect(screen.getByText('Feb 2030: 120 of 150 seats used.')).toBeInTheDocument();
  });
});
