import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Five catalogs: the interface strings every page needs, the long service copy that only
// service pages load, the registration flow's texts (the register and reset-password pages, and
// the API's answers and mails), the signed-in account's pages (sign in, profile), and the leads'
// (the contact form and the privacy notice, service requests, the admin inbox, and their mails)
// — so the home page downloads none of the last four.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines', '<rootDir>/server'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.{ts,tsx}',
        '<rootDir>/src/features/services/content/**',
        '<rootDir>/src/features/registration/**',
        '<rootDir>/src/domain/registration/**',
        '<rootDir>/src/features/account/**',
        '<rootDir>/src/domain/accounts/**',
        '<rootDir>/src/domain/leads/**',
        '<rootDir>/src/domain/requests/**',
        '<rootDir>/src/features/contact/**',
        '<rootDir>/src/features/privacy/**',
        '<rootDir>/src/features/requests/**',
        '<rootDir>/src/features/admin/**',
        '<rootDir>/src/ui/request-record/**',
        '<rootDir>/server/leads/**',
        '<rootDir>/server/auth/**',
        '<rootDir>/server/mail/**',
      ],
    },
    {
      path: '<rootDir>/locales/{locale}/registration',
      include: [
        '<rootDir>/src/features/registration',
        '<rootDir>/src/domain/registration',
        '<rootDir>/server/auth',
        '<rootDir>/server/mail',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      path: '<rootDir>/locales/{locale}/account',
      // The field messages every form shares are in each form's catalog, so a page loads one.
      include: [
        '<rootDir>/src/features/account',
        '<rootDir>/src/domain/accounts',
        '<rootDir>/src/domain/registration/registration-messages.ts',
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
        '<rootDir>/server/leads',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      path: '<rootDir>/locales/{locale}/services',
      include: ['<rootDir>/src/features/services/content'],
    },
  ],
})
