import { Compliance } from '../sections/compliance.tsx'
import { Customers } from '../sections/customers.tsx'
import { Hero } from '../sections/hero.tsx'
import { Platform } from '../sections/platform.tsx'
import { Security } from '../sections/security.tsx'
import { Solutions } from '../sections/solutions.tsx'
import { usePageMeta } from '../use-page-meta.ts'

/** `/`: the marketing home page. */
export function HomePage() {
  usePageMeta('home')
  return (
    <>
      <Hero />
      <Platform />
      <Solutions />
      <Customers />
      <Security />
      <Compliance />
    </>
  )
}
