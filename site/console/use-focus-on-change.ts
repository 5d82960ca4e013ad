import { type RefObject, useEffect, useRef } from 'react'

/**
 * Moves focus to `target` when `key` changes after the first render (a new view, a lead opened),
 * or on the first render too when `atFirst`: a screen reader then starts on what changed.
 */
export function useFocusOnChange(
  target: RefObject<HTMLElement | null>,
  key: unknown,
  atFirst = false,
): void {
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each change of key
  useEffect(() => {
    if (first.current && !atFirst) {
      first.current = false
      return
    }
    first.current = false
    target.current?.focus()
  }, [key])
}
