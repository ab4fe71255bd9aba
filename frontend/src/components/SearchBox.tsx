import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Form } from 'react-bootstrap';
import { useDebouncedValue } from '../lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The search in the URL now. */
  urlValue: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (searchTerm: string) => void;
  label: string;
  placeholder: string;
  className?: string;
  style?: CSSProperties;
}

/** A list's search box: writes its text to the URL once typing pauses, and shows what the URL says. */
export function SearchBox({ urlValue, onSearch, label, placeholder, className, style }: SearchBoxProps) {
  const [text, setText] = useState(urlValue);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(urlValue);

  useEffect(() => {
    if (debounced.trim() === lastSent.current) return;
    lastSent.current = debounced.trim();
    onSearch(debounced.trim());
  }, [debounced, onSearch]);

  // The URL can change without typing (back button, a link): show what it says.
  useEffect(() => {
    if (urlValue === lastSent.current) return;
    lastSent.current = urlValue;
    setText(urlValue);
  }, [urlValue]);

  return (
    <Form.Control
      className={className}
      style={style}
      type="search"
      placeholder={placeholder}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
