import {
  createTheme,
  rem,
  type ActionIconFactory,
  type BurgerFactory,
  type ButtonFactory,
  type CSSVariablesResolver,
  type EmptyStateFactory,
  type ExtendComponent,
  type FactoryPayload,
  type InputFactory,
  type MantineThemeComponent,
  type MenuFactory,
  type NavLinkFactory,
  type PasswordInputFactory,
  type SelectFactory,
  type TextInputFactory,
} from '@mantine/core';
import { readableVariants } from './readable-colors';

/**
 * What `Button.extend(…)` does (Mantine's `extend` returns its argument), without importing the component: the
 * theme is part of the app shell, and importing Menu, Select or NavLink here would load them before any page.
 */
const extend = <Payload extends FactoryPayload>(input: ExtendComponent<Payload>) =>
  input as MantineThemeComponent;

/** WCAG 2.5.5: 44 px is the smallest target a child's finger hits reliably on a tablet. */
const TOUCH_TARGET = rem(44);

/**
 * One theme for pupils and staff. Shades are chosen for WCAG AA: indigo 7 on white is 5:1 (Mantine's default blue 6
 * is 3.6:1), and the light variants (indigo 9 on indigo 1) are 5.3:1. Body text is 16 px; secondary text 15 px.
 * Controls default to 44 px so small hands and touch screens hit them.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSizes: { xs: rem(14), sm: rem(15), md: rem(16), lg: rem(18), xl: rem(20) },
  lineHeights: { md: '1.6' },
  headings: {
    fontWeight: '800',
    sizes: { h1: { fontSize: rem(30), lineHeight: '1.25' }, h2: { fontSize: rem(24), lineHeight: '1.3' } },
  },
  // Rings show for the keyboard (:focus-visible), not for every mouse click; global.css covers plain links.
  focusRing: 'auto',
  components: {
    Button: extend<ButtonFactory>({
      defaultProps: { size: 'md' },
      vars: (_theme, props) => ({
        root: { '--button-height': props.size === 'md' ? TOUCH_TARGET : undefined },
      }),
    }),
    ActionIcon: extend<ActionIconFactory>({ defaultProps: { size: 'xl' } }),
    Burger: extend<BurgerFactory>({ styles: { root: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } } }),
    NavLink: extend<NavLinkFactory>({
      styles: {
        root: { minHeight: rem(48), borderRadius: 'var(--mantine-radius-md)' },
        label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600 },
      },
    }),
    Menu: extend<MenuFactory>({
      // X1: the placeholder Mantine focuses first is a focusable "presentation" div inside role=menu, which axe
      // refuses (aria-required-children); without it the first item takes focus.
      defaultProps: { withInitialFocusPlaceholder: false },
      styles: { item: { minHeight: TOUCH_TARGET, fontSize: 'var(--mantine-font-size-md)' } },
    }),
    Input: extend<InputFactory>({ defaultProps: { size: 'md' } }),
    // X4: Mantine leaves the show/hide toggle out of the tab order; a keyboard user needs it too.
    PasswordInput: extend<PasswordInputFactory>({ defaultProps: { visibilityToggleFocusable: true } }),
    TextInput: extend<TextInputFactory>({ defaultProps: { size: 'md' } }),
    Select: extend<SelectFactory>({ defaultProps: { size: 'md' } }),
    EmptyState: extend<EmptyStateFactory>({ defaultProps: { size: 'lg', variant: 'light' } }),
  },
});

/** Mantine's light-scheme grey (3.3:1) and error red (3.3:1) fail AA on white; these pass at 8:1 and 5.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    // X3: every colour's variants at AA (readable-colors.ts).
    ...readableVariants(theme.colors),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
