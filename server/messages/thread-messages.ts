import { msg } from '@lingui/core/macro'

/** The answers of a request's conversation and files, in the request's language. */
export const threadAnswerMessages = {
  notFound: msg`That request does not exist.`,
  fileNotFound: msg`That file does not exist.`,
  sent: msg`Your message has been sent.`,
  noteSaved: msg`Your internal note has been saved. The client does not see it.`,
  uploaded: msg`The file has been uploaded. Send your message to share it.`,
  invalidFiles: msg`This attachment is not available any more: remove it and upload it again.`,
  fileTooLarge: msg`This file is larger than 10 MB. Send a smaller file.`,
  quotaExceeded: msg`Together, this request's files would pass 100 MB. Share the larger ones as a link instead.`,
  tooManyUnsentFiles: (count: number) =>
    msg`You have ${count} files waiting to be sent in this request. Send them with a message before you upload more.`,
  unsupportedType: (types: string) =>
    msg`This type of file cannot be shared here. Accepted: ${types}. The type is recognised from the file's content, not its name.`,
  rangeNotSatisfiable: msg`That part of the file does not exist.`,
  invalidQuery: msg`Some of the parameters are not valid.`,
}

/** The digest mail: messages the other side has not read yet, grouped over a few minutes. */
export const digestMailMessages = {
  clientSubjectOne: msg`New message about your request – Puente Digital`,
  clientSubjectMany: (count: number) =>
    msg`${count} new messages about your request – Puente Digital`,
  agencySubjectOne: (client: string) => msg`New message from ${client}`,
  agencySubjectMany: (count: number, client: string) => msg`${count} new messages from ${client}`,
  clientIntro: (service: string) => msg`The team wrote about your request for ${service}:`,
  agencyIntro: (client: string, service: string) =>
    msg`${client} wrote about their request for ${service}:`,
  attached: msg`Attached`,
  more: (count: number) => msg`…and ${count} more messages.`,
  openClient: msg`Open the conversation`,
  openAgency: msg`Open in the inbox`,
  clientFollow: msg`Reply on the website, not to this email: your answer then reaches the whole team, with its files.`,
  signature: msg`The Puente Digital team`,
}
