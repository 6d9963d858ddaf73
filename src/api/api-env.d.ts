interface ImportMetaEnv {
  /** Origin of the API when it is not the site's own (default: same origin). */
  readonly VITE_API_BASE_URL?: string
}
