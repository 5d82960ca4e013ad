import { useState } from 'react'
import type { FunnelQuery } from '#core/console-api.ts'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleApi } from '../console-deps.ts'
import { saveFile } from '../save-file.ts'

const words = consoleCopy.funnel

/** The file a download of `query` is saved as: its days, and its source when one is chosen. */
function funnelCsvName(query: FunnelQuery): string {
  return `funnel-${query.source ? `${query.source}-` : ''}${query.from}-to-${query.to}.csv`
}

/**
 * "Download CSV" of the days and source shown: fetched with the person's token (a plain link
 * could not carry it), then handed to the browser as a file.
 */
export function FunnelCsvButton({ query }: { query: FunnelQuery }) {
  const api = useConsoleApi()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  async function download() {
    setBusy(true)
    setSaved(null)
    setProblem(null)
    try {
      const file = funnelCsvName(query)
      saveFile(await api.funnelCsv(query), file)
      setSaved(file)
    } catch (error) {
      setProblem(`${words.downloadFailed} ${error instanceof Error ? error.message : ''}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="console-actions">
      <button type="button" className="button button--outline" onClick={download} disabled={busy}>
        {busy ? words.downloading : words.download}
      </button>
      {/* Said when the file is saved: a download gives a screen reader no word of its own. */}
      <p className="console-live" role="status">
        {saved ? words.downloaded(saved) : ''}
      </p>
      {problem && (
        <p className="console-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
