import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * Scrolls and moves focus after the router's own navigations: to the section named by the
 * hash, else to the top with focus on `<main>` so screen readers start on the new page.
 * Back/forward and plain in-page anchors arrive as POP and are left to the browser, which
 * already restores or scrolls the page itself.
 */
export function useScrollOnNavigate(mainId: string): void {
  const location = useLocation()
  const navigationType = useNavigationType()
  const firstRender = useRef(true)

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (navigationType === 'POP') return
    const { hash } = location
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) {
      // `behavior` unset: the CSS scroll-behavior decides, so reduced motion is respected.
      target.scrollIntoView()
      return
    }
    window.scrollTo(0, 0)
    document.getElementById(mainId)?.focus({ preventScroll: true })
  }, [location, navigationType, mainId])
}
