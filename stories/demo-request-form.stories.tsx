import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import type { DemoRequestField } from '#core/demo-request-schema.ts'
import { formCopy } from '#core/form-copy.ts'
import { leadFields } from '#core/lead-fields.ts'
import { allCopies } from '../src/copy/load-copy.ts'
import { DemoRequestForm } from '../src/form/demo-request-form.tsx'
import { sampleLead } from '../tests/support/sample-lead.ts'
import {
  control,
  expectMessages,
  expectToast,
  expectValues,
  fields,
  fillIn,
  submit,
  submitButton,
} from './form-steps.ts'
import { type StandInReply, standInFunctions } from './stand-in-functions.ts'

const meta = {
  title: 'Form/Demo request form',
  component: DemoRequestForm,
  tags: ['autodocs'],
  args: {
    functions: standInFunctions('success'),
    // An hour, not the 6 s default: a toast stays while a designer looks at it.
    toastDurationMs: 60 * 60 * 1000,
  },
  argTypes: {
    functions: { control: false },
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DemoRequestForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement, sampleLead)
    expectValues(canvasElement, sampleLead)
    expectMessages(canvasElement, [])
  },
}

// Submitting with only `field` left empty shows its message and no other.
function requiredStory(field: DemoRequestField): Story {
  return {
    args: { initialValues: { ...sampleLead, [field]: '' } },
    play: async ({ canvasElement }) => {
      await submit(canvasElement)
      expectMessages(canvasElement, [field])
      expect(control(canvasElement, field)).toHaveFocus()
    },
  }
}

export const FirstNameRequired = requiredStory('firstName')
export const LastNameRequired = requiredStory('lastName')
export const CompanyNameRequired = requiredStory('companyName')
export const CompanySizeRequired = requiredStory('companySize')

export const AllRequired: Story = {
  play: async ({ canvasElement }) => {
    await submit(canvasElement)
    expectMessages(canvasElement, fields)
    expect(control(canvasElement, 'firstName')).toHaveFocus()
  },
}

export const Submitting: Story = {
  args: {
    initialValues: sampleLead,
    functions: standInFunctions('pending'),
    // The stand-in never answers, so the form stays in flight until this gives up: an hour.
    timeoutMs: 60 * 60 * 1000,
  },
  play: async ({ canvasElement, canvas }) => {
    await submit(canvasElement)
    const button = await canvas.findByRole('button', { name: formCopy.submitting })
    expect(button).toBeDisabled()
  },
}

export const Success: Story = {
  args: { initialValues: sampleLead },
  play: async ({ canvasElement }) => {
    await submit(canvasElement)
    await expectToast(canvasElement, 'default', formCopy.success)
    expectValues(canvasElement, { firstName: '', lastName: '', companyName: '', companySize: '' })
  },
}

// The toolbar's Spanish, as a designer sees it: every message of an empty send, then the toast.
export const InSpanish: Story = {
  globals: { language: 'es' },
  play: async ({ canvas }) => {
    const { es } = await allCopies()
    await userEvent.click(await canvas.findByRole('button', { name: es.submit }))
    for (const field of fields) {
      expect(await canvas.findByText(es.messages[field].required)).toBeInTheDocument()
    }
    await userEvent.type(canvas.getByLabelText(es.fields.firstName.label), sampleLead.firstName)
    await userEvent.type(canvas.getByLabelText(es.fields.lastName.label), sampleLead.lastName)
    await userEvent.type(canvas.getByLabelText(es.fields.companyName.label), sampleLead.companyName)
    await userEvent.selectOptions(
      canvas.getByLabelText(es.fields.companySize.label),
      es.companySizes[sampleLead.companySize],
    )
    await userEvent.click(canvas.getByRole('button', { name: es.submit }))
    expect(await canvas.findByText(es.success.title)).toBeInTheDocument()
  },
}

// A right-to-left page in Spanish on a phone, as a designer sees it with the toolbar's direction:
// every label, field and message starts on the right, and nothing is wider than the screen.
export const RightToLeft: Story = {
  globals: { language: 'es', direction: 'rtl', viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    const { es } = await allCopies()
    await userEvent.click(await canvas.findByRole('button', { name: es.submit }))
    for (const field of fields) {
      const message = await canvas.findByText(es.messages[field].required)
      const label = canvas.getByText(es.fields[field].label)
      // Where the words of the label and the message end on the right, and the field's box.
      const words = (part: Element) => {
        const range = document.createRange()
        range.selectNodeContents(part)
        return range.getBoundingClientRect()
      }
      const box = canvas.getByLabelText(es.fields[field].label).getBoundingClientRect()
      const starts = [words(label).right, box.right, words(message).right]
      for (const start of starts) expect(start).toBeCloseTo(starts[0] ?? 0, 0)
    }
    expect(getComputedStyle(canvasElement.querySelector('form') as Element).direction).toBe('rtl')
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

// Each way a submission fails ends the same for the visitor: the failure toast, values kept.
function failureStory(reply: StandInReply, timeoutMs?: number): Story {
  return {
    args: {
      initialValues: sampleLead,
      functions: standInFunctions(reply),
      ...(timeoutMs && { timeoutMs }),
    },
    play: async ({ canvasElement }) => {
      await submit(canvasElement)
      await expectToast(canvasElement, 'destructive', formCopy.failure)
      expectValues(canvasElement, sampleLead)
      expect(await submitButton(canvasElement)).toBeEnabled()
    },
  }
}

export const ServerError = failureStory('serverError')
export const SuccessFalse = failureStory('unsuccessful')
export const NoSuccessFlag = failureStory('noFlag')
export const NetworkError = failureStory('network')
// The stand-in never answers; a short timeout reaches the toast quickly.
export const Timeout = failureStory('pending', 500)

// Each field at its longest: long unbroken words must wrap or scroll inside the field.
const longValues = {
  firstName: 'Maximiliana'.repeat(10).slice(0, leadFields.firstName.max),
  lastName: 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, leadFields.lastName.max),
  companyName: 'International Consolidated Insurance Defense Litigation Partners '
    .repeat(4)
    .slice(0, leadFields.companyName.max),
}

export const VeryLongValues: Story = {
  args: { initialValues: { ...sampleLead, ...longValues } },
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form')
    expect(form?.scrollWidth).toBeLessThanOrEqual(form?.clientWidth ?? 0)
  },
}

export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    expect(canvasElement.querySelector('form')).toBeVisible()
  },
}
