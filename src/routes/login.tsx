import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/account/components/login-page'

export const Route = createFileRoute('/login')({
  component: LoginPage,
})
