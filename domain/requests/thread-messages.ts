import { msg } from '@lingui/core/macro'

/** Validation messages of a thread's message and its attachments (forms and API 400s). */
export const threadMessages = {
  tooManyFiles: msg`Attach at most 5 files to one message.`,
  fileIdInvalid: msg`This attachment is not available any more: remove it and upload it again.`,
  internalInvalid: msg`Choose whether this is an internal note.`,
  messageIdInvalid: msg`This message is not in the conversation.`,
  requestIdInvalid: msg`This service request does not exist.`,
  fileNameInvalid: msg`Give the file a name of 1 to 200 characters, not just dots or spaces.`,
  cursorInvalid: msg`This page of the conversation does not exist.`,
}
