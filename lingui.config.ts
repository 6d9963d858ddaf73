import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Seven catalogs: the interface strings every page needs, the long service copy that only
// service pages load, the registration flow's texts (the register and reset-password pages), the
// signed-in account's pages (sign in, profile), the leads' (the contact form and the privacy
// notice, service requests, the admin inbox), a request's workspace (its conversation and
// files) — so the home page downloads none of those five — and the server's (every API answer and mail), which no page loads.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.{ts,tsx}',
        '<rootDir>/src/features/services/content/**',
        '<rootDir>/src/features/registration/**',
        '<rootDir>/src/domain/registration/**',
        '<rootDir>/src/features/account/**',
        '<rootDir>/src/session/step-up/**',
        '<rootDir>/src/domain/accounts/**',
        '<rootDir>/src/domain/leads/**',
        '<rootDir>/src/domain/requests/**',
        '<rootDir>/src/features/contact/**',
        '<rootDir>/src/features/privacy/**',
        '<rootDir>/src/features/requests/**',
        '<rootDir>/src/features/admin/**',
        '<rootDir>/src/ui/request-record/**',
        '<rootDir>/src/ui/proposal/**',
        '<rootDir>/src/ui/workspace/**',
        '<rootDir>/src/domain/workspace/**',
        '<rootDir>/src/ui/address/**',
      ],
    },
    {
      path: '<rootDir>/locales/{locale}/registration',
      include: [
        '<rootDir>/src/features/registration',
        '<rootDir>/src/domain/registration',
        '<rootDir>/src/ui/address',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      path: '<rootDir>/locales/{locale}/account',
      // The field messages every form shares are in each form's catalog, so a page loads one.
      include: [
        '<rootDir>/src/features/account',
        // The step-up dialog serves the profile and the inbox, which both load this catalog.
        '<rootDir>/src/session/step-up',
        '<rootDir>/src/domain/accounts',
        '<rootDir>/src/domain/registration/registration-messages.ts',
        '<rootDir>/src/ui/address',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      path: '<rootDir>/locales/{locale}/leads',
      include: [
        '<rootDir>/src/domain/leads',
        '<rootDir>/src/domain/requests',
        '<rootDir>/src/domain/registration/registration-messages.ts',
        '<rootDir>/src/features/contact',
        '<rootDir>/src/features/privacy',
        '<rootDir>/src/features/requests',
        '<rootDir>/src/features/admin',
        '<rootDir>/src/ui/request-record',
        '<rootDir>/src/ui/proposal',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // A request's workspace (its conversation and files): only the thread's pages load it.
      path: '<rootDir>/locales/{locale}/workspace',
      include: ['<rootDir>/src/ui/workspace', '<rootDir>/src/domain/workspace'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // The API's answers and the mails: only the server loads this catalog, never a page.
      path: '<rootDir>/locales/{locale}/server',
      include: ['<rootDir>/server'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      path: '<rootDir>/locales/{locale}/services',
      include: ['<rootDir>/src/features/services/content'],
    },
  ],
})
