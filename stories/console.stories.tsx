import type { Meta, StoryObj } from '@storybook/react-vite'
import { focusManager } from '@tanstack/react-query'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { consoleCopy } from '../site/console/console-copy.ts'
import { ConsoleStory, consoleStoryFrame, fakeHolder } from './console-story.tsx'

/**
 * The staff console (site/console) in every state, with an in-memory Supabase Auth and console
 * API (tests/support/fake-console-*.ts): each story's play drives it as staff would.
 */
const meta = {
  title: 'Console',
  component: ConsoleStory,
  ...consoleStoryFrame,
} satisfies Meta<typeof ConsoleStory>

export default meta
type Story = StoryObj<typeof meta>

const words = consoleCopy
const invited = { invited: ['sales@firm.example'], code: '123456', tokenHash: 'good-link' }

async function sendLink(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement)
  await userEvent.type(await canvas.findByLabelText(words.signIn.email), email)
  await userEvent.click(canvas.getByRole('button', { name: words.signIn.send }))
}

export const SignedOut: Story = {
  name: 'Signed out',
  args: { auth: invited },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const heading = await canvas.findByRole('heading', { level: 1, name: words.signIn.heading })
    await waitFor(() => expect(heading).toHaveFocus())
  },
}

const linkSent = fakeHolder()

export const LinkSent: Story = {
  name: 'Link sent',
  args: { auth: invited, onFake: linkSent.onFake },
  play: async ({ canvasElement }) => {
    await sendLink(canvasElement, 'sales@firm.example')
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: words.signIn.sentHeading })
    expect(canvas.getByText(words.signIn.sent('sales@firm.example'))).toBeVisible()
    // Invited people only: Supabase Auth is told never to make an account for this email.
    const sent = linkSent.fake().auth.calls.find((call) => call.method === 'signInWithOtp')
    expect(sent?.args).toEqual([
      {
        email: 'sales@firm.example',
        options: { shouldCreateUser: false, emailRedirectTo: 'https://firm.example/console' },
      },
    ])
  },
}

const justInvited = fakeHolder()

// Asked for within a minute of the invitation: the link is on its way, nothing was refused.
export const LinkJustSent: Story = {
  name: 'Link just sent: asked again within a minute',
  args: { auth: { ...invited, lastSentSecondsAgo: 20 }, onFake: justInvited.onFake },
  play: async ({ canvasElement }) => {
    await sendLink(canvasElement, 'sales@firm.example')
    const canvas = within(canvasElement)
    const heading = await canvas.findByRole('heading', { name: words.signIn.sentHeading })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(canvas.getByText(words.signIn.justSent('sales@firm.example', 40))).toBeVisible()
    expect(canvas.queryByRole('alert')).toBeNull()
    expect(canvas.getByLabelText(words.signIn.code)).toBeVisible()
    // The invitation's code signs the person in from here.
    await userEvent.type(canvas.getByLabelText(words.signIn.code), '123456')
    await userEvent.click(canvas.getByRole('button', { name: words.signIn.verify }))
    await canvas.findByRole('heading', { level: 1, name: /Console: Leads/ })
    const asked = justInvited.fake().auth.calls.filter((call) => call.method === 'signInWithOtp')
    expect(asked).toHaveLength(1)
  },
}

export const NotInvited: Story = {
  name: 'Not invited',
  args: { auth: invited },
  play: async ({ canvasElement }) => {
    await sendLink(canvasElement, 'stranger@elsewhere.example')
    expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      words.problems.notInvited,
    )
  },
}

export const CodeWrong: Story = {
  name: 'Code wrong',
  args: { auth: invited },
  play: async ({ canvasElement }) => {
    await sendLink(canvasElement, 'sales@firm.example')
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByLabelText(words.signIn.code), '654321')
    await userEvent.click(canvas.getByRole('button', { name: words.signIn.verify }))
    expect(await canvas.findByRole('alert')).toHaveTextContent(words.problems.codeWrong)
  },
}

export const CodeRight: Story = {
  name: 'Code right: signed in',
  args: { auth: invited },
  play: async ({ canvasElement }) => {
    await sendLink(canvasElement, 'sales@firm.example')
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByLabelText(words.signIn.code), '123 456')
    await userEvent.click(canvas.getByRole('button', { name: words.signIn.verify }))
    const heading = await canvas.findByRole('heading', { level: 1, name: /Console: Leads/ })
    // After sign-in, focus starts on the console's heading.
    await waitFor(() => expect(heading).toHaveFocus())
  },
}

