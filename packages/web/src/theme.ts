import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

// A light button's text (shade 9) on its hover tint (shade 2) is 3.8 to 4.0:1 for blue, red and
// most colours: below WCAG AA. Hovered, the text darkens a quarter (5 to 6:1) as the tint does
// (issue 18.20). At rest it darkens a fifth: shade 9 on a light badge's tint was 4.3:1 for teal
// ('Ran' on a runbook) and under 4:1 for green, lime and orange; darkened, every colour is 4.9:1
// or more on shade 1. Yellow keeps its own dark amber text, 6:1 on its hover tint.
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  // A subtle button is drawn on the same tints when hovered (a device page's compact actions).
  if (input.variant !== 'light' && input.variant !== 'subtle') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const shades =
    parsed.isThemeColor && parsed.color !== 'yellow' ? input.theme.colors[parsed.color] : undefined;
  return shades ? { ...colors, color: darken(shades[9], 0.2), hoverColor: darken(shades[9], 0.25) } : colors;
};

// Calm, professional, and readable: blue at shade 8 keeps white text on filled buttons above
// WCAG AA contrast (the default shade 6 fails it).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  cursorType: 'pointer',
  variantColorResolver,
  headings: { fontWeight: '650' },
  components: {
    Alert: { defaultProps: { radius: 'md', closeButtonLabel: 'Dismiss' } },
    Paper: { defaultProps: { shadow: 'xs' } },
    // Accessibility (issue 18.20): a dialog's close button has a name, and a menu holds only its
    // items (the focus placeholder, role=presentation, is a child axe refuses in role=menu).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

// Mantine's dimmed text (gray 6) is 3.3:1 on white; gray 7 passes AA for small text.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Yellow on its light tint (a warning alert's title, light badges) is under 3:1; a dark amber
    // is 7:1 (issue 18.20).
    '--mantine-color-yellow-light-color': '#7c4a03',
  },
  dark: {},
});
