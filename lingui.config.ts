import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Three catalogs: the interface strings every page needs, the long service copy that only
// service pages load, and the registration flow's texts (the register and reset-password pages,
// and the API's answers and mails) — so the home page downloads neither of the last two.
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
      path: '<rootDir>/locales/{locale}/services',
      include: ['<rootDir>/src/features/services/content'],
    },
  ],
})
