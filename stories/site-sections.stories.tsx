import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { Compliance as ComplianceSection } from '../site/sections/compliance.tsx'
import { Customers as CustomersSection } from '../site/sections/customers.tsx'
import { Footer as FooterSection } from '../site/sections/footer.tsx'
import { Header as HeaderSection } from '../site/sections/header.tsx'
import { Hero as HeroSection } from '../site/sections/hero.tsx'
import { Platform as PlatformSection } from '../site/sections/platform.tsx'
import { Security as SecuritySection } from '../site/sections/security.tsx'
import { Solutions as SolutionsSection } from '../site/sections/solutions.tsx'
import { siteCopy } from '../site/site-copy.ts'
import { withRouter, withSiteStyles } from './site-decorators.tsx'

const meta = {
  title: 'Site/Sections',
  decorators: [withRouter, withSiteStyles],
  parameters: { layout: 'fullscreen' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

export const Header: Story = { render: () => <HeaderSection /> }

// Below the wide breakpoint the header's links sit behind a menu button.
export const HeaderMobileMenu: Story = {
  render: () => <HeaderSection />,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: siteCopy.nav.openMenu })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName(siteCopy.nav.closeMenu)
    for (const link of siteCopy.nav.links) {
      expect(canvas.getByRole('link', { name: link.label })).toBeVisible()
    }
    expect(canvas.getByRole('link', { name: siteCopy.nav.requestDemo })).toBeVisible()
  },
}

export const Hero: Story = { render: () => <HeroSection /> }
export const Platform: Story = { render: () => <PlatformSection /> }
export const Solutions: Story = { render: () => <SolutionsSection /> }
export const Customers: Story = { render: () => <CustomersSection /> }
export const Security: Story = { render: () => <SecuritySection /> }
export const Compliance: Story = { render: () => <ComplianceSection /> }
export const Footer: Story = { render: () => <FooterSection /> }
