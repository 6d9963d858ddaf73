import { createFileRoute } from '@tanstack/react-router'
import { LogoutPage } from '../features/account/components/logout-page'

export const Route = createFileRoute('/logout')({
  component: LogoutPage,
})
