import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { StaffMe } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleApi } from '../console-deps.ts'
import { EraseConfirm } from './erase-confirm.tsx'

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
        <EraseConfirm
          question={words.confirmErase}
          pending={erase.isPending}
          onConfirm={() => erase.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            erase.reset()
            setConfirming(true)
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
