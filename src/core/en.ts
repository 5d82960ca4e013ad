/**
 * The English copy of the demo-request form: labels, placeholders, options' labels, the
 * validation messages by field and code, toasts, the booking panel. Rules return codes
 * (demo-request-schema.ts); the words are looked up when the form renders. Every other language is a
 * module of the type `FormCopy` derived here, so a missing string is a type error. The schema's
 * English replies (the function's 400s) read this module too, so the function uploads it: keep
 * site copy and every dependency but the catalogue it quotes out of it.
 */
import { companySizes, leadFields, phoneDigits } from './lead-fields.ts'
import { numberFormat } from './number-format.ts'

// Every string that quotes a number is a getter: see number-format.ts.
const number = numberFormat('en')

// Quotes the catalogue's own limit, so the message and the rule cannot disagree.
const atMost = (name: string, field: keyof typeof leadFields) =>
  `${name} must be at most ${number(leadFields[field].max)} characters`

/** Every label, placeholder, message and toast the form shows, in English. */
export const en = {
  /** The language's own name for itself, as a language switch lists it. */
  name: 'English',
  label: 'Request a demo',
  fields: {
    firstName: { label: 'First Name', placeholder: 'Enter your first name' },
    lastName: { label: 'Last Name', placeholder: 'Enter your last name' },
    email: { label: 'Work Email', placeholder: 'Enter your work email' },
    phone: { label: 'Phone', placeholder: 'Enter your phone number' },
    companyName: { label: 'Company Name', placeholder: 'Enter your company name' },
    role: { label: 'Job Title', placeholder: 'Enter your job title' },
    companySize: { label: 'Company Size', placeholder: 'Select company size' },
    message: { label: 'Message', placeholder: 'Anything we should know before the demo?' },
  },
  /** Each company size's label; the option's value is the catalogue's, whatever the language. */
  companySizes: Object.fromEntries(companySizes.map((size) => [size, size])) as Record<
    (typeof companySizes)[number],
    string
  >,
  /** What each field's rules say, by the code a rule returns (demo-request-schema.ts). */
  messages: {
    firstName: {
      required: 'First name is required',
      get tooLong() {
        return atMost('First name', 'firstName')
      },
      letterOrDigit: 'First name must contain a letter or digit',
    },
    lastName: {
      required: 'Last name is required',
      get tooLong() {
        return atMost('Last name', 'lastName')
      },
      letterOrDigit: 'Last name must contain a letter or digit',
    },
    email: {
      required: 'Work email is required',
      get tooLong() {
        return atMost('Work email', 'email')
      },
      invalid: 'Please enter an email address like name@firm.com',
    },
    phone: {
      required: 'Phone number is required',
      get tooLong() {
        return atMost('Phone number', 'phone')
      },
      invalid: 'Please use only digits, spaces and + ( ) - . in the phone number',
      get digits() {
        return `A phone number has ${number(phoneDigits.min)} to ${number(phoneDigits.max)} digits`
      },
    },
    companyName: {
      required: 'Company name is required',
      get tooLong() {
        return atMost('Company name', 'companyName')
      },
      letterOrDigit: 'Company name must contain a letter or digit',
    },
    role: {
      required: 'Job title is required',
      get tooLong() {
        return atMost('Job title', 'role')
      },
      letterOrDigit: 'Job title must contain a letter or digit',
    },
    companySize: { required: 'Please select company size' },
    message: {
      required: 'Message is required',
      get tooLong() {
        return atMost('Message', 'message')
      },
    },
  },
  /** Messages a rule of any field may give. */
  anyField: {
    controlCharacters: 'Please remove unusual invisible characters',
    directionControls: 'Please retype this without hidden text-direction characters',
    /** A field the form shows but the function does not take (the reply tells the developer). */
    notCollected:
      'We cannot receive this field just now. Leave it empty if you can, or contact us another way.',
  },
  honeypotLabel: 'Leave this field empty',
  submit: 'Request Demo',
  submitting: 'Submitting...',
  /** The line under the button; `link` leads to the privacy notice (the `privacy-url` attribute). */
  privacy: {
    text: 'We use these details only to arrange your demo.',
    link: 'Privacy Policy',
  },
  /** Under the button of a prerendered form, only when the page runs without JavaScript. */
  needsJavaScript:
    'Sending this form needs JavaScript. Please turn it on in your browser and reload the page.',
  /** After the label of a contact field the visitor may leave empty. */
  optional: '(optional)',
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
  /**
   * The panel that takes the form's place after a send whose route offers a booking page or a
   * message (DEMO_REQUEST_ROUTES).
   */
  booking: {
    heading: 'Pick a time for your demo',
    /** In place of `heading` once the time is requested: nothing is left to pick. */
    requestedHeading: 'Your time is requested',
    /** Over a route's own message, in the same panel. */
    messageHeading: 'What happens next',
    /** Once the page is shown. */
    intro: 'We filled in what you told us. Choose a time that suits you.',
    loading: 'Loading the booking page…',
    /** While the page has still not said it is ready; the new-tab link shows beside it. */
    slow: 'Still loading. You can also open the booking page in a new tab.',
    frameTitle: { cal: 'Cal.com booking page', calendly: 'Calendly scheduling page' },
    /** Only for a booking the scheduler accepted, with nothing left to pay. */
    booked: 'Your demo is booked. The confirmation is on its way to your inbox.',
    /** A booking the host must still confirm. */
    requested: 'Your time is requested, not yet booked: an email will confirm it.',
    /** A booking that waits for a payment on the booking page. */
    payment: 'Your demo is booked once it is paid: please pay on the booking page below.',
    blocked: 'The booking page cannot open inside this page.',
    linkOnly: 'Our booking page opens on its own site.',
    openInNewTab: 'Open the booking page in a new tab',
    notNow: 'Not now',
    close: 'Close',
  },
} as const

// A language's copy has English's shape with its own words: every string leaf is any string.
type Words<T> = T extends string ? string : { readonly [Key in keyof T]: Words<T[Key]> }

/** The shape of every language's copy, checked by the compiler against English. */
export type FormCopy = Words<typeof en>
