import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/registration/components/reset-password-page'
import { ensureCatalog } from '../i18n/i18n'

type ResetPasswordSearch = { readonly token?: string }

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch =>
    typeof search.token === 'string' ? { token: search.token } : {},
  loader: () => ensureCatalog('registration'),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordPage token={token} />
  },
})
