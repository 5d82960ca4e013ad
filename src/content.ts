/**
 * Every piece of copy the product shows, in one place, so wording and the brand name change
 * without touching components. Imported by the Supabase function too: keep it dependency-free.
 */

export const brand = {
  name: 'Counsel AI',
  offering: 'AI-augmented services for legal practices',
} as const

export const companySizes = [
  '1-5 employees',
  '6-50 employees',
  '50-200 employees',
  '200+ employees',
] as const

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
  required: {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    companyName: 'Company name is required',
    companySize: 'Please select company size',
  },
  tooLong: {
    firstName: 'First name must be at most 100 characters',
    lastName: 'Last name must be at most 100 characters',
    companyName: 'Company name must be at most 200 characters',
  },
  controlCharacters: 'Please remove unusual invisible characters',
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
