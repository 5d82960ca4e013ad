/**
 * The marketing site's copy and the brand name, in one place so wording and the name change
 * without touching pages. Site-only: the widget and the Supabase function never import it.
 */

import type { FormFields } from '#core/contact-fields.ts'
import { type FormFieldName, formFieldNames, leadField } from '#core/lead-fields.ts'
import type { BookingProvider } from '#core/next-step.ts'

// The privacy notice says what the configured form collects (DEMO_REQUEST_FIELDS) and why, in
// the words the field catalogue gives each field, in the form's order.
const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

function formFields(fields: FormFields) {
  const has = (name: FormFieldName) =>
    leadField(name).form?.presence === 'always' || fields.some((field) => field.name === name)
  return formFieldNames.filter(has).flatMap((name) => leadField(name).privacy ?? [])
}

function collectedFields(fields: FormFields): string {
  return `Your ${listed(formFields(fields).map(({ collected }) => collected))}, as you enter them.`
}

function usedFor(fields: FormFields): string {
  const words = formFields(fields)
  const channels = words.filter(({ use }) => use === 'contact').map(({ collected }) => collected)
  const about = words
    .filter(({ use }) => use === 'prepare')
    .map(({ collected, prepare }) => prepare ?? collected)
    .filter((word) => word !== '')
  const use =
    channels.length > 0
      ? `We use your ${listed(channels)} to contact you about the demo, and your ${listed(about)} to schedule it and prepare it for a firm of your size.`
      : `We use your ${listed(about)} to find your firm, schedule the demo and prepare it for a firm of your size.`
  return `${use} The page, referrer and campaign parameters tell us which page or campaign brought you; the browser details help us tell people from automated spam.`
}

/** The product's name and its one-line offering. */
export const brand = {
  name: 'Counsel AI',
  offering: 'AI-augmented services for legal practices',
} as const

/**
 * Who stands behind the site, for the privacy notice and the terms. PLACEHOLDERS: the
 * specification names no company, so these are marked stand-ins on a reserved `.example`
 * domain, to be replaced before launch (the README's launch checklist), never invented details.
 */
export const company = {
  legalName: `[${brand.name} legal entity name]`,
  postalAddress: '[postal address]',
  privacyEmail: 'privacy@counsel-ai.example',
  legalEmail: 'legal@counsel-ai.example',
  /** How long a demo request is kept after the last contact: a policy to confirm before launch. */
  retentionMonths: 24,
} as const

/** A piece of a legal page's paragraph: text, an email address, or a link to a page here. */
export type Inline =
  | string
  | { readonly email: string }
  | { readonly to: string; readonly label: string }

/** A section of the privacy notice or the terms: a heading, paragraphs and perhaps a list. */
export interface LegalSection {
  readonly heading: string
  readonly paragraphs: readonly (readonly Inline[])[]
  readonly list?: readonly string[]
}

// ANALYTICS_RETENTION_DAYS's default (function-config.ts); a build with the setting states its own.
const defaultCountDays = 400
const countsKept = (days: number) => `Totals are deleted after ${days} days.`

