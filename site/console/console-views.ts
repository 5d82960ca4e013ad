import type { StaffRole } from '#core/console-api.ts'

// The console's views; each role's list below gives their order in its navigation.
const consoleViews = ['leads', 'funnel', 'audit', 'people', 'integrations', 'share'] as const
export type ConsoleView = (typeof consoleViews)[number]

// What each role is shown; the database's policies decide what each may read, so a view left
// out here is a convenience, never the protection (the API refuses the rest with 403).
const viewsOfRole: Record<StaffRole, readonly ConsoleView[]> = {
  owner: ['leads', 'funnel', 'share', 'audit', 'people', 'integrations'],
  sales: ['leads', 'funnel'],
  marketing: ['funnel', 'share'],
  partner: ['funnel'],
}

/** The views a role is shown, the first being where it lands after sign-in. */
export function viewsFor(role: StaffRole): readonly ConsoleView[] {
  return viewsOfRole[role]
}

/** The view the address asks for if the role has it, else the role's first. */
export function chosenView(role: StaffRole, asked: string | null): ConsoleView {
  const views = viewsFor(role)
  return views.find((view) => view === asked) ?? (views[0] as ConsoleView)
}
