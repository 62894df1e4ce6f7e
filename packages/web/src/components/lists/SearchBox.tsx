import { TABLE_SEARCH_DEBOUNCE_MS, TABLE_SEARCH_MAX } from '@lifeboat/contract';
import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  size?: 'xs' | 'sm';
}

/** The table's search box: at most 128 characters, sent 500 ms after the last keystroke (spec 5, 9). */
export function SearchBox({ value, onSearch, label, placeholder, size = 'sm' }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // Back/forward (or a link) changed the url: show its search.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      onSearch(trimmed);
    }, TABLE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? 'Search by name'}
      maxLength={TABLE_SEARCH_MAX}
      value={text}
      onChange={(e) => setText(e.currentTarget.value.slice(0, TABLE_SEARCH_MAX))}
      size={size}
      w={{ base: '100%', sm: size === 'xs' ? 240 : 280 }}
    />
  );
}
