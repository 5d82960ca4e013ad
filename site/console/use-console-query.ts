import { useLocation, useRouter } from 'wouter'

/** The console's address query, and a way to change it (keeping the path) for shared views. */
export function useConsoleQuery(): [URLSearchParams, (query: string | URLSearchParams) => void] {
  // The router's own search hook (the browser's, or a story's memory location), called as
  // wouter's useSearch calls it: useSearch would be the one wouter export used only here, and
  // the site's bundle, which holds wouter for every visitor, would carry it. URLSearchParams
  // drops a leading '?', as useSearch would.
  const router = useRouter()
  const search = router.searchHook(router)
  const [path, navigate] = useLocation()
  const go = (query: string | URLSearchParams) => {
    const text = String(query)
    navigate(text ? `${path}?${text}` : path)
  }
  return [new URLSearchParams(search), go]
}
