/**
 * The English copy of the booking panel, which takes the form's place after a send when a route
 * offers a booking page. Apart from form-copy.ts for now; it joins the copy module once the form
 * shows the panel.
 */
export const bookingCopy = {
  heading: 'Pick a time for your demo',
  /** Over a route's own message, in the same panel. */
  messageHeading: 'What happens next',
  intro: 'We filled in your name and email. Choose a time that suits you.',
  loading: 'Loading the booking page…',
  frameTitle: { cal: 'Cal.com booking page', calendly: 'Calendly scheduling page' },
  booked: 'Your demo is booked. The confirmation is on its way to your inbox.',
  blocked: 'The booking page cannot open inside this page.',
  linkOnly: 'Our booking page opens on its own site.',
  openInNewTab: 'Open the booking page in a new tab',
  notNow: 'Not now',
  close: 'Close',
} as const
