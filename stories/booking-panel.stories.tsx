import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { formCopy } from '#core/form-copy.ts'
import { BookingPanel } from '../src/booking/booking-panel.tsx'
import { NextStepPanel } from '../src/booking/next-step-panel.tsx'
import { sampleContact } from '../tests/support/sample-lead.ts'
import { type StandInPageName, standInBookingUrl } from './booking-stand-in-pages.ts'

// The panel that takes the form's place after a routed send, in each of its stages. The framed
// pages are stand-ins served from Storybook's own origin, speaking Cal.com's and Calendly's
// protocols; the panel trusts them as it would the provider, by their frame and origin.
const meta = {
  title: 'Form/Booking panel',
  component: BookingPanel,
  tags: ['autodocs'],
  args: {
    provider: 'cal',
    url: 'https://cal.com/acme/demo',
    onBooked: fn(),
    onClose: fn(),
    // An hour, not 5 s: a page that stays silent keeps the panel as it is while one looks.
    linkAfterMs: 60 * 60 * 1000,
  },
  argTypes: {
    url: { control: false },
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof BookingPanel>

export default meta
type Story = StoryObj<typeof meta>

// The stand-in's URL depends on where Storybook is served, so it is built at render time.
const onStandIn = (page: StandInPageName): Pick<Story, 'render'> => ({
  render: (args) => <BookingPanel {...args} url={standInBookingUrl(page)} />,
})

const panel = (root: HTMLElement) => root.querySelector<HTMLElement>('section[data-stage]')

async function expectStage(root: HTMLElement, stage: string) {
  await waitFor(() => expect(panel(root)).toHaveAttribute('data-stage', stage), { timeout: 5000 })
}

function frame(root: HTMLElement): HTMLIFrameElement {
  const found = root.querySelector('iframe')
  if (!found) throw new Error('No booking frame')
  return found
}

// The stand-in is on this origin, so its document can be read: what the visitor sees in it.
function frameDocument(root: HTMLElement): Document {
  const document = frame(root).contentDocument
  if (!document) throw new Error('The booking frame has no document yet')
  return document
}

async function expectFocusOnHeading(root: HTMLElement) {
  const heading = within(root).getByRole('heading', { level: 2, name: formCopy.booking.heading })
  await waitFor(() => expect(heading).toHaveFocus())
}

/** Framed, waiting for the page to say it is ready: the panel says it is loading. */
export const Loading: Story = {
  ...onStandIn('silentCal'),
  play: async ({ canvasElement, canvas, args }) => {
    await expectFocusOnHeading(canvasElement)
    await expectStage(canvasElement, 'loading')
    expect(canvas.getByRole('status')).toHaveTextContent(formCopy.booking.loading)
    expect(frame(canvasElement)).toHaveAttribute('title', formCopy.booking.frameTitle.cal)
    expect(canvas.getByRole('button', { name: formCopy.booking.notNow })).toBeEnabled()
    expect(args.onBooked).not.toHaveBeenCalled()
  },
}

/** Cal.com's page said `__iframeReady`, was answered, and showed itself, prefilled. */
export const Shown: Story = {
  ...onStandIn('cal'),
  play: async ({ canvasElement, canvas, args }) => {
    await expectFocusOnHeading(canvasElement)
    await expectStage(canvasElement, 'shown')
    expect(canvas.queryByText(formCopy.booking.loading)).toBeNull()
    const page = frameDocument(canvasElement)
    // Visible only once the panel answered with `parentKnowsIframeReady`.
    await waitFor(() => expect(page.body).toBeVisible())
    expect(page.getElementById('email')).toHaveTextContent(sampleContact.email)
    // Sized by `__dimensionChanged`.
    await waitFor(() => expect(frame(canvasElement).style.height).toMatch(/^\d+px$/))
    await userEvent.click(canvas.getByRole('button', { name: formCopy.booking.notNow }))
    expect(args.onClose).toHaveBeenCalledOnce()
  },
}

// Confirms on the stand-in page, as the visitor would, and expects the panel's confirmation.
async function bookOnPage(canvasElement: HTMLElement, onBooked: () => void) {
  await expectStage(canvasElement, 'shown')
  const confirm = await waitFor(() => {
    const button = frameDocument(canvasElement).getElementById('confirm')
    expect(button).toBeVisible()
    return button as HTMLElement
  })
  // A plain click: user-event would go on dispatching to the button after the panel, having
  // read the page's booking message, has already removed its frame.
  confirm.click()
  await expectStage(canvasElement, 'booked')
  expect(within(canvasElement).getByRole('status')).toHaveTextContent(formCopy.booking.booked)
  expect(canvasElement.querySelector('iframe')).toBeNull()
  expect(onBooked).toHaveBeenCalledOnce()
  expect(within(canvasElement).getByRole('button', { name: formCopy.booking.close })).toBeEnabled()
}

// Resolves once this window has heard Cal.com's last booking message, bookingSuccessfulV2: the
// panel, listening since it mounted, has read it and the bookingSuccessful before it by then.
const lastBookingMessage = () =>
  new Promise<void>((resolve) => {
    addEventListener('message', function heard(event) {
      if (event.data?.type !== 'bookingSuccessfulV2') return
      removeEventListener('message', heard)
      resolve()
    })
  })

// Confirms on the stand-in Cal.com page and waits until the panel has read its booking.
async function confirmOnCalPage(canvasElement: HTMLElement) {
  await expectStage(canvasElement, 'shown')
  const confirm = await waitFor(() => {
    const button = frameDocument(canvasElement).getElementById('confirm')
    expect(button).toBeVisible()
    return button as HTMLElement
  })
  const heard = lastBookingMessage()
  confirm.click()
  await heard
}

/** The page posted `bookingSuccessfulV2`: the confirmation shows in place. */
export const Booked: Story = {
  ...onStandIn('cal'),
  play: async ({ canvasElement, args }) => {
    await bookOnPage(canvasElement, args.onBooked)
  },
}

/** The same with Calendly's page: `calendly.page_height`, then `calendly.event_scheduled`. */
export const BookedOnCalendly: Story = {
  args: { provider: 'calendly' },
  ...onStandIn('calendly'),
  play: async ({ canvasElement, args }) => {
    expect(frame(canvasElement)).toHaveAttribute('title', formCopy.booking.frameTitle.calendly)
    await bookOnPage(canvasElement, args.onBooked)
  },
}

/**
 * A booking the host must still confirm (Cal.com's `bookingSuccessfulV2` with status PENDING):
 * the panel says the time is requested, in its heading too, and does not call it booked.
 */
export const Requested: Story = {
  ...onStandIn('pendingCal'),
  play: async ({ canvasElement, args }) => {
    await confirmOnCalPage(canvasElement)
    await expectStage(canvasElement, 'requested')
    expect(within(canvasElement).getByRole('status')).toHaveTextContent(formCopy.booking.requested)
    // Its heading says so too, rather than asking for a time already picked.
    expect(within(canvasElement).getByRole('heading', { level: 2 })).toHaveTextContent(
      formCopy.booking.requestedHeading,
    )
    expect(args.onBooked).not.toHaveBeenCalled()
    expect(canvasElement.querySelector('iframe')).toBeNull()
    expect(
      within(canvasElement).getByRole('button', { name: formCopy.booking.close }),
    ).toBeEnabled()
  },
}

/** A booking still to be paid: the panel says so, and keeps the page for the payment. */
export const PaymentRequired: Story = {
  ...onStandIn('paidCal'),
  play: async ({ canvasElement, args }) => {
    await confirmOnCalPage(canvasElement)
    await expectStage(canvasElement, 'payment')
    expect(within(canvasElement).getByRole('status')).toHaveTextContent(formCopy.booking.payment)
    expect(args.onBooked).not.toHaveBeenCalled()
    expect(frame(canvasElement)).toBeVisible()
  },
}

/**
 * The page has not said it is ready (here within 200 ms; 5 s in the widget): the same prefilled
 * page is offered in a new tab beside the frame, which stays for the page to arrive.
 */
export const LinkBesideFrame: Story = {
  args: { linkAfterMs: 200 },
  ...onStandIn('silentCal'),
  play: async ({ canvasElement, canvas, args }) => {
    const link = await canvas.findByRole('link', { name: formCopy.booking.openInNewTab })
    expect(link).toHaveAttribute('href', standInBookingUrl('silentCal'))
    expect(link).toHaveAttribute('target', '_blank')
    expect(canvas.getByRole('status')).toHaveTextContent(formCopy.booking.slow)
    await expectStage(canvasElement, 'loading')
    expect(frame(canvasElement)).toHaveAttribute('title', formCopy.booking.frameTitle.cal)
    expect(args.onBooked).not.toHaveBeenCalled()
  },
}

/**
 * The page said it failed (Cal.com's `linkFailed`): the frame goes, and a link opens the same
 * page in a new tab. A partner CSP that refuses the frame ends here at once.
 */
export const Blocked: Story = {
  ...onStandIn('failedCal'),
  play: async ({ canvasElement, canvas, args }) => {
    await expectStage(canvasElement, 'blocked')
    expect(canvas.getByRole('status')).toHaveTextContent(formCopy.booking.blocked)
    const link = canvas.getByRole('link', { name: formCopy.booking.openInNewTab })
    expect(link).toHaveAttribute('href', standInBookingUrl('failedCal'))
    expect(link).toHaveAttribute('target', '_blank')
    expect(canvasElement.querySelector('iframe')).toBeNull()
    expect(args.onBooked).not.toHaveBeenCalled()
  },
}

/** A booking page of another scheduler: never framed, only linked. */
export const LinkOnly: Story = {
  args: { provider: 'link', url: 'https://booking.example/acme/demo' },
  play: async ({ canvasElement, canvas }) => {
    await expectFocusOnHeading(canvasElement)
    await expectStage(canvasElement, 'blocked')
    expect(canvas.getByRole('status')).toHaveTextContent(formCopy.booking.linkOnly)
    expect(canvas.getByRole('link', { name: formCopy.booking.openInNewTab })).toHaveAttribute(
      'href',
      'https://booking.example/acme/demo',
    )
    expect(canvasElement.querySelector('iframe')).toBeNull()
  },
}

const routeMessage = "Thanks! We'll email you a short product tour."

/** A route's `message` in the same panel, under its own heading. */
export const Message: Story = {
  render: (args) => (
    <NextStepPanel
      step={{ kind: 'message', text: routeMessage }}
      onBooked={args.onBooked}
      onClose={args.onClose}
    />
  ),
  play: async ({ canvas, args }) => {
    const heading = canvas.getByRole('heading', { level: 2, name: formCopy.booking.messageHeading })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(canvas.getByText(routeMessage)).toBeVisible()
    expect(canvas.queryByRole('link')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: formCopy.booking.close }))
    expect(args.onClose).toHaveBeenCalledOnce()
  },
}
