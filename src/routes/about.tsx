import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '../features/company/components/about-page'

export const Route = createFileRoute('/about')({
  component: AboutPage,
})
