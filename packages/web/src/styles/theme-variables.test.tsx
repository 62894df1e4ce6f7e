/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../theme';

// theme-variables.css repeats what MantineProvider writes for the theme, so that the sign-in
// page (drawn before Mantine's JavaScript loads) looks as the app does. Both must say the same.

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme-variables.css');

/** `selector -> {variable: value}` of a stylesheet's text. */
function declarations(css: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selector = (m[1] ?? '').replace(/\s+/g, ' ').trim();
    const vars: Record<string, string> = {};
    for (const d of (m[2] ?? '').split(';')) {
      const i = d.indexOf(':');
      if (i > 0) vars[d.slice(0, i).trim()] = d.slice(i + 1).trim();
    }
    if (Object.keys(vars).length > 0) out[selector] = { ...out[selector], ...vars };
  }
  return out;
}

describe('theme-variables.css', () => {
  it("says what MantineProvider writes for the app's theme", () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <span />
      </MantineProvider>,
    );
    const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
    expect(written).not.toBe('');
    expect(declarations(fs.readFileSync(FILE, 'utf8'))).toEqual(declarations(written));
  });
});
