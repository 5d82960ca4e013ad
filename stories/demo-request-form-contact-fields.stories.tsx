import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { type ContactField, parseFormFields } from '#core/contact-fields.ts'
import { formCopy } from '#core/form-copy.ts'
import { DemoRequestForm } from '../src/form/demo-request-form.tsx'
import { sampleContact, sampleLead } from '../tests/support/sample-lead.ts'
import { expectToast, submit } from './form-steps.ts'
import { standInFunctions } from './stand-in-functions.ts'

// The form as DEMO_REQUEST_FIELDS extends it: the same form, given its contact fields.
const meta = {
  title: 'Form/Demo request form with contact fields',
  component: DemoRequestForm,
  args: {
    functions: standInFunctions('success'),
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

const emailOnly = parseFormFields('email')
const allFour = parseFormFields('email,phone?,role,message?')

// A contact field by its label, which says "(optional)" for a field that may stay empty.
function contactControl(root: HTMLElement, name: ContactField) {
  const { label } = formCopy.fields[name]
  return within(root).getByLabelText(new RegExp(`^${label}( \\(optional\\))?$`))
}

/** The message beside `name`, announced as its description, and the field marked invalid. */
function expectMessage(root: HTMLElement, name: ContactField, message: string) {
  const control = contactControl(root, name)
  expect(control).toHaveAttribute('aria-invalid', 'true')
  expect(control).toHaveAccessibleDescription(message)
  expect(within(root).getByText(message)).toBeVisible()
}

export const WithEmail: Story = {
  args: { fields: emailOnly, initialValues: sampleLead },
  play: async ({ canvasElement }) => {
    const email = contactControl(canvasElement, 'email')
    expect(email).toHaveAttribute('autocomplete', 'email')
    expect(email).toHaveAttribute('inputmode', 'email')
    await userEvent.type(email, sampleContact.email)
    await submit(canvasElement)
    await expectToast(canvasElement, 'default', formCopy.success)
    expect(email).toHaveValue('')
  },
}

export const WithEmailMissing: Story = {
  args: { fields: emailOnly, initialValues: sampleLead },
  play: async ({ canvasElement }) => {
    await submit(canvasElement)
    expectMessage(canvasElement, 'email', formCopy.messages.email.required)
    expect(contactControl(canvasElement, 'email')).toHaveFocus()
  },
}

export const WithEmailInvalid: Story = {
  args: { fields: emailOnly, initialValues: { ...sampleLead, email: 'ada@lovelace' } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement)
    expectMessage(canvasElement, 'email', formCopy.messages.email.invalid)
  },
}

export const AllContactFields: Story = {
  args: { fields: allFour, initialValues: { ...sampleLead, ...sampleContact } },
  play: async ({ canvasElement }) => {
    expect(contactControl(canvasElement, 'phone')).toHaveAccessibleName(
      `${formCopy.fields.phone.label} ${formCopy.optional}`,
    )
    expect(contactControl(canvasElement, 'message').tagName).toBe('TEXTAREA')
    await submit(canvasElement)
    await expectToast(canvasElement, 'default', formCopy.success)
  },
}

export const AllContactFieldsMissing: Story = {
  args: { fields: allFour, initialValues: sampleLead },
  play: async ({ canvasElement }) => {
    await submit(canvasElement)
    expectMessage(canvasElement, 'email', formCopy.messages.email.required)
    expectMessage(canvasElement, 'role', formCopy.messages.role.required)
    // Optional fields left empty are fine.
    expect(contactControl(canvasElement, 'phone')).toHaveAttribute('aria-invalid', 'false')
    expect(contactControl(canvasElement, 'message')).toHaveAttribute('aria-invalid', 'false')
    expect(contactControl(canvasElement, 'email')).toHaveFocus()
  },
}

export const AllContactFieldsInvalid: Story = {
  args: {
    fields: allFour,
    initialValues: {
      ...sampleLead,
      email: 'ada@',
      phone: '555 01',
      role: '--',
      message: `Hello\u0007 there`,
    },
  },
  play: async ({ canvasElement }) => {
    await submit(canvasElement)
    const { email, phone, role } = formCopy.messages
    expectMessage(canvasElement, 'email', email.invalid)
    expectMessage(canvasElement, 'phone', phone.digits)
    expectMessage(canvasElement, 'role', role.letterOrDigit)
    expectMessage(canvasElement, 'message', formCopy.anyField.controlCharacters)
  },
}
