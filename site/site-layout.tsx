import { type ReactNode, Suspense, useEffect } from 'react'
import { Footer } from './sections/footer.tsx'
import { Header } from './sections/header.tsx'
import { siteCopy } from './site-copy.ts'
import { useScrollOnNavigate } from './use-scroll-on-navigate.ts'

const mainId = 'main'

// Tells a live page from its prerendered HTML, for styles and tests.
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
}

/** The frame of every marketing page: skip link, fixed header, the page, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useScrollOnNavigate(mainId)
  useHydratedMark()
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

/**
 * The frame of a page that draws its own header and landmarks: the staff console, where a Request
 * Demo button, a Login for visitors and the site's footer have no business.
 */
export function BareLayout({ children }: { children: ReactNode }) {
  useHydratedMark()
  return <Suspense>{children}</Suspense>
}
