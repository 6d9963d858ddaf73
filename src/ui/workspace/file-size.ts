import { useLingui } from '@lingui/react'

/** "2 MB", "340 kB": a file's size in the reader's language. */
export function useFileSize(): (bytes: number) => string {
  const { i18n } = useLingui()
  return (bytes) =>
    bytes >= 1024 * 1024
      ? i18n.number(bytes / (1024 * 1024), {
          style: 'unit',
          unit: 'megabyte',
          maximumFractionDigits: 1,
        })
      : i18n.number(Math.max(1, Math.ceil(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
}