export const LinkFollowed: Story = {
  name: 'Sign-in link followed',
  args: { auth: invited, path: '/console?token_hash=good-link&type=magiclink', leads: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 1, name: /Console: Leads/ })
  },
}

export const LinkExpired: Story = {
  name: 'Sign-in link expired',
  args: { auth: invited, path: '/console?token_hash=used-link&type=magiclink' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      words.problems.linkExpired,
    )
  },
}

export const Offline: Story = {
  name: 'Sign-in without a network',
  args: { auth: { ...invited, offline: true } },
  play: async ({ canvasElement }) => {
    await sendLink(canvasElement, 'sales@firm.example')
    expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      words.problems.network,
    )
  },
}

export const Owner: Story = {
  args: { role: 'owner', leads: 120 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.leads.caption(120) })
    const nav = canvas.getByRole('navigation', { name: words.nav })
    for (const view of Object.values(words.views)) {
      expect(within(nav).getByRole('link', { name: view })).toBeVisible()
    }
  },
}

export const Sales: Story = {
  args: { role: 'sales', leads: 120 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.leads.caption(120) })
    // Leads and the funnel; never the owner's audit trail or people.
    const nav = canvas.getByRole('navigation', { name: words.nav })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([words.views.leads, words.views.funnel])
  },
}

export const Marketing: Story = {
  args: { role: 'marketing', leads: 120, path: '/console?view=leads' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Asked for leads by the address, marketing gets the funnel: no lead view at all.
    await canvas.findByRole('heading', { level: 1, name: /Console: Funnel/ })
    const table = await canvas.findByRole('table', { name: words.funnel.sourceCaption })
    // Every source of the fake's busy fixture, and its `other` row.
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    // No one's email but the person's own, who is signed in (and the form's example address in
    // the messages visitors saw).
    const emails = canvas
      .queryAllByText(/@/)
      .filter((each) => !each.matches('.console-who') && !each.closest('.funnel-messages'))
    expect(emails).toEqual([])
  },
}

export const Partner: Story = {
  args: { role: 'partner', leads: 120 },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', {
      name: words.funnel.sourceCaption,
    })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toHaveTextContent('partner-acme')
  },
}

export const Empty: Story = {
  args: { role: 'sales', leads: 0 },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(words.leads.empty)
  },
}

export const Loading: Story = {
  args: { role: 'sales', failure: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // /me answers and the list never does: the leads view says it is loading.
    await canvas.findByRole('heading', { level: 1, name: `${words.title}: ${words.views.leads}` })
    expect(canvas.getByText(words.loading)).toHaveAttribute('role', 'status')
  },
}

export const Failed: Story = {
  name: 'Failed: API 500',
  args: { role: 'sales', failure: '500' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    expect(await canvas.findByRole('alert')).toHaveTextContent('The console failed.')
    expect(canvas.getByRole('button', { name: words.retry })).toBeVisible()
  },
}

export const NetworkDown: Story = {
  name: 'Failed: network',
  args: { role: 'sales', failure: 'network' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'The console cannot be reached',
    )
  },
}

export const SessionEnded: Story = {
  name: '401: signed out',
  args: { role: 'sales', failure: '401', auth: invited },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: words.signIn.heading })
    expect(canvas.getByRole('alert')).toHaveTextContent(words.problems.sessionEnded)
  },
}

export const TenThousandLeads: Story = {
  name: '10,000 leads',
  args: { role: 'sales', leads: 10_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', { name: words.leads.caption(10_000) })
    expect(within(table).getAllByRole('row')).toHaveLength(51)
    const first = within(table).getAllByRole('row')[1]?.textContent
    await userEvent.click(canvas.getByRole('button', { name: words.leads.older }))
    await waitFor(() => expect(within(table).getAllByRole('row')[1]?.textContent).not.toBe(first))
    expect(canvas.getByRole('button', { name: words.leads.newer })).toBeEnabled()
  },
}

export const Filtered: Story = {
  name: 'Filtered by the address',
  args: { role: 'sales', leads: 500, path: '/console?status=contacted&q=hale' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table')
    expect(canvas.getByLabelText(words.leads.status)).toHaveValue('contacted')
    expect(canvas.getByLabelText(words.leads.search)).toHaveValue('hale')
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(row).toHaveTextContent('Hale Defense Group')
      expect(row).toHaveTextContent(words.statuses.contacted)
    }
  },
}

