import type { SessionUser } from '@readalong/contracts';

export const buildSessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  user_id: 7,
  login_role: 'teacher',
  first_name: 'Dana',
  last_name: 'Okafor',
  email: 'dana@example.test',
  access_token: 'access-token-for-dana',
  refresh_token: 'refresh-token-for-dana',
  colour_band_id: null,
  series_id: null,
  coins: 0,
  read_aloud_enabled: true,
  narration_enabled: true,
  placement_test_id: null,
  profile_pic_url: null,
  class_id: null,
  ...overrides,
});
