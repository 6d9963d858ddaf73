import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '../features/registration/components/register-page'
import { ensureCatalog } from '../i18n/i18n'

export const Route = createFileRoute('/register')({
  loader: () => ensureCatalog('registration'),
  component: RegisterPage,
})