/** Copy of the marketing site: pages, sections, navigation and metadata. */
export const siteCopy = {
  meta: {
    siteName: brand.name,
    locale: 'en_US',
    home: {
      title: `${brand.name} | AI for personal-injury insurance-defense firms`,
      description:
        "Custom AI trained on your firm's own cases, motions and reports. Drafts status reports, expert recommendations and correspondence for associate review, so associates handle more cases.",
    },
    requestDemo: {
      title: `Request a Demo | ${brand.name}`,
      description: `See how ${brand.name} can transform your legal practice with AI-augmented services. Tell us about your practice and we'll schedule a personalized demo.`,
    },
    notFound: {
      title: `Page not found | ${brand.name}`,
      description: 'The page you were looking for does not exist.',
    },
    privacy: {
      title: `Privacy Policy | ${brand.name}`,
      description: `What ${brand.name} collects when you request a demo, why, how long it is kept and how to have it deleted.`,
    },
    terms: {
      title: `Terms of Service | ${brand.name}`,
      description: `The terms for using the ${brand.name} website.`,
    },
    embed: {
      title: `Embed the demo request form | ${brand.name}`,
      description: `Put the ${brand.name} demo request form on your own site with one script tag: the snippet, a live example, every attribute, event and style hook, and the CSP lines to add.`,
    },
  },
  skipLink: 'Skip to main content',
  nav: {
    label: 'Main',
    home: `${brand.name} home`,
    links: [
      { id: 'platform', label: 'Platform' },
      { id: 'solutions', label: 'Solutions' },
      { id: 'customers', label: 'Customers' },
      { id: 'security', label: 'Security' },
      { id: 'company', label: 'Company' },
    ],
    requestDemo: 'Request Demo',
    login: 'Login',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  hero: {
    eyebrow: 'AI-augmented services for legal practices',
    tagline: 'More Cases. Less Stress. Better Margins.',
    lead: 'An AI platform for personal-injury insurance-defense firms, built on your own work and answerable to your associates.',
    claimsLabel: 'What your firm gets',
    claims: [
      "Custom AI models trained on your firm's own cases, motions and reports.",
      'Drafts of status reports, expert recommendations and correspondence, ready for associate review.',
      "Compliant with the Texas state bar's ethics opinion on AI.",
      'Your firm owns the AI and can port it.',
      'Associates can handle more cases.',
    ],
    cta: 'Request a Demo',
  },
  // The hero's picture of what the platform produces. An illustration, and it says so: the
  // matter's names are the law's own placeholders, and no figure or customer is implied.
  reportPreview: {
    caption:
      "Illustration: a status report drafted from the case file, waiting for the associate's review. Names are placeholders.",
    status: 'Draft · Awaiting associate review',
    kind: 'Status report',
    title: 'Doe v. Roe',
    meta: [
      { label: 'Prepared for', value: 'Claims professional' },
      { label: 'Drafted from', value: 'Case file, deposition transcript, medical records' },
    ],
    sections: [
      {
        heading: 'Recent developments',
        text: "Plaintiff's deposition was taken. Testimony on prior injuries is summarized for review.",
      },
      {
        heading: 'Expert recommendation',
        text: 'Retain an orthopedic expert to address causation before the designation deadline.',
      },
      {
        heading: 'Next steps',
        text: 'Subpoena records from the treating providers and update the evaluation when they arrive.',
      },
    ],
    reviewer: 'Assigned associate',
    actions: ['Request changes', 'Approve'],
  },
  platform: {
    heading: 'One platform, trained on your practice',
    intro:
      "General-purpose chatbots know the law in the abstract. Your firm's AI learns how your firm writes, reports and argues.",
    modules: [
      {
        title: 'Assistant',
        text: "Drafts status reports, expert recommendations and correspondence in your firm's voice, for an associate to review and send.",
      },
      {
        title: 'Vault',
        text: "Keeps the cases, motions and reports your models learn from encrypted and under your firm's control.",
      },
      {
        title: 'Knowledge',
        text: 'Custom models trained on your own work product, so every draft starts from how your firm already practices.',
      },
      {
        title: 'Workflows',
        text: "Routes each draft to the associate who owns the file; nothing leaves the firm without a lawyer's sign-off.",
      },
    ],
  },
  solutions: {
    heading: 'Solutions for every practice area',
    intro: 'The same platform, shaped around the work each team does every day.',
    learnMore: 'Learn More',
    cards: [
      {
        title: 'Innovation',
        features: [
          'Pilot AI on your own closed matters before rolling it out',
          'Turn decades of work product into a model only your firm owns',
          'Port your models when your technology strategy changes',
        ],
      },
      {
        title: 'In-House',
        features: [
          'Consistent case updates for claims professionals and carriers',
          'Privileged material stays within your own access controls',
          "Answers drawn from your department's prior guidance",
        ],
      },
      {
        title: 'Transactional',
        features: [
          'First drafts of correspondence from your own precedents',
          'Summaries of long agreements and reports for quick review',
          'Clause language that matches how your firm already writes',
        ],
      },
      {
        title: 'Litigation',
        features: [
          'Status reports drafted from the case file for associate review',
          'Expert recommendations grounded in the records and reports',
          "Motion drafts that start from your firm's past filings",
        ],
      },
    ],
  },
  customers: {
    heading: 'Built for insurance defense',
    intro:
      'Personal-injury insurance defense runs on volume, deadlines and reporting. The platform is made for the firms that do this work and the people who carry it.',
    audiences: [
      {
        title: 'Insurance-defense firms',
        text: 'Firms defending personal-injury claims for carriers and their insureds, where every file needs timely, consistent reporting and margins depend on how many matters each lawyer can carry.',
      },
      {
        title: 'The associates who carry the caseload',
        text: 'Associates juggling dozens of files get reviewed first drafts instead of blank pages, and spend their time on judgment rather than rewriting the same report.',
      },
    ],
  },
  security: {
    heading: 'Security your clients expect',
    intro:
      'Claim files hold medical and personal information. The platform is built to protect it.',
    cards: [
      {
        title: 'End-to-end encryption',
        text: 'Data is encrypted in transit and at rest, from upload to the drafts your associates review.',
      },
      {
        title: 'Role-based access control',
        text: 'Roles and row-level security limit each user to the matters they are assigned to.',
      },
      {
        title: 'SOC2-compliant architecture',
        text: 'Infrastructure and processes designed around SOC2 controls.',
      },
      {
        title: 'HIPAA and GDPR readiness',
        text: 'Ready for the regulatory demands of medical records and personal data.',
      },
    ],
  },
  compliance: {
    heading: 'Compliance and certifications',
    items: [
      'SOC2 Type II',
      'ISO 27001 Ready',
      'HIPAA Extensions',
      'GDPR Compliant',
      'Data Residency Control',
      'Audit Trail Logging',
    ],
  },
  footer: {
    about: brand.offering,
    // Entries with a destination on this site link to it; the others have no page yet.
    platform: {
      heading: 'Platform',
      links: [
        { label: 'Assistant', to: '/#platform' },
        { label: 'Vault', to: '/#platform' },
        { label: 'Knowledge', to: '/#platform' },
        { label: 'Workflows', to: '/#platform' },
      ],
    },
    company: {
      heading: 'Company',
      links: [
        { label: 'About', to: undefined },
        { label: 'Careers', to: undefined },
        { label: 'Security', to: '/#security' },
        { label: 'Contact', to: '/request-demo' },
      ],
    },
    legalLabel: 'Legal',
    legal: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
    copyright: `© 2024 ${brand.name}. All rights reserved.`,
  },
  requestDemo: {
    heading: 'Request a Demo',
    subtitle: `See how ${brand.name} can transform your legal practice with AI-augmented services`,
    cardTitle: 'Tell us about your practice',
    cardText: "Fill out the form below and we'll schedule a personalized demo for you.",
  },
  embed: {
    eyebrow: 'For partners',
    heading: 'Embed the demo request form',
    intro: `Put the ${brand.name} demo request form on your firm's or your clients' pages with one script tag. Leads arrive with ours, attributed to your site.`,
    allowHeading: '1. Have your site allowed',
    allowText:
      "The form posts to our backend, which answers only the sites on its allow-list. Send us your site's origin (for example https://www.yourfirm.com, or https://*.yourfirm.com for every subdomain) and we add it to ALLOWED_ORIGINS. Until then every submission fails.",
    snippetHeading: '2. Paste the snippet',
    snippetText:
      'The script is 2 KiB: it shows the form at once and loads the rest when the visitor nears it or first touches it. The link inside the element shows if the form cannot load.',
    fallbackLink: 'Request a demo',
    cspHeading: '3. If your site has a Content Security Policy',
    cspText:
      "Add these sources to your policy. The form's styles are constructable stylesheets, so style-src needs no 'unsafe-inline'.",
    exampleHeading: 'Live example',
    exampleText: 'This is the form as your visitors see it. A lead sent from here is a real one.',
    referenceHeading: 'Reference',
    attributes: 'Attributes',
    properties: 'Properties',
    events: 'Events',
    methods: 'Methods',
    cssParts: 'Parts, for ::part() in your CSS',
    cssProperties: 'CSS custom properties',
    columns: {
      name: 'Name',
      description: 'Description',
      detail: 'Detail',
      type: 'Type',
      default: 'Default',
    },
  },
  privacy: {
    heading: 'Privacy Policy',
    intro: `This notice explains what ${brand.name} collects when you request a demo, on this site or through our form on a partner's site: what it is, why we ask, who sees it, how long we keep it and how to have it deleted.`,
    sections: [
      {
        heading: 'What the form collects',
        paragraphs: [['When you send the demo request form, we receive:']],
        list: [
          collectedFields([]),
          'The address of the page the form is on, including any campaign parameters in it (such as utm_source or utm_campaign).',
          'The address of the page that brought you there (the referrer), when your browser shares it.',
          'Your browser, as its user-agent string names it (browser, version and operating system).',
          "When the form is on a partner's site, the name that partner gave it.",
          'The language the form was shown in, so that we can reply in it.',
        ],
      },
      {
        heading: 'Why we ask',
        paragraphs: [
          [usedFor([])],
          [
            "To stop floods of automated requests, we also count requests per connection for a few minutes. We count by a keyed hash of your IP address, never the address itself: of the whole address for IPv4, of its first 64 bits (the part that names one home or office connection) for IPv6. The key is a random secret, replaced every day and deleted once that day's counts have expired; without it a count cannot be traced back to an address, not even by us.",
          ],
          [
            'We do not sell these details, use them for advertising or add you to a mailing list. Under the GDPR we rely on taking the steps you asked for before a possible contract, and on our legitimate interest in keeping the form free of spam.',
          ],
        ],
      },
      {
        heading: 'Who sees it',
        paragraphs: [
          [
            'Our sales team. The company that hosts our database stores the request, and our email provider delivers it to the sales team; both act only on our instructions, under contract.',
          ],
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          [
            `We keep a demo request for up to ${company.retentionMonths} months after our last contact with you, then delete it. If your firm becomes a customer, the contact details move to our customer records.`,
          ],
          [
            'This site sets no cookies and runs no advertising trackers. Requesting a demo needs no account; only signing in to the platform keeps a session in your browser.',
          ],
          [
            `To see how well the form works, it counts what happens on each page it is on (seen, started, a field left empty or with an error, sent, booked) as totals per day and page, never per visitor: no cookie, nothing stored on your device, no identifier, and nothing that links one visit to another or to your request. ${countsKept(defaultCountDays)}`,
          ],
        ],
      },
      {
        heading: 'Seeing, correcting or deleting your details',
        paragraphs: [
          [
            'You can ask at any time to see what we hold about you, to correct it or to delete it. Write to ',
            { email: company.privacyEmail },
            ' with your name and company, and say what you would like. We answer within one month.',
          ],
          [
            'If you are in the European Union or the United Kingdom, you may also complain to your data protection authority.',
          ],
        ],
      },
      {
        heading: 'Who we are',
        paragraphs: [
          [
            `${company.legalName}, ${company.postalAddress}. Privacy questions: `,
            { email: company.privacyEmail },
            '.',
          ],
          [
            'If this notice changes, the new version is published on this page. See also our ',
            { to: '/terms', label: 'Terms of Service' },
            '.',
          ],
        ],
      },
    ] satisfies readonly LegalSection[],
  },
  terms: {
    heading: 'Terms of Service',
    intro: `These terms cover your use of the ${brand.name} website. By using the site you accept them.`,
    sections: [
      {
        heading: 'What this site is',
        paragraphs: [
          [
            `This site describes ${brand.name} and lets you request a demo. Nothing on it is legal advice, and using it or requesting a demo creates no attorney-client relationship.`,
          ],
          [
            'Using the platform itself is governed by a separate written agreement with your firm; these terms grant no access to it.',
          ],
        ],
      },
      {
        heading: 'Using the site fairly',
        paragraphs: [
          [
            "Please do not try to break into or overload the site, send requests in someone else's name, or send automated requests through the form.",
          ],
        ],
      },
      {
        heading: 'Our content',
        paragraphs: [
          [
            `The site's text, design and marks belong to ${company.legalName}. You may link to the site and quote it with attribution; please ask before copying more.`,
          ],
        ],
      },
      {
        heading: 'No warranty',
        paragraphs: [
          [
            'We work to keep the site accurate and available, but it is provided as it is, without warranties. As far as the law allows, we are not liable for losses arising from using it.',
          ],
        ],
      },
      {
        heading: 'Your details',
        paragraphs: [
          [
            'What the demo request form collects, and what we do with it, is set out in our ',
            { to: '/privacy', label: 'Privacy Policy' },
            '.',
          ],
        ],
      },
      {
        heading: 'Changes and questions',
        paragraphs: [
          [
            'If these terms change, the new version is published on this page. Questions: ',
            { email: company.legalEmail },
            '.',
          ],
        ],
      },
    ] satisfies readonly LegalSection[],
  },
  notFound: {
    code: '404',
    heading: 'Oops! Page not found',
    home: 'Return to Home',
    log: '404 Error: User attempted to access non-existent route:',
  },
  routeError: {
    heading: 'Unexpected Application Error!',
    home: 'Return to Home',
  },
} as const

// The scheduling services a route shows the booking page of, as the notice names them.
// Keyed by provider, so a scheduler added to bookingProviders without its name here fails to compile.
const schedulerNames: Record<BookingProvider, string> = { cal: 'Cal.com', calendly: 'Calendly' }

function schedulers(providers: readonly string[]): Inline[] {
  const names = providers.map((provider) => schedulerNames[provider as BookingProvider] ?? provider)
  if (names.length === 0) return []
  const [verb, own] = names.length > 1 ? ['receive', 'their'] : ['receives', 'its']
  return [
    `If you choose to book a demo time on the page after you send the form, ${listed(names)} ${verb} your name and email address to arrange it, and ${names.length > 1 ? 'keep' : 'keeps'} the booking under ${own} own privacy policy.`,
  ]
}

/**
 * The privacy notice for a form with `fields` after the four (docs/requirements.md#fields), and
 * booking pages of `providers` (DEMO_REQUEST_ROUTES) after a send, its counts kept `countDays`
 * (ANALYTICS_RETENTION_DAYS).
 */
export function privacyNotice(
  fields: FormFields,
  providers: readonly string[] = [],
  countDays = defaultCountDays,
): {
  heading: string
  intro: string
  sections: readonly LegalSection[]
} {
  const [collects, why, who, ...rest] = siteCopy.privacy.sections
  if (!collects?.list || !why || !who) return siteCopy.privacy
  const [, ...otherItems] = collects.list
  const [, ...otherParagraphs] = why.paragraphs
  const booking = schedulers(providers)
  return {
    ...siteCopy.privacy,
    sections: [
      { ...collects, list: [collectedFields(fields), ...otherItems] },
      { ...why, paragraphs: [[usedFor(fields)], ...otherParagraphs] },
      { ...who, paragraphs: booking.length ? [...who.paragraphs, booking] : who.paragraphs },
      // The days the counts are kept, as the deployment's ANALYTICS_RETENTION_DAYS says.
      ...rest.map((section) => ({
        ...section,
        paragraphs: section.paragraphs.map((paragraph) =>
          paragraph.map((piece) =>
            typeof piece === 'string'
              ? piece.replace(countsKept(defaultCountDays), countsKept(countDays))
              : piece,
          ),
        ),
      })),
    ],
  }
}
