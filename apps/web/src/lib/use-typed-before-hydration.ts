import { useEffect, type RefObject } from 'react';

/**
 * What a visitor typed into a field of the server's page before the app took it over: React
 * keeps the text on screen but never saw it change, so it is handed to `setText` once, as the
 * app starts, and what the page shows is what it uses.
 */
export function useTypedBeforeHydration(
  inputRef: RefObject<HTMLInputElement | null>,
  text: string,
  setText: (text: string) => void,
): void {
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== text) setText(typed);
    // Once, as the app starts: later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
