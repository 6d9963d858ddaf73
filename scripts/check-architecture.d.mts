/** Types of check-architecture.mjs (a plain Node script, so `npm test` runs it without a build). */
export type Layer = {
  readonly name: string
  readonly files: RegExp
  readonly mayImport: readonly string[]
  readonly why: string
}
export declare const layers: readonly Layer[]
export declare function checkArchitecture(root?: string): {
  readonly problems: string[]
  readonly files: number
}
export declare const serverResources: readonly string[]
export declare function resourceNameProblems(root?: string): string[]
