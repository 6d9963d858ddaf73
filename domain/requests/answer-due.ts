import { addDays, agencyDay } from './proposal-dates'

/**
 * When a client's message is overdue: unanswered past the end of the first business day after
 * the day it arrived, in the office's hours (domain/agency-hours.ts: Monday to Friday, closing
 * at 18:00 Mexico City time). A message on Monday is due by Tuesday 18:00, one on Friday or over
 * the weekend by Monday 18:00. Public holidays are not counted out.
 */
const closingTime = '18:00:00'
/** Mexico City's offset from UTC: it has kept standard time all year since 2022. */
const agencyOffset = '-06:00'

const isWeekday = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

export function answerDueBy(receivedAt: Date): Date {
  let day = addDays(agencyDay(receivedAt), 1)
  while (!isWeekday(day)) day = addDays(day, 1)
  return new Date(`${day}T${closingTime}${agencyOffset}`)
}

/** Whether a client's message received at `receivedAt` and still unanswered is overdue at `now`. */
export function isAnswerOverdue(receivedAt: Date, now: Date): boolean {
  return now.getTime() > answerDueBy(receivedAt).getTime()
}
