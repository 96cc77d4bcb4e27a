import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconSchool } from '@tabler/icons-react';
import type { ThirdPartyProvider } from '@/lib/auth-store';
import { configuredProviders, startProviderSignIn } from '../third-party-sign-in';

const ICONS: Record<ThirdPartyProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  apple: IconBrandApple,
  canvas: IconSchool,
};

/** One button per configured identity service; nothing at all when none is configured. */
export function ThirdPartyButtons({ next }: { next: string | null }) {
  const options = configuredProviders();
  if (options.length === 0) return null;
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {options.map((option) => {
        const Icon = ICONS[option.provider];
        return (
          <Button
            key={option.provider}
            variant="default"
            size="lg"
            fullWidth
            leftSection={<Icon size={22} aria-hidden />}
            onClick={() => startProviderSignIn(option, next)}
          >
            {option.label}
          </Button>
        );
      })}
    </Stack>
  );
}
