import { useEffect, useRef, useState } from 'react'
import type { LeadPage } from '#core/console-api.ts'

/**
 * How many leads arrived since the first page was first shown, for a polite announcement: the
 * list refreshes itself, and a screen reader user would not otherwise know it changed.
 */
export function useNewLeads(page: LeadPage | undefined, onFirstPage: boolean): number {
  const newestSeen = useRef<string | null>(null)
  const [arrived, setArrived] = useState(0)
  useEffect(() => {
    if (!page || !onFirstPage) return
    const newest = page.leads[0]?.createdAt ?? null
    const seen = newestSeen.current
    if (seen !== null) {
      const count = page.leads.filter((lead) => lead.createdAt > seen).length
      if (count > 0) setArrived((before) => before + count)
    }
    if (newest && (seen === null || newest > seen)) newestSeen.current = newest
  }, [page, onFirstPage])
  return arrived
}
