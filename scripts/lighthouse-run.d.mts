// Types of what TypeScript scripts (scripts/audit-a11y.ts) use from lighthouse-run.mjs.
/** The Chromium flags every Lighthouse run here launches with. */
export declare const chromeFlags: string[]
