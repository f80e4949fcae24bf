import { useEffect, useState } from 'react';
import { parseNumberInput } from './number-format.ts';

/**
 * The text shown in a number input, kept apart from the form value so that a half-typed number
 * (`3,`) stays on screen while the form holds the last complete number.
 */
export function useNumberText(value: number | null, onChange: (value: number | null) => void) {
  const [text, setText] = useState<string | number>(value ?? '');
  useEffect(() => {
    setText((current) => (parseNumberInput(current) === value ? current : (value ?? '')));
  }, [value]);
  return {
    text,
    change: (next: string | number) => {
      setText(next);
      const parsed = parseNumberInput(next);
      if (parsed !== undefined && parsed !== value) onChange(parsed);
    },
  };
}
