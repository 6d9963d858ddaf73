// jsdom ships no type declarations (and @types/jsdom is not installed): the small part of its
// API the end-to-end tests use to read served HTML and XML.
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup: string, options?: { readonly contentType?: string })
    readonly window: { readonly document: Document }
  }
}
