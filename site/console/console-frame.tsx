import type { ReactNode } from 'react'
import { StaffHeader, type StaffHeaderProps } from './staff-header.tsx'

/** The console's page at every stage: the staff header, then the stage itself as the main. */
export function ConsoleFrame({ children, ...header }: StaffHeaderProps & { children: ReactNode }) {
  return (
    <>
      <StaffHeader {...header} />
      <main className="console">{children}</main>
    </>
  )
}
