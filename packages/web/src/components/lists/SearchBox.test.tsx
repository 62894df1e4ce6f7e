import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme';
import { SearchBox } from './SearchBox';

function renderBox(value = '', onSearch = vi.fn()) {
  const view = render(
    <MantineProvider theme={theme}>
      <SearchBox value={value} onSearch={onSearch} label="Search clients" />
    </MantineProvider>,
  );
  return {
    onSearch,
    view,
    input: screen.getByRole('searchbox', { name: 'Search clients' }) as HTMLInputElement,
  };
}

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the search 500 ms after the last keystroke, once', () => {
    const { onSearch, input } = renderBox();
    fireEvent.change(input, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'acme ' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme');
  });

  it('keeps at most 128 characters', () => {
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'x'.repeat(200) } });
    expect(input.value).toHaveLength(128);
    expect(input.maxLength).toBe(128);
  });

  it('shows a search that comes from the url (back and forward) without sending it again', () => {
    const { onSearch, view } = renderBox('first');
    view.rerender(
      <MantineProvider theme={theme}>
        <SearchBox value="second" onSearch={onSearch} label="Search clients" />
      </MantineProvider>,
    );
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('second');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
