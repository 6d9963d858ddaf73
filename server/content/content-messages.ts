import { msg } from '@lingui/core/macro'

/** The answers of the site content endpoints, in the request's language. */
export const contentAnswerMessages = {
  notFound: msg`That item of site content does not exist.`,
  revisionNotFound: msg`That revision does not exist for this item.`,
  read: msg`The item of site content.`,
  created: msg`The draft has been saved.`,
  edited: msg`Your changes have been saved.`,
  deleted: msg`The item and its revisions have been deleted.`,
  published: msg`The item is published in English and Spanish.`,
  unpublished: msg`The item is a draft again: the site no longer shows it.`,
  restored: msg`The revision has been restored as a new revision.`,
  conflict: (version: number) =>
    msg`Someone else saved this item since you opened it (it is now at version ${version}). Reload it, then make your change again.`,
  slugTaken: msg`Another case study already uses this address.`,
  noReference: msg`Choose an item that exists, or none.`,
  /** Publishing (or saving a published item) with texts missing, listed per language. */
  incompleteEn: (fields: string) =>
    msg`Publishing needs every text in both languages. Missing in English: ${fields}.`,
  incompleteEs: (fields: string) =>
    msg`Publishing needs every text in both languages. Missing in Spanish: ${fields}.`,
  incompleteBoth: (en: string, es: string) =>
    msg`Publishing needs every text in both languages. Missing in English: ${en}. Missing in Spanish: ${es}.`,
  missingEn: msg`Write this in English before publishing.`,
  missingEs: msg`Write this in Spanish before publishing.`,
}
