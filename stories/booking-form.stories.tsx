import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { parseFormFields } from '#core/contact-fields.ts'
import { formCopy } from '#core/form-copy.ts'
import { matchRoute, nextStep, type Route } from '#shared/booking/routes.ts'
import { DemoRequestForm } from '../src/form/demo-request-form.tsx'
import { standInRequestId } from '../tests/support/function-replies.js'
import { sampleContact, sampleLead } from '../tests/support/sample-lead.ts'
import { standInPageUrl } from './booking-stand-in-pages.ts'
import { expectValues, submit } from './form-steps.ts'
import { standInFunctionsReplying } from './stand-in-functions.ts'

// The whole form after a send that DEMO_REQUEST_ROUTES routes: the stand-in function matches
// the example rules with the function's own code and replies with the next step.
const meta = {
  title: 'Form/Demo request form, routed',
  component: DemoRequestForm,
  args: {
    fields: parseFormFields('email'),
    toastDurationMs: 60 * 60 * 1000,
  },
  argTypes: {
    functions: { control: false },
    fields: { control: false },
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DemoRequestForm>

export default meta
type Story = StoryObj<typeof meta>

const tourMessage = "Thanks! We'll email you a short product tour."

// The example, its booking page the stand-in Cal.com page on Storybook's origin.
const routes = (): Route[] => [
  {
    rule: 1,
    when: { companySize: ['50-200 employees', '200+ employees'] },
    kind: 'book',
    book: standInPageUrl('cal'),
    provider: 'cal',
  },
  {
    rule: 2,
    when: { companySize: ['1-5 employees'] },
    kind: 'message',
    message: { en: tourMessage },
  },
]

// The function's 200 reply for `lead`: its request id, and the first matching rule's next step.
function routedFunctions(lead: Record<string, string>) {
  const route = matchRoute(routes(), lead)
  if (!route) throw new Error('The story names a company size no rule routes')
  const next = nextStep(route, lead, standInRequestId, location.host)
  return standInFunctionsReplying({
    status: 200,
    body: { success: true, requestId: standInRequestId, next },
  })
}

function routedStory(companySize: string): Pick<Story, 'args' | 'render'> {
  const lead = { ...sampleLead, ...sampleContact, companySize }
  return {
    args: { initialValues: { ...sampleLead, email: sampleContact.email, companySize } },
    render: function Routed(args) {
      const [functions] = useState(() => routedFunctions(lead))
      return <DemoRequestForm {...args} functions={functions} />
    },
  }
}

// The toast of docs/requirements.md#toasts still shows and the form is cleared, then hidden behind the panel.
async function expectSentAndReplaced(root: HTMLElement) {
  const toast = await within(root).findByText(formCopy.success.title)
  // The toast fades in; axe, after the play function, must measure it at full opacity.
  const settled = () => getComputedStyle(toast.closest('[data-toast]') as Element).opacity
  await waitFor(() => expect(settled()).toBe('1'))
  const form = within(root).getByRole('form', { hidden: true })
  await waitFor(() => expect(form).not.toBeVisible())
  expectValues(root, { firstName: '', lastName: '', companyName: '', companySize: '' })
}

/** A 200+ firm: its booking page, prefilled, in the form's place; booking there is announced. */
export const BookingAfterSend: Story = {
  ...routedStory('200+ employees'),
  play: async ({ canvasElement, canvas }) => {
    const booked: CustomEvent[] = []
    canvasElement.addEventListener('demo-request-booked', (event) => {
      booked.push(event as CustomEvent)
    })
    await submit(canvasElement)
    await expectSentAndReplaced(canvasElement)
    const heading = await canvas.findByRole('heading', { level: 2, name: formCopy.booking.heading })
    await waitFor(() => expect(heading).toHaveFocus())
    const panel = heading.closest('section') as HTMLElement
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'shown'), { timeout: 5000 })

    const frame = panel.querySelector('iframe') as HTMLIFrameElement
    const framed = new URL(frame.src)
    expect(framed.searchParams.get('name')).toBe(`${sampleLead.firstName} ${sampleLead.lastName}`)
    expect(framed.searchParams.get('email')).toBe(sampleContact.email)
    expect(framed.searchParams.get('metadata[demoRequestId]')).toBe(standInRequestId)

    const confirm = await waitFor(() => {
      const button = frame.contentDocument?.getElementById('confirm')
      expect(button).toBeVisible()
      return button as HTMLElement
    })
    // A plain click: the panel removes the frame as soon as the page says it booked.
    confirm.click()
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'booked'))
    expect(booked).toHaveLength(1)
    // Like the form's other events, it carries no personal data: only the request id.
    expect(booked[0]?.detail).toEqual({ requestId: standInRequestId })
    expect(within(panel).getByRole('status')).toHaveTextContent(formCopy.booking.booked)
  },
}

/** A 1-5 firm: the route's message in the form's place. "Close" brings back the empty form. */
export const MessageAfterSend: Story = {
  ...routedStory('1-5 employees'),
  play: async ({ canvasElement, canvas }) => {
    await submit(canvasElement)
    await expectSentAndReplaced(canvasElement)
    const heading = await canvas.findByRole('heading', { name: formCopy.booking.messageHeading })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(canvas.getByText(tourMessage)).toBeVisible()
    expect(canvasElement.querySelector('iframe')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: formCopy.booking.close }))
    await waitFor(() => expect(canvas.getByRole('form')).toBeVisible())
    expect(canvas.queryByText(tourMessage)).toBeNull()
  },
}
