/**
 * The marketing site's copy and the brand name, in one place so wording and the name change
 * without touching pages. Site-only: the widget and the Supabase function never import it.
 */

/** The product's name and its one-line offering. */
export const brand = {
  name: 'Counsel AI',
  offering: 'AI-augmented services for legal practices',
} as const

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
    legal: ['Privacy Policy', 'Terms of Service'],
    copyright: `© 2024 ${brand.name}. All rights reserved.`,
  },
  requestDemo: {
    heading: 'Request a Demo',
    subtitle: `See how ${brand.name} can transform your legal practice with AI-augmented services`,
    cardTitle: 'Tell us about your practice',
    cardText: "Fill out the form below and we'll schedule a personalized demo for you.",
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
