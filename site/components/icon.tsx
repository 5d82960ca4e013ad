import type { SVGProps } from 'react'
import { type IconName, iconPaths } from './icon-paths.ts'

export interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName
}

/** A decorative line icon: hidden from assistive technology, the text beside it says it all. */
export function Icon({ name, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
      {...props}
    >
      {iconPaths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
