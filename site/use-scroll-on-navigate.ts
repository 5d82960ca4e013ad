import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/**
 * Scrolls and moves focus after the router's own navigations: to the section named by the
 * hash, else to the top with focus on `<main>` so screen readers start on the new page.
 * Back/forward (`popstate`) is left to the browser, which restores the scroll position itself.
 */
export function useScrollOnNavigate(mainId: string): void {
  const [pathname] = useLocation()
  const firstRender = useRef(true)
  const wentBack = useRef(false)

  // The router re-renders after the event, so the flag is set before the effect below reads it.
  useEffect(() => {
    const onPop = () => {
      wentBack.current = true
    }
    const onPush = () => {
      wentBack.current = false
    }
    addEventListener('popstate', onPop)
    addEventListener('pushState', onPush)
    return () => {
      removeEventListener('popstate', onPop)
      removeEventListener('pushState', onPush)
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigations only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (wentBack.current) return
    const { hash } = window.location
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) {
      // `behavior` unset: the CSS scroll-behavior decides, so reduced motion is respected.
      target.scrollIntoView()
      return
    }
    window.scrollTo(0, 0)
    document.getElementById(mainId)?.focus({ preventScroll: true })
  }, [pathname, mainId])
}
