import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Catalogs by meaning, one per feature, each loaded only by the pages that show it: the
// interface strings every page needs (messages), the service copy (services, service pages),
// the about page's (about), the home page's slideshow (slideshow), registration (the register and reset-password pages), the signed-in
// account's (sign in, profile), contact (the contact form and the privacy notice), requests (a
// client's requests), admin (the agency's inbox), a request's workspace (its conversation and
// files) and the server's (every API answer and mail), which no page loads. The home page
// downloads only `messages`. Domain texts two features show (the request record, the lead
// options) are extracted into each of their catalogs, so a page loads one.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/domain', '<rootDir>/machines'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.{ts,tsx}',
        '<rootDir>/src/features/services/content/**',
        '<rootDir>/src/features/company/about/**',
        '<rootDir>/src/features/work/**',
        '<rootDir>/src/features/registration/**',
        '<rootDir>/domain/registration/**',
        '<rootDir>/domain/validation/**',
        '<rootDir>/src/features/account/**',
        '<rootDir>/src/session/step-up/**',
        '<rootDir>/domain/accounts/**',
        '<rootDir>/domain/leads/**',
        '<rootDir>/domain/requests/**',
        '<rootDir>/src/features/contact/**',
        '<rootDir>/src/features/privacy/**',
        '<rootDir>/src/features/requests/**',
        '<rootDir>/src/features/admin/**',
        '<rootDir>/src/ui/request-record/**',
        '<rootDir>/src/ui/proposal/**',
        '<rootDir>/src/ui/payments/**',
        '<rootDir>/src/ui/workspace/**',
        '<rootDir>/domain/workspace/**',
        '<rootDir>/domain/content/**',
        '<rootDir>/domain/payments/**',
        '<rootDir>/src/ui/address/**',
        '<rootDir>/src/features/home/components/slideshow.tsx',
      ],
    },
    {
      // The home page's slideshow: its island loads these words alone, before the app (both
      // languages, a few hundred bytes: docs/decisions/068).
      path: '<rootDir>/locales/{locale}/slideshow',
      include: ['<rootDir>/src/features/home/components/slideshow.tsx'],
    },
    {
      path: '<rootDir>/locales/{locale}/registration',
      include: [
        '<rootDir>/src/features/registration',
        '<rootDir>/domain/registration',
        '<rootDir>/domain/validation',
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
        '<rootDir>/domain/accounts',
        '<rootDir>/domain/registration/registration-messages.ts',
        '<rootDir>/domain/validation/field-messages.ts',
        '<rootDir>/src/ui/address',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // The contact form and the privacy notice (/contact, /privacy, /privacidad).
      path: '<rootDir>/locales/{locale}/contact',
      include: [
        '<rootDir>/src/features/contact',
        '<rootDir>/src/features/privacy',
        '<rootDir>/domain/leads',
        '<rootDir>/domain/registration/registration-messages.ts',
        '<rootDir>/domain/validation/field-messages.ts',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // A client's requests: the brief on a service page, /my-services and a request's page.
      path: '<rootDir>/locales/{locale}/requests',
      include: [
        '<rootDir>/src/features/requests',
        '<rootDir>/domain/requests',
        // A proposal's payment plan (its schema's messages) shows where the proposal does, and
        // the request's payments (instalments, how to pay) under it.
        '<rootDir>/domain/payments',
        '<rootDir>/src/ui/payments',
        '<rootDir>/domain/leads',
        '<rootDir>/src/ui/request-record',
        '<rootDir>/src/ui/proposal',
        '<rootDir>/domain/registration/registration-messages.ts',
        '<rootDir>/domain/validation/field-messages.ts',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // The agency's inbox (/admin and the account menu's badge); the request record and the
      // request and lead domain texts it shows are extracted here too, so /admin loads one.
      path: '<rootDir>/locales/{locale}/admin',
      include: [
        '<rootDir>/src/features/admin',
        '<rootDir>/domain/requests',
        '<rootDir>/domain/payments',
        '<rootDir>/src/ui/payments',
        '<rootDir>/domain/leads',
        '<rootDir>/src/ui/request-record',
        '<rootDir>/src/ui/proposal',
        '<rootDir>/domain/registration/registration-messages.ts',
        '<rootDir>/domain/validation/field-messages.ts',
        // The client's address on a request names its country.
        '<rootDir>/src/ui/address/country-names.messages.ts',
      ],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // A request's workspace (its conversation and files): only the thread's pages load it.
      path: '<rootDir>/locales/{locale}/workspace',
      include: ['<rootDir>/src/ui/workspace', '<rootDir>/domain/workspace'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // The API's answers and the mails: only the server loads this catalog, never a page. The
      // site content's field rules are here until the admin's content editor has a catalog.
      path: '<rootDir>/locales/{locale}/server',
      include: ['<rootDir>/server', '<rootDir>/domain/content', '<rootDir>/domain/payments'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // The about page's copy (the team, values, process): only /about loads it.
      path: '<rootDir>/locales/{locale}/about',
      include: ['<rootDir>/src/features/company/about'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      // The case studies' pages' own words (their texts are the site's content).
      path: '<rootDir>/locales/{locale}/work',
      include: ['<rootDir>/src/features/work'],
      exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}'],
    },
    {
      path: '<rootDir>/locales/{locale}/services',
      include: ['<rootDir>/src/features/services/content'],
    },
  ],
})
