// A partner page built with React that renders <demo-request> after the loader defined it: React
// sets attributes, and hands `functions` over as a property because the element has one.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

declare global {
  interface Window {
    /** Where the test's backend answers, set by the page. */
    backendUrl: string
  }
}

function Host() {
  const [source, setSource] = useState('react-host')
  return (
    <main>
      <h1>A React partner page</h1>
      <button type="button" onClick={() => setSource('react-host-updated')}>
        Change source
      </button>
      <demo-request supabase-url={window.backendUrl} source={source}>
        <a href="/request-demo">Request a demo</a>
      </demo-request>
    </main>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<Host />)
