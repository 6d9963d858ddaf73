import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import andres from './portraits/andres-villalobos.svg?url'
import diego from './portraits/diego-hernandez.svg?url'
import lucia from './portraits/lucia-ramirez.svg?url'
import mariana from './portraits/mariana-ortega.svg?url'
import sofia from './portraits/sofia-castaneda.svg?url'

export type TeamMember = {
  readonly name: string
  readonly role: MessageDescriptor
  readonly bio: MessageDescriptor
  /** An illustrated portrait (240 × 240 SVG): drawn, never a photograph. */
  readonly portrait: string
}

export const portraitSize = 240

/** The people a client works with, in the order they usually meet them. */
export const team: readonly TeamMember[] = [
  {
    name: 'Lucía Ramírez',
    role: msg`Founder and project lead`,
    bio: msg`Leads every project from the first call to launch, and keeps the plan honest.`,
    portrait: lucia,
  },
  {
    name: 'Mariana Ortega',
    role: msg`UX and interface designer`,
    bio: msg`Turns interviews and analytics into interfaces people understand at first sight.`,
    portrait: mariana,
  },
  {
    name: 'Diego Hernández',
    role: msg`Lead engineer`,
    bio: msg`Builds the front and back ends, and sets the tests and budgets that keep them fast.`,
    portrait: diego,
  },
  {
    name: 'Andrés Villalobos',
    role: msg`SEO and content strategist`,
    bio: msg`Writes and plans content in both languages, and measures what it brings in.`,
    portrait: andres,
  },
  {
    name: 'Sofía Castañeda',
    role: msg`Support and operations`,
    bio: msg`Looks after hosting, backups and updates, and answers when something goes wrong.`,
    portrait: sofia,
  },
]
