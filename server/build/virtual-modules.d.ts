declare module 'virtual:csp-script-hashes' {
  /** `'sha256-…'` sources of the known inline scripts, computed at build time. */
  const hashes: readonly string[]
  export default hashes
}
