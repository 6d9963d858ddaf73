import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Two catalogs: the interface strings every page needs, and the long service copy that only
// service pages load (keeps it out of the home page's JavaScript).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines', '<rootDir>/server'],
      exclude: ['**/node_modules/**', '<rootDir>/src/features/services/content/**'],
    },
    {
      path: '<rootDir>/locales/{locale}/services',
      include: ['<rootDir>/src/features/services/content'],
    },
  ],
})
