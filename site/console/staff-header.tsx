import type { StaffMe } from '#core/console-api.ts'
import { Icon } from '../components/icon.tsx'
import { brand } from '../site-copy.ts'
import { consoleCopy } from './console-copy.ts'

export interface StaffHeaderProps {
  /** Who is signed in, once the console knows; the firm alone before, and at sign-in. */
  person?: Pick<StaffMe, 'email' | 'role'>
  /** Ends the session; without it, no Sign out button. */
  onSignOut?: () => void
  /** What the page is, beside the firm's name: the console unless told. */
  tool?: string
}

/** The console's own header: the firm, the person signed in and their role, and Sign out. */
export function StaffHeader({ person, onSignOut, tool = consoleCopy.title }: StaffHeaderProps) {
  return (
    <header className="staff-header">
      <div className="staff-header__inner">
        <p className="staff-header__firm">
          <Icon name="brand" className="brand__mark" />
          <span>{brand.name}</span>
          <span className="staff-header__tool">{tool}</span>
        </p>
        {person && (
          <p className="staff-header__person">
            <span className="visually-hidden">{consoleCopy.signedInAs} </span>
            <span className="console-who">{person.email}</span>
            <span className="visually-hidden">, {consoleCopy.roleOf} </span>
            <span className="staff-header__role">{consoleCopy.roles[person.role]}</span>
          </p>
        )}
        {onSignOut && (
          <button type="button" className="button button--outline" onClick={onSignOut}>
            {consoleCopy.signOut}
          </button>
        )}
      </div>
    </header>
  )
}
