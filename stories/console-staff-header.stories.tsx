import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import type { StaffRole } from '#core/console-api.ts'
import consoleStyles from '../site/console/console.css?inline'
import { consoleCopy } from '../site/console/console-copy.ts'
import { StaffHeader } from '../site/console/staff-header.tsx'
import { brand, siteCopy } from '../site/site-copy.ts'
import { withSiteStyles } from './site-decorators.tsx'

// The header as the console draws it, above a page's main, with the console's stylesheet.
const asTheConsoleDrawsIt: Decorator = (Story) => (
  <>
    <style>{consoleStyles}</style>
    <Story />
    <main className="console">
      <h1>{consoleCopy.title}</h1>
    </main>
  </>
)

/**
 * The console's own header (site/console/staff-header.tsx): the firm, the person signed in and
 * their role, and Sign out, in place of the marketing site's header; one story per role.
 */
const meta = {
  title: 'Console/Staff header',
  component: StaffHeader,
  decorators: [asTheConsoleDrawsIt, withSiteStyles],
  args: { onSignOut: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StaffHeader>

export default meta
type Story = StoryObj<typeof meta>

/** A story of `email`, signed in as `role`, whose play reads the header as a person would. */
function signedInAs(role: StaffRole, email: string): Story {
  return {
    args: { person: { email, role } },
    play: async ({ canvasElement, args }) => {
      const banner = within(canvasElement).getByRole('banner')
      expect(banner).toHaveTextContent(brand.name)
      expect(banner).toHaveTextContent(
        `${consoleCopy.signedInAs} ${email}, ${consoleCopy.roleOf} ${consoleCopy.roles[role]}`,
      )
      // Staff's own tool: nothing of the marketing site's header.
      expect(within(banner).queryByText(siteCopy.nav.requestDemo)).toBeNull()
      expect(within(banner).queryByText(siteCopy.nav.login)).toBeNull()
      await userEvent.click(within(banner).getByRole('button', { name: consoleCopy.signOut }))
      expect(args.onSignOut).toHaveBeenCalledOnce()
    },
  }
}

export const Owner = signedInAs('owner', 'owner@firm.example')
export const Sales = signedInAs('sales', 'sales@firm.example')
export const Marketing = signedInAs('marketing', 'marketing@firm.example')
export const Partner = signedInAs('partner', 'acme@partner.example')

// An address longer than a phone is wide breaks inside the header; the page never scrolls sideways.
export const LongAddress: Story = {
  name: 'Long address at 320 px',
  args: {
    person: { email: 'bartholomew.featherstonehaugh-worthington@partners.example', role: 'sales' },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner')
    expect(banner.scrollWidth).toBeLessThanOrEqual(320)
  },
}

// At sign-in and while the console checks for a session: the firm, nobody yet, no Sign out.
export const SignedOut: Story = {
  name: 'Before sign-in',
  args: { onSignOut: undefined },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner')
    expect(banner).toHaveTextContent(`${brand.name}${consoleCopy.title}`)
    expect(within(banner).queryByRole('button')).toBeNull()
  },
}