export const LeadDetail: Story = {
  name: 'Lead with history',
  args: { role: 'sales', leads: 20, path: '/console?lead=lead-1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const heading = await canvas.findByRole('heading', { level: 2, name: /Grace/ })
    await waitFor(() => expect(heading).toHaveFocus())
    const reply = canvas.getByRole('link', { name: words.lead.reply })
    expect(reply.getAttribute('href')).toMatch(/^mailto:grace\.lovelace1%40.+\?subject=/)
    // Erasure is the owner's: sales is not offered it.
    expect(canvas.queryByRole('button', { name: words.people.eraseNext })).toBeNull()
    await userEvent.selectOptions(canvas.getByLabelText(words.lead.status), 'contacted')
    await userEvent.click(canvas.getByRole('button', { name: words.lead.saveStatus }))
    const history = canvas.getByRole('region', { name: words.lead.history })
    await waitFor(() =>
      expect(history).toHaveTextContent(
        `${words.history.status_change} ${words.statuses.contacted} ${words.lead.by('sales@firm.example')}`,
      ),
    )
  },
}

export const LeadMeetingToCome: Story = {
  name: 'Lead with a meeting to come',
  args: { role: 'sales', leads: 20, path: '/console?lead=lead-1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const meeting = await canvas.findByRole('form', { name: words.meeting.title })
    expect(meeting).toHaveTextContent(words.meeting.outcomes.pending)
    // Not started: nothing to mark yet.
    expect(meeting).toHaveTextContent(words.meeting.toCome)
    expect(within(meeting).queryByRole('button')).toBeNull()
  },
}

const marking = fakeHolder()

export const LeadMeetingMarked: Story = {
  name: 'Lead whose guest did not come, marked by sales',
  args: {
    role: 'sales',
    leads: 20,
    path: '/console?lead=lead-1',
    meetingsHeld: {},
    onFake: marking.onFake,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const meeting = await canvas.findByRole('form', { name: words.meeting.title })
    expect(meeting).toHaveTextContent(words.meeting.outcomes.pending)
    await userEvent.selectOptions(within(meeting).getByLabelText(words.meeting.mark), 'no_show')
    await userEvent.click(within(meeting).getByRole('button', { name: words.meeting.save }))
    await waitFor(() => expect(meeting).toHaveTextContent(words.meeting.outcomes.no_show))
    const history = canvas.getByRole('region', { name: words.lead.history })
    expect(history).toHaveTextContent(
      `${words.history.meeting} ${words.meeting.outcomes.no_show} ${words.lead.by('sales@firm.example')}`,
    )
    expect(marking.fake().api.calls).toContain('markMeeting')
  },
}

export const LeadMeetingHostAbsent: Story = {
  name: 'Lead whose meeting our host missed',
  args: {
    role: 'sales',
    leads: 20,
    path: '/console?lead=lead-1',
    meetingsHeld: { 'lead-1': 'host_absent' },
  },
  play: async ({ canvasElement }) => {
    const meeting = await within(canvasElement).findByRole('form', { name: words.meeting.title })
    expect(meeting).toHaveTextContent(words.meeting.outcomes.host_absent)
    expect(within(meeting).getByLabelText(words.meeting.mark)).toHaveValue('host_absent')
  },
}

const giving = fakeHolder()

export const LeadOwnerGiven: Story = {
  name: 'Lead given to an owner',
  args: { role: 'sales', leads: 20, path: '/console?lead=lead-1', onFake: giving.onFake },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 2, name: /Grace/ })
    expect(canvas.getByText(words.lead.nobody)).toBeVisible()
    // The picker offers those who may own leads, owner and sales, and no one else.
    const picker = canvas.getByLabelText(words.lead.giveTo)
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3))
    expect(within(picker).queryByText('acme@partner.example')).toBeNull()
    await userEvent.selectOptions(picker, 'u-owner')
    await userEvent.click(canvas.getByRole('button', { name: words.lead.give }))
    await canvas.findByText('owner@firm.example', { selector: 'p', exact: false })
    const history = canvas.getByRole('region', { name: words.lead.history })
    await waitFor(() =>
      expect(history).toHaveTextContent(
        `${words.history.owner_change} owner@firm.example ${words.lead.by('sales@firm.example')}`,
      ),
    )
    expect(giving.fake().api.calls).toContain('setOwner')
  },
}

export const MyLeads: Story = {
  name: 'My leads',
  args: { role: 'sales', leads: 40, path: '/console?owner=me' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', { name: words.leads.caption(20) })
    expect(canvas.getByLabelText(words.leads.owner)).toHaveValue('me')
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(row).toHaveTextContent('sales@firm.example')
    }
  },
}

