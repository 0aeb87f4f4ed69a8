import { useEffect, useRef } from 'react';

/**
 * Keeps the palette's highlighted item sensible while results change under it (e.g. the server's customers
 * arrive): it follows the first item unless the person moved it to another one that is still listed.
 */
export function useAutoSelect(values: readonly string[], selected: string, select: (value: string) => void): void {
  // A list that just opened follows its first item: a highlight left from the last opening is nobody's choice now.
  const previousFirst = useRef<string | undefined>(selected);
  const first = values[0];
  const stillListed = values.includes(selected);
  useEffect(() => {
    const followedFirst = selected === '' || selected === previousFirst.current || !stillListed;
    previousFirst.current = first;
    if (followedFirst && first !== undefined && first !== selected) select(first);
  }, [first, selected, stillListed, select]);
}
