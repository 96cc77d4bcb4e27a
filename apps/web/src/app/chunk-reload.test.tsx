import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import {
  browserPage,
  clearReloadFlag,
  hasReloadedFor,
  isChunkLoadError,
  reloadOnceFor,
} from './chunk-reload';

// The placement page's code "cannot be downloaded", as after a release that renamed its chunk.
vi.mock('@/features/placement/placement-page', () => ({
  get PlacementPage(): never {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/placement-page-1a2b3c.js');
  },
}));

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/a.js'),
    new TypeError('error loading dynamically imported module: https://app.test/assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/a.css'),
    Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises “%s”', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    'Failed to fetch dynamically imported module',
    null,
  ])('does not take %s for one', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('reloadOnceFor', () => {
  let reload: MockInstance<typeof browserPage.reload>;
  beforeEach(() => {
    reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => reload.mockRestore());

  it('reloads a path once, then refuses until the page has shown', () => {
    expect(reloadOnceFor('/home')).toBe(true);
    expect(reloadOnceFor('/home')).toBe(false);
    expect(reloadOnceFor('/favorites')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);

    clearReloadFlag('/home');

    expect(hasReloadedFor('/home')).toBe(false);
    expect(reloadOnceFor('/home')).toBe(true);
  });
});

describe('a page whose code fails to load', () => {
  let reload: MockInstance<typeof browserPage.reload>;
  beforeEach(async () => {
    reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    await signedInAs({ login_role: 'student' });
    answer('validate', () => ({
      access_token: buildAccessToken(),
      login_role: 'student',
      refresh_token: null,
    }));
  });
  afterEach(() => reload.mockRestore());

  it('reloads the target address in full, once', async () => {
    renderApp(paths.placement.getHref());

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(hasReloadedFor(paths.placement.getHref())).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('shows the error page instead of reloading again', async () => {
    reloadOnceFor(paths.placement.getHref());
    reload.mockClear();

    renderApp(paths.placement.getHref());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at the address being opened, not the one being left', async () => {
    const { router } = renderApp(paths.student.favorites.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Favorites' })).toBeInTheDocument();

    await router.navigate(paths.placement.getHref());

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/placement');
    expect(hasReloadedFor('/placement')).toBe(true);
    expect(hasReloadedFor('/favorites')).toBe(false);
  });
});
