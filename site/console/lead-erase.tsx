import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { StaffMe } from '#core/console-api.ts'
import { consoleCopy } from './console-copy.ts'
import { useConsoleApi } from './console-deps.ts'

const words = consoleCopy.lead

/**
 * The owner's erasure of the person a lead is from, where a "delete my data" request is read:
 * by the lead, so a person who wrote from several addresses is erased by the one they asked
 * about. Two steps, as by email in the people view. Others see nothing of it: the database
 * refuses them anyway (console_erase is the owner's only).
 */
export function LeadErase({ id, onErased }: { id: string; onErased: (count: number) => void }) {
  const api = useConsoleApi()
  const queries = useQueryClient()
  const me = queries.getQueryData<StaffMe>(['me'])
  const [confirming, setConfirming] = useState(false)
  const confirmButton = useRef<HTMLButtonElement>(null)
  const heading = useId()
  const erase = useMutation({
    mutationFn: () => api.erase({ leadId: id }),
    onSuccess: ({ erased }) => {
      queries.removeQueries({ queryKey: ['lead', id] })
      void queries.invalidateQueries({ queryKey: ['leads'] })
      onErased(erased)
    },
  })
  if (me?.role !== 'owner') return null
  return (
    <section aria-labelledby={heading}>
      <h3 id={heading}>{words.erase}</h3>
      {confirming ? (
        <fieldset className="console-confirm">
          <legend>{words.confirmErase}</legend>
          <button
            ref={confirmButton}
            type="button"
            className="button button--danger"
            disabled={erase.isPending}
            onClick={() => erase.mutate()}
          >
            {consoleCopy.people.eraseForGood}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(false)}
          >
            {consoleCopy.people.cancel}
          </button>
        </fieldset>
      ) : (
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            erase.reset()
            setConfirming(true)
            // The confirmation is the next thing to read and press.
            queueMicrotask(() => confirmButton.current?.focus())
          }}
        >
          {consoleCopy.people.eraseNext}
        </button>
      )}
      {erase.error && (
        <p className="console-problem" role="alert">
          {erase.error.message}
        </p>
      )}
    </section>
  )
}
