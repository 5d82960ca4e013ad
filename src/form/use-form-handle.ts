import { type Dispatch, type RefObject, type SetStateAction, useEffect, useState } from 'react'
import { connectForm } from './form-bridge.ts'
import { emitFormEvent, formHost } from './form-events.ts'
import { emptyValues, writeFormValues } from './form-values.ts'
import type { FieldIssues } from './use-field-issues.ts'

/**
 * The element's `prefill()` and `reset()`, reaching the form through its host; calls made before
 * the form mounted waited (form-bridge.ts). The first form a host has announces itself with
 * `demo-request-ready`. Each argument must be the same on every render, so that the form connects once.
 */
export function useFormHandle(
  form: RefObject<HTMLFormElement | null>,
  root: RefObject<HTMLElement | null>,
  setIssues: Dispatch<SetStateAction<FieldIssues>>,
  /** Takes away what a send left: its toast and its next step. */
  clearOutcome: () => void,
): void {
  const [readyDue, setReadyDue] = useState(false)

  useEffect(() => {
    const connection = connectForm(formHost(root.current), {
      prefill(given) {
        if (form.current) writeFormValues(form.current, given)
        // A message about a value that was just replaced no longer applies.
        setIssues((current) =>
          Object.fromEntries(Object.entries(current).filter(([field]) => !(field in given))),
        )
      },
      reset() {
        if (form.current) writeFormValues(form.current, emptyValues)
        setIssues({})
        clearOutcome()
      },
    })
    if (connection.first) setReadyDue(true)
    return connection.disconnect
  }, [form, root, setIssues, clearOutcome])

  // After the render that holds what waiting prefill() calls set, so a listener sees it.
  useEffect(() => {
    if (readyDue) emitFormEvent(root.current, 'demo-request-ready', {})
  }, [readyDue, root])
}
