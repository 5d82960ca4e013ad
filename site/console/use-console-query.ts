import { useLocation, useSearch } from 'wouter'

/** The console's address query, and a way to change it (keeping the path) for shared views. */
export function useConsoleQuery(): [URLSearchParams, (query: string | URLSearchParams) => void] {
  const search = useSearch()
  const [path, navigate] = useLocation()
  const go = (query: string | URLSearchParams) => {
    const text = String(query)
    navigate(text ? `${path}?${text}` : path)
  }
  return [new URLSearchParams(search), go]
}