const erasing = fakeHolder()

export const LeadErased: Story = {
  name: 'Lead erased by the owner',
  args: { role: 'owner', leads: 20, path: '/console?lead=lead-1', onFake: erasing.onFake },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 2, name: /Grace/ })
    await userEvent.click(canvas.getByRole('button', { name: words.people.eraseNext }))
    const confirm = canvas.getByRole('button', { name: words.people.eraseForGood })
    await waitFor(() => expect(confirm).toHaveFocus())
    expect(canvas.getByRole('group', { name: words.lead.confirmErase })).toBeVisible()
    await userEvent.click(confirm)
    const outcome = await canvas.findByText(words.people.erased(1))
    await waitFor(() => expect(outcome).toHaveFocus())
    const api = erasing.fake().api
    expect(api.calls).toContain('erase')
    // The lead is gone from the list it came from.
    expect((await api.leads({}, null)).leads.map((lead) => lead.id)).not.toContain('lead-1')
  },
}

export const AuditTrail: Story = {
  name: 'Audit trail',
  args: { role: 'owner', path: '/console?view=audit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', { name: words.audit.caption })
    expect(within(table).getAllByRole('row')).toHaveLength(51)
    await userEvent.click(canvas.getByRole('button', { name: words.audit.more }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61))
  },
}

export const People: Story = {
  args: { role: 'owner', path: '/console?view=people' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.people.caption })
    // Sales shares new leads in turn; a partner reads none, so is never offered to.
    expect(canvas.getByLabelText(words.people.takesLeadsOf('sales@firm.example'))).toBeChecked()
    expect(canvas.getByLabelText(words.people.takesLeadsOf('owner@firm.example'))).not.toBeChecked()
    expect(canvas.queryByLabelText(words.people.takesLeadsOf('acme@partner.example'))).toBeNull()
    await userEvent.type(canvas.getByLabelText(words.people.eraseEmail), 'ada@example.com')
    await userEvent.click(canvas.getByRole('button', { name: words.people.eraseNext }))
    const confirm = canvas.getByRole('button', { name: words.people.eraseForGood })
    await waitFor(() => expect(confirm).toHaveFocus())
    await userEvent.click(confirm)
    await canvas.findByText(words.people.erased(0))
  },
}

// The narrowest phone: the page never scrolls sideways; the lead table scrolls in its own region.
export const Narrow: Story = {
  name: '320 px wide',
  args: { role: 'owner', leads: 60, width: 320 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', { name: words.leads.caption(60) })
    const page = canvasElement.querySelector<HTMLElement>('[data-console-page]')
    expect(page?.scrollWidth).toBe(320)
    const region = canvas.getByRole('region', { name: words.leads.caption(60) })
    expect(region.clientWidth).toBeLessThanOrEqual(320)
    expect(table.scrollWidth).toBeGreaterThan(region.clientWidth)
  },
}

const arrivals = fakeHolder()

export const NewLead: Story = {
  name: 'A new lead arrives',
  args: { role: 'sales', leads: 5, onFake: arrivals.onFake },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.leads.caption(5) })
    const lead = arrivals.fake().api.receiveLead()
    // As when the tab regains focus; the 15 s refresh asks the same query again.
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    await canvas.findByRole('table', { name: words.leads.caption(6) })
    expect(await canvas.findByText(words.leads.newLeads(1))).toHaveAttribute('role', 'status')
    expect(canvas.getByRole('link', { name: `${lead.firstName} ${lead.lastName}` })).toBeVisible()
    focusManager.setFocused(undefined)
  },
}

const filtering = fakeHolder()

export const FilterApplied: Story = {
  name: 'Filter applied into the address',
  args: { role: 'sales', leads: 200, onFake: filtering.onFake },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table', { name: words.leads.caption(200) })
    await userEvent.type(canvas.getByLabelText(words.leads.search), 'Reyes')
    await userEvent.selectOptions(canvas.getByLabelText(words.leads.booking), 'none')
    await userEvent.click(canvas.getByRole('button', { name: words.leads.apply }))
    const table = await canvas.findByRole('table', { name: /Leads, newest first: \d+ match/ })
    await waitFor(() => expect(table).not.toHaveAccessibleName(words.leads.caption(200)))
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(row).toHaveTextContent('Reyes Partners')
      expect(row).toHaveTextContent(words.leads.noBooking)
    }
    expect(filtering.fake().history.at(-1)).toBe('/console?booking=none&q=Reyes')
  },
}
