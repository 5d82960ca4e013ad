import { type ReactNode, Suspense, useEffect } from 'react'
import { Footer } from './sections/footer.tsx'
import { Header } from './sections/header.tsx'
import { siteCopy } from './site-copy.ts'
import { useScrollOnNavigate } from './use-scroll-on-navigate.ts'

const mainId = 'main'

/** The frame of every page: skip link, fixed header, the page, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useScrollOnNavigate(mainId)
  // Tells a live page from its prerendered HTML, for styles and tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <>
      <a className="skip-link" href={`#${mainId}`}>
        {siteCopy.skipLink}
      </a>
      <Header />
      <main id={mainId} tabIndex={-1}>
        {/* A page's chunk is on its way: the header and footer stay, the page follows. */}
        <Suspense>{children}</Suspense>
      </main>
      <Footer />
    </>
  )
}
