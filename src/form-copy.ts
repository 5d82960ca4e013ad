/**
 * The copy of the demo-request form, its toasts and its validation messages, in one place so
 * wording changes without touching components. The schema imports it, so the Supabase function
 * uploads it: keep site copy and every dependency but the limits it quotes out of it.
 */
import { contactFieldLimits, fieldLimits, phoneDigits } from './demo-request-limits.ts'

// Quotes the schema's own limit, so the message and the rule cannot disagree.
function atMost(name: string, field: keyof typeof fieldLimits): string {
  return `${name} must be at most ${fieldLimits[field]} characters`
}

/** The four company sizes offered, in order; also the only values the schema accepts. */
export const companySizes = [
  '1-5 employees',
  '6-50 employees',
  '50-200 employees',
  '200+ employees',
] as const

/** Every label, placeholder, message and toast the form shows. */
export const formCopy = {
  label: 'Request a demo',
  fields: {
    firstName: { label: 'First Name', placeholder: 'Enter your first name' },
    lastName: { label: 'Last Name', placeholder: 'Enter your last name' },
    companyName: { label: 'Company Name', placeholder: 'Enter your company name' },
    companySize: { label: 'Company Size', placeholder: 'Select company size' },
  },
  honeypotLabel: 'Leave this field empty',
  submit: 'Request Demo',
  submitting: 'Submitting...',
  /** The line under the button; `link` leads to the privacy notice (the `privacy-url` attribute). */
  privacy: {
    text: 'We use these details only to arrange your demo.',
    link: 'Privacy Policy',
  },
  required: {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    companyName: 'Company name is required',
    companySize: 'Please select company size',
  },
  tooLong: {
    firstName: atMost('First name', 'firstName'),
    lastName: atMost('Last name', 'lastName'),
    companyName: atMost('Company name', 'companyName'),
  },
  letterOrDigit: {
    firstName: 'First name must contain a letter or digit',
    lastName: 'Last name must contain a letter or digit',
    companyName: 'Company name must contain a letter or digit',
  },
  /**
   * The contact fields DEMO_REQUEST_FIELDS adds (contact-fields.ts): copy, the autofill token
   * and the keyboard each asks for, and messages.
   */
  contactFields: {
    email: {
      label: 'Work Email',
      placeholder: 'Enter your work email',
      autoComplete: 'email',
      inputMode: 'email',
      required: 'Work email is required',
      tooLong: `Work email must be at most ${contactFieldLimits.email} characters`,
      invalid: 'Please enter an email address like name@firm.com',
    },
    phone: {
      label: 'Phone',
      placeholder: 'Enter your phone number',
      autoComplete: 'tel',
      inputMode: 'tel',
      required: 'Phone number is required',
      tooLong: `Phone number must be at most ${contactFieldLimits.phone} characters`,
      invalid: 'Please use only digits, spaces and + ( ) - . in the phone number',
      digits: `A phone number has ${phoneDigits.min} to ${phoneDigits.max} digits`,
    },
    role: {
      label: 'Job Title',
      placeholder: 'Enter your job title',
      autoComplete: 'organization-title',
      inputMode: 'text',
      required: 'Job title is required',
      tooLong: `Job title must be at most ${contactFieldLimits.role} characters`,
      invalid: 'Job title must contain a letter or digit',
    },
    message: {
      label: 'Message',
      placeholder: 'Anything we should know before the demo?',
      autoComplete: 'off',
      inputMode: 'text',
      required: 'Message is required',
      tooLong: `Message must be at most ${contactFieldLimits.message} characters`,
      invalid: 'Please remove unusual invisible characters',
    },
  },
  /** After the label of a contact field the visitor may leave empty. */
  optional: '(optional)',
  controlCharacters: 'Please remove unusual invisible characters',
  directionControls: 'Please retype this without hidden text-direction characters',
  success: {
    title: 'Demo Request Submitted!',
    description: "Thank you for your interest. We'll be in touch soon.",
  },
  failure: {
    title: 'Submission Failed',
    description: 'There was an error submitting your request. Please try again.',
  },
  dismiss: 'Dismiss notification',
  notifications: 'Notifications',
} as const

/** Copy only the static, prerendered form shows; apart, so the widget's bundle leaves it out. */
export const staticFormCopy = {
  /** Under the button, only when the page runs without JavaScript. */
  needsJavaScript:
    'Sending this form needs JavaScript. Please turn it on in your browser and reload the page.',
} as const
