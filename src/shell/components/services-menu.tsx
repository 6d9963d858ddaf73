import { Trans } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { isServicesPath } from '../../../domain/pages/public-paths'
import { servicesMenuMachine } from '../../../machines/disclosure-machine'
import { useDisclosureMenu } from '../use-disclosure-menu'
import { MegaMenu } from './mega-menu'
import { ChevronIcon } from './nav-icons'

/** Header item: the "Services" disclosure button and its mega-menu (servicesMenuMachine). */
export function ServicesMenu() {
  const menu = useDisclosureMenu<HTMLLIElement>(servicesMenuMachine)
  // Marks the button (visually only: it is not a link) while a services page is shown.
  const inServices = useLocation({
    select: (location) => isServicesPath(location.pathname),
  })
  return (
    <li className="services-menu" {...menu.container}>
      <button
        className="disclosure-button"
        data-section-active={inServices || undefined}
        {...menu.button}
      >
        <Trans>Services</Trans>
        <ChevronIcon />
      </button>
      <div className="mega-menu" {...menu.panel}>
        <MegaMenu />
      </div>
    </li>
  )
}
